import { useLingui } from '@lingui/react/macro'
import { menuTarget, type Footer as FooterData, type MenuLink } from '@/domain/site.ts'
import { LogoMark } from '@/web/ui/icons.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { KeptMarkup } from '@/web/ui/kept-markup.tsx'
import type { KeptMenus } from './kept-menus.ts'

function FooterLink({ link }: { link: MenuLink }) {
  const target = menuTarget(link)
  if (!target) return null
  return target.kind === 'external' ? (
    <a href={target.href} target="_blank" rel="noopener noreferrer">
      {link.title}
    </a>
  ) : (
    <InternalLink href={target.path}>{link.title}</InternalLink>
  )
}

/**
 * spec §2 Footer: columns of links, copyright, terms of use and privacy (external or internal slug). `data` undefined:
 * not here (yet); while `menus.kept`, the server's HTML of it is kept as it is (issue 19: its links navigate in the page).
 */
export function Footer({ data, menus }: { data: FooterData | null | undefined; menus: KeptMenus }) {
  return (
    <footer className="shell-footer">
      <KeptMarkup
        id={`${menus.id}-footer`}
        className="shell-footer__inner"
        live={data !== undefined}
        kept={menus.kept}
        load={menus.load}
        fallback={<FooterContent data={null} />}
      >
        <FooterContent data={data ?? null} />
      </KeptMarkup>
    </footer>
  )
}

function FooterContent({ data }: { data: FooterData | null }) {
  const { t } = useLingui()
  return (
    <>
      <div className="shell-footer__brand">
        <LogoMark size={28} />
        <span>PayLab Developers</span>
      </div>
      {data && (
        <nav className="shell-footer__columns" aria-label={t`Site`}>
          {data.columns.map((column) => (
            <div key={column.title} className="shell-footer__column">
              <h2 className="shell-footer__heading">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.title}>
                    <FooterLink link={link} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      )}
      {data && (
        <div className="shell-footer__legal">
          <small>{data.copyright}</small>
          <ul>
            <li>
              <FooterLink link={data.termsOfUse} />
            </li>
            <li>
              <FooterLink link={data.privacy} />
            </li>
          </ul>
        </div>
      )}
    </>
  )
}
