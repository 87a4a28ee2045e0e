import { type InterfaceLocale, interfaceLocales } from '@kibitz/kernel/format'
import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { localeNames } from '../i18n/catalogs.ts'
import { CheckIcon, GlobeIcon } from './Icons.tsx'
import { Menu, menuItemClass } from './Menu.tsx'

/** A link that switches the interface language and comes back to the same page. */
export const languageHref = (code: InterfaceLocale, back: string) =>
  `/lang/${code}?to=${encodeURIComponent(back)}`

export function LanguageMenu({ locale }: { locale: InterfaceLocale }) {
  const { t } = useLingui()
  const here = useRouterState({ select: (s) => s.location.href })
  return (
    <Menu
      label={`${t`Language`}: ${locale.toUpperCase()}`}
      title={localeNames[locale]}
      buttonClass="inline-flex h-10 items-center gap-1 rounded-lg border border-line bg-surface px-3 text-sm font-medium hover:bg-canvas"
      panelClass="min-w-44 rounded-lg border border-line bg-surface p-1 shadow-card"
      button={
        <>
          <GlobeIcon />
          <span className="uppercase">{locale}</span>
        </>
      }
    >
      <ul aria-label={t`Language`}>
        {interfaceLocales.map((code) => (
          <li key={code}>
            {/* A full page load: the language changes the whole page, from the server. */}
            <a
              href={languageHref(code, here)}
              lang={code}
              aria-current={code === locale ? 'true' : undefined}
              className={`${menuItemClass} items-center justify-between`}
            >
              {localeNames[code]}
              {code === locale ? <CheckIcon /> : null}
            </a>
          </li>
        ))}
      </ul>
    </Menu>
  )
}
