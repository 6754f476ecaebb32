import type { MessageDescriptor } from '@lingui/core'

/**
 * The validator's rules: severity, message and fix of every finding, as explicit-id descriptors in their own
 * catalog (`locales/{ja,en}/miniapp.po`, lingui.config.ts). `{placeholders}` are filled by the validator.
 * docs/miniapp.md lists the rules and PayLab's readings of spec §3/§5/§9.
 */
export type Severity = 'error' | 'warning'

interface Rule {
  severity: Severity
  message: MessageDescriptor
  fix: MessageDescriptor
}
const rule = (severity: Severity, message: MessageDescriptor, fix: MessageDescriptor): Rule => ({ severity, message, fix })

export const miniAppRules = {
  'app.missing': rule(
    'error',
    /*i18n*/ { id: 'miniapp.app.missing', message: 'The app has no app.json at its root.' },
    /*i18n*/ { id: 'miniapp.app.missing.fix', message: 'Add app.json at the root of the folder, beside the pages folder.' },
  ),
  'json.malformed': rule(
    'error',
    /*i18n*/ { id: 'miniapp.json.malformed', message: '{file} is not valid JSON: unexpected {found} at line {line}, column {column}.' },
    /*i18n*/ {
      id: 'miniapp.json.malformed.fix',
      message: 'Correct the JSON at that position: a missing comma or quote, a trailing comma or a comment (JSON allows none).',
    },
  ),
  'json.object': rule(
    'error',
    /*i18n*/ { id: 'miniapp.json.object', message: '{file} must hold one JSON object.' },
    /*i18n*/ { id: 'miniapp.json.object.fix', message: 'Write the settings as one JSON object between braces, holding appName, pages and the other keys.' },
  ),
  'app.required': rule(
    'error',
    /*i18n*/ { id: 'miniapp.app.required', message: '{key} is required and must be a non-empty string.' },
    /*i18n*/ { id: 'miniapp.app.required.fix', message: 'Add "{key}": "…" to app.json.' },
  ),
  type: rule(
    'error',
    /*i18n*/ { id: 'miniapp.type', message: '{key} has the wrong type: expected {expected}.' },
    /*i18n*/ { id: 'miniapp.type.fix', message: 'Write {key} as {expected}.' },
  ),
  'key.unknown': rule(
    'warning',
    /*i18n*/ { id: 'miniapp.key.unknown', message: 'Unknown key {key}: the wallet ignores it.' },
    /*i18n*/ { id: 'miniapp.key.unknown.fix', message: 'Remove it or correct its spelling. Known keys here: {known}.' },
  ),
  'version.format': rule(
    'warning',
    /*i18n*/ { id: 'miniapp.version.format', message: '{key} "{value}" is not a version number.' },
    /*i18n*/ { id: 'miniapp.version.format.fix', message: 'Write dotted numbers, such as "1.0.0".' },
  ),
  'baseLibrary.range': rule(
    'warning',
    /*i18n*/ {
      id: 'miniapp.baseLibrary.range',
      message: 'baseLibraryVersion {value} is outside the wallet versions that run mini apps ({min} to {max}).',
    },
    /*i18n*/ { id: 'miniapp.baseLibrary.range.fix', message: 'Set the lowest wallet version your app needs, between {min} and {max}.' },
  ),
  'feature.version': rule(
    'warning',
    /*i18n*/ {
      id: 'miniapp.feature.version',
      message: '{file} calls pp.{name}, which needs wallet {minimum} or later, but baseLibraryVersion is {base}.',
    },
    /*i18n*/ {
      id: 'miniapp.feature.version.fix',
      message: 'Raise baseLibraryVersion to {minimum}, or read the version with pp.getPlatformInformation before calling pp.{name}.',
    },
  ),
  'pages.missing': rule(
    'error',
    /*i18n*/ { id: 'miniapp.pages.missing', message: 'pages is missing: the app has no page.' },
    /*i18n*/ { id: 'miniapp.pages.missing.fix', message: 'Add "pages": ["pages/home"]. The first page is the entry page.' },
  ),
  'pages.empty': rule(
    'error',
    /*i18n*/ { id: 'miniapp.pages.empty', message: 'pages is empty: the app needs at least one page, and the first one is the entry page.' },
    /*i18n*/ { id: 'miniapp.pages.empty.fix', message: 'List the page folders, entry page first: "pages": ["pages/home", …].' },
  ),
  'pages.path': rule(
    'error',
    /*i18n*/ {
      id: 'miniapp.pages.path',
      message: '"{value}" is not a page folder: a page is a folder relative to the app root, without a file name, leading slash or "..".',
    },
    /*i18n*/ { id: 'miniapp.pages.path.fix', message: 'Write the folder of the page relative to the app root, such as "pages/home".' },
  ),
  'pages.duplicate': rule(
    'warning',
    /*i18n*/ { id: 'miniapp.pages.duplicate', message: '"{value}" is listed more than once.' },
    /*i18n*/ { id: 'miniapp.pages.duplicate.fix', message: 'Keep one entry for each page.' },
  ),
  'page.html': rule(
    'error',
    /*i18n*/ { id: 'miniapp.page.html', message: 'Page {page} has no {file}.' },
    /*i18n*/ {
      id: 'miniapp.page.html.fix',
      message: 'Add {file}: a page folder holds an html file named after the folder; its js, css and json are optional.',
    },
  ),
  'page.unlisted': rule(
    'warning',
    /*i18n*/ { id: 'miniapp.page.unlisted', message: 'Folder {page} holds a page but is not listed in pages: the wallet never shows it.' },
    /*i18n*/ { id: 'miniapp.page.unlisted.fix', message: 'Add "{page}" to pages, or remove the folder.' },
  ),
  'page.init': rule(
    'warning',
    /*i18n*/ {
      id: 'miniapp.page.init',
      message: 'The entry page {page} never calls pp.init: every other bridge call fails until pp.init has succeeded.',
    },
    /*i18n*/ { id: 'miniapp.page.init.fix', message: 'Call pp.init first, in {file}, and make the other calls after its success callback.' },
  ),
  enum: rule(
    'error',
    /*i18n*/ { id: 'miniapp.enum', message: '{key} is "{value}": the allowed values are {allowed}.' },
    /*i18n*/ { id: 'miniapp.enum.fix', message: 'Use one of {allowed}.' },
  ),
  colour: rule(
    'error',
    /*i18n*/ { id: 'miniapp.colour', message: '{key} "{value}" is not a colour.' },
    /*i18n*/ { id: 'miniapp.colour.fix', message: 'Write a hexadecimal colour: #RGB, #RRGGBB or #RRGGBBAA, such as #FF6633.' },
  ),
  'tabBar.count': rule(
    'error',
    /*i18n*/ { id: 'miniapp.tabBar.count', message: 'The tab bar has {count, plural, one {# tab} other {# tabs}}: it needs 2 to 5.' },
    /*i18n*/ { id: 'miniapp.tabBar.count.fix', message: 'List 2 to 5 tabs, or remove tabBar for an app without tabs.' },
  ),
  'tabBar.pagePath': rule(
    'error',
    /*i18n*/ { id: 'miniapp.tabBar.pagePath', message: 'The tab opens "{value}", which is not listed in pages.' },
    /*i18n*/ { id: 'miniapp.tabBar.pagePath.fix', message: 'Use a page listed in pages, or add "{value}" to pages.' },
  ),
  'tabBar.duplicate': rule(
    'warning',
    /*i18n*/ { id: 'miniapp.tabBar.duplicate', message: 'Two tabs open "{value}".' },
    /*i18n*/ { id: 'miniapp.tabBar.duplicate.fix', message: 'Give each tab a page of its own.' },
  ),
  'tabBar.iconAbsent': rule(
    'warning',
    /*i18n*/ { id: 'miniapp.tabBar.iconAbsent', message: 'The tab "{text}" has no {key}: the wallet shows an empty space above its text.' },
    /*i18n*/ { id: 'miniapp.tabBar.iconAbsent.fix', message: 'Add {key} with the path of a 24×24 px PNG icon.' },
  ),
  'tabBar.homeIcon': rule(
    'error',
    /*i18n*/ {
      id: 'miniapp.tabBar.homeIcon',
      message: 'The tab "{text}" uses a home icon ({file}): the home icon may not be used in the bottom navigation.',
    },
    /*i18n*/ {
      id: 'miniapp.tabBar.homeIcon.fix',
      message: 'Draw another symbol for this tab (a shop, a list, a star…) and name the file after it; the wallet has its own way home.',
    },
  ),
  'tabBar.iconSize': rule(
    'error',
    /*i18n*/ { id: 'miniapp.tabBar.iconSize', message: 'The tab icon {file} is {width}×{height} px: tab bar icons are 24×24 px.' },
    /*i18n*/ { id: 'miniapp.tabBar.iconSize.fix', message: 'Export the icon at 24×24 px.' },
  ),
  'file.missing': rule(
    'error',
    /*i18n*/ { id: 'miniapp.file.missing', message: '{key} names {file}, which is not in the app.' },
    /*i18n*/ {
      id: 'miniapp.file.missing.fix',
      message: 'Add the file, or correct the path: paths are relative to the app root and case-sensitive.',
    },
  ),
  'image.format': rule(
    'error',
    /*i18n*/ { id: 'miniapp.image.format', message: '{file} is not a PNG or JPEG image.' },
    /*i18n*/ { id: 'miniapp.image.format.fix', message: 'Save the image as PNG or JPEG.' },
  ),
  'previews.count': rule(
    'error',
    /*i18n*/ { id: 'miniapp.previews.count', message: 'previewImages lists {count} images: at most 5 are allowed.' },
    /*i18n*/ { id: 'miniapp.previews.count.fix', message: 'Keep the 5 images that show your app best.' },
  ),
  'previews.size': rule(
    'error',
    /*i18n*/ { id: 'miniapp.previews.size', message: 'The preview image {file} is {width}×{height} px: preview images are 690×690 px.' },
    /*i18n*/ { id: 'miniapp.previews.size.fix', message: 'Export the preview at 690×690 px (the store rounds its corners by 8 px).' },
  ),
  'header.size': rule(
    'error',
    /*i18n*/ { id: 'miniapp.header.size', message: 'The header image {file} is {width}×{height} px: the header image is 1125×465 px.' },
    /*i18n*/ { id: 'miniapp.header.size.fix', message: 'Export the header image at 1125×465 px.' },
  ),
  'icon.absent': rule(
    'warning',
    /*i18n*/ { id: 'miniapp.icon.absent', message: 'app.json names no app icon (icon): the listing needs a 300×300 px PNG.' },
    /*i18n*/ { id: 'miniapp.icon.absent.fix', message: 'Add "icon": "images/icon.png" with a 300×300 px PNG without transparency.' },
  ),
  'icon.format': rule(
    'error',
    /*i18n*/ { id: 'miniapp.icon.format', message: 'The app icon {file} is not a PNG.' },
    /*i18n*/ { id: 'miniapp.icon.format.fix', message: 'Export the icon as PNG: 300×300 px, no transparency.' },
  ),
  'icon.size': rule(
    'error',
    /*i18n*/ { id: 'miniapp.icon.size', message: 'The app icon {file} is {width}×{height} px: the app icon is 300×300 px.' },
    /*i18n*/ { id: 'miniapp.icon.size.fix', message: 'Export the icon at 300×300 px: a single symbol or a wordmark.' },
  ),
  'icon.transparent': rule(
    'error',
    /*i18n*/ { id: 'miniapp.icon.transparent', message: 'The app icon {file} has transparent pixels: the icon must be opaque.' },
    /*i18n*/ { id: 'miniapp.icon.transparent.fix', message: 'Fill the background with a solid colour and export without transparency.' },
  ),
  'icon.alphaChannel': rule(
    'warning',
    /*i18n*/ {
      id: 'miniapp.icon.alphaChannel',
      message: 'The app icon {file} carries an alpha channel or a transparency chunk, although every pixel is opaque.',
    },
    /*i18n*/ { id: 'miniapp.icon.alphaChannel.fix', message: 'Export the icon as RGB without alpha, so no review tool reads it as transparent.' },
  ),
  'image.unreadable': rule(
    'error',
    /*i18n*/ { id: 'miniapp.image.unreadable', message: 'The pixels of {file} cannot be read: the PNG data is damaged.' },
    /*i18n*/ { id: 'miniapp.image.unreadable.fix', message: 'Export the image again.' },
  ),
  'whiteList.scheme': rule(
    'error',
    /*i18n*/ { id: 'miniapp.whiteList.scheme', message: '"{value}" is not an HTTPS address: whitelist entries are https://host.' },
    /*i18n*/ { id: 'miniapp.whiteList.scheme.fix', message: 'Serve the API over HTTPS and write the entry as "https://api.example.com".' },
  ),
  'whiteList.ip': rule(
    'error',
    /*i18n*/ { id: 'miniapp.whiteList.ip', message: '"{value}" is an IP address: only host names can be whitelisted.' },
    /*i18n*/ { id: 'miniapp.whiteList.ip.fix', message: 'Give the server a DNS name and whitelist that name: https://api.example.com.' },
  ),
  'whiteList.path': rule(
    'error',
    /*i18n*/ { id: 'miniapp.whiteList.path', message: '"{value}" has a path, query or fragment: the whitelist holds hosts only.' },
    /*i18n*/ { id: 'miniapp.whiteList.path.fix', message: 'Keep only the scheme and host: "https://{host}".' },
  ),
  'whiteList.port': rule(
    'error',
    /*i18n*/ { id: 'miniapp.whiteList.port', message: '"{value}" has a port: the wallet calls the standard HTTPS port 443 only.' },
    /*i18n*/ { id: 'miniapp.whiteList.port.fix', message: 'Serve the API on port 443 and write "https://{host}".' },
  ),
  'whiteList.host': rule(
    'error',
    /*i18n*/ { id: 'miniapp.whiteList.host', message: '"{value}" is not a public host name.' },
    /*i18n*/ {
      id: 'miniapp.whiteList.host.fix',
      message: 'Write one fully qualified host name, without wildcards or user names, such as "https://api.example.com".',
    },
  ),
  'whiteList.duplicate': rule(
    'warning',
    /*i18n*/ { id: 'miniapp.whiteList.duplicate', message: 'The host {host} is listed more than once.' },
    /*i18n*/ { id: 'miniapp.whiteList.duplicate.fix', message: 'Keep one entry for each host.' },
  ),
  'permissions.unknown': rule(
    'error',
    /*i18n*/ { id: 'miniapp.permissions.unknown', message: '"{value}" is not a mini-app permission.' },
    /*i18n*/ { id: 'miniapp.permissions.unknown.fix', message: 'Use the permissions of the list: {allowed}.' },
  ),
  'permissions.duplicate': rule(
    'warning',
    /*i18n*/ { id: 'miniapp.permissions.duplicate', message: 'The permission {value} is listed more than once.' },
    /*i18n*/ { id: 'miniapp.permissions.duplicate.fix', message: 'Keep one entry for each permission.' },
  ),
} as const satisfies Record<string, Rule>

export type MiniAppRuleId = keyof typeof miniAppRules

/** The texts of `npm run miniapp:validate` around the findings (scripts/miniapp-validate.ts). */
export const miniAppCliTexts = {
  error: /*i18n*/ { id: 'miniapp.cli.error', message: 'error' },
  warning: /*i18n*/ { id: 'miniapp.cli.warning', message: 'warning' },
  fix: /*i18n*/ { id: 'miniapp.cli.fix', message: 'fix' },
  summary: /*i18n*/ {
    id: 'miniapp.cli.summary',
    message: '{errors, plural, one {# error} other {# errors}}, {warnings, plural, one {# warning} other {# warnings}}',
  },
  clean: /*i18n*/ { id: 'miniapp.cli.clean', message: 'No problems found in {folder}.' },
  usage: /*i18n*/ { id: 'miniapp.cli.usage', message: 'Usage: npm run miniapp:validate -- <folder> [--json] [--lang ja|en]' },
  notFolder: /*i18n*/ { id: 'miniapp.cli.notFolder', message: '{folder} is not a folder.' },
} as const satisfies Record<string, MessageDescriptor>
