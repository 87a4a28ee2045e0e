import { type InterfaceLocale, interfaceLocales } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { localeNames } from '../i18n/catalogs.ts'
import { siteContact, siteSocial } from '../lib/site.ts'
import { languageHref } from './LanguageMenu.tsx'
import { SuitRow } from './Suits.tsx'

export function Footer({ version, locale }: { version: string; locale: InterfaceLocale }) {
  const { t } = useLingui()
  const here = useRouterState({ select: (s) => s.location.href })
  // At least 24 px high (WCAG 2.5.8): the footer's links sit close together.
  const link = 'inline-flex min-h-6 items-center text-sm text-muted hover:text-brand-800 hover:underline'
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <SuitRow className="text-xl" />
          <p className="mt-2 text-sm text-muted">
            <Trans>Bridge tournaments and festivals, from club nights to world championships.</Trans>
          </p>
          <address className="mt-3 flex flex-col items-start gap-1 text-sm not-italic text-muted">
            <a className={link} href={`mailto:${siteContact.email}`}>
              {siteContact.email}
            </a>
            <a className={link} href={`tel:${siteContact.phone.replace(/\s/g, '')}`}>
              {siteContact.phone}
            </a>
          </address>
        </div>
        <nav aria-label={t`Footer`} className="flex flex-col gap-2">
          <Link to="/terms-and-conditions" className={link}>
            <Trans>Terms and conditions</Trans>
          </Link>
          <Link to="/privacy-policy" className={link}>
            <Trans>Privacy policy</Trans>
          </Link>
          <Link to="/widget/instructions" className={link}>
            <Trans>Events widget for your site</Trans>
          </Link>
          <Link to="/terms-and-conditions" hash="contact-us" className={link}>
            <Trans>Contact us</Trans>
          </Link>
          <Link to="/powered-by-bridgescanner" className={link}>
            <Trans>Powered by Kibitz</Trans>
          </Link>
        </nav>
        <div>
          <h2 className="text-sm font-semibold">
            <Trans>Follow us</Trans>
          </h2>
          <ul className="mt-2 flex flex-wrap gap-3">
            {siteSocial.map((s) => (
              <li key={s.type}>
                <a className={link} href={s.url} rel="noopener noreferrer" target="_blank">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
          <h2 className="mt-4 text-sm font-semibold">
            <Trans>Language</Trans>
          </h2>
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
            {interfaceLocales.map((code) => (
              <li key={code}>
                <a
                  href={languageHref(code, here)}
                  lang={code}
                  aria-current={code === locale ? 'true' : undefined}
                  className={`${link} ${code === locale ? 'font-bold text-ink' : ''}`}
                >
                  {localeNames[code]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-line py-4 text-center text-xs text-muted">
        <Trans>© Kibitz · version {version}</Trans>
      </div>
    </footer>
  )
}
