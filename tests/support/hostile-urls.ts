/**
 * Spellings of script and local-file URLs a browser (or a webview) would still treat as such: case, leading
 * spaces and control characters, tabs and newlines inside the scheme (the URL parser drops them), HTML
 * entities (live if a page wrote the value unescaped), and the other schemes that run script or read files.
 * Shared by the server suite and the browser test (issue 9, finding 1).
 */
export const hostileUrls = [
  'javascript:alert(document.domain)',
  'JavaScript:alert(document.domain)',
  'JAVASCRIPT:alert(document.domain)',
  ' javascript:alert(document.domain)',
  '  \tjavascript:alert(document.domain)',
  '\tjavascript:alert(document.domain)',
  'java\nscript:alert(document.domain)',
  'java\rscript:alert(document.domain)',
  'java\tscript:alert(document.domain)',
  'javascript\t:alert(document.domain)',
  '\u0001javascript:alert(document.domain)',
  '\u001fjavascript:alert(document.domain)',
  '\u2028javascript:alert(document.domain)',
  'javascript:/*https://cafe.example*/alert(document.domain)',
  'javascript://cafe.example/%0aalert(document.domain)',
  '&#106;avascript:alert(document.domain)',
  '&#x6A;avascript:alert(document.domain)',
  'jav&#x09;ascript:alert(document.domain)',
  'javascript&colon;alert(document.domain)',
  'data:text/html,<script>alert(document.domain)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  ' data:text/html,<script>alert(document.domain)</script>',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'file:///etc/passwd',
  'FILE:///etc/passwd',
  ' file:///etc/passwd',
  'blob:https://cafe.example/0b1c',
  'about:blank',
]

/** Not script, but not a WEB_LINK either: plain http elsewhere, scheme-relative, no scheme. */
export const notWebLinks = ['http://evil.example/cb', '//evil.example/cb', 'cafe.example/cb', '/relative/path', 'myshop://orders/1']
