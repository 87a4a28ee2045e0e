import { type InterfaceLocale, interfaceLocales } from '@kibitz/kernel/format'
import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { DropdownMenu } from 'radix-ui'
import { localeNames } from '../i18n/catalogs.ts'
import { CheckIcon, GlobeIcon } from './Icons.tsx'

/** A link that switches the interface language and comes back to the same page. */
export const languageHref = (code: InterfaceLocale, back: string) =>
  `/lang/${code}?to=${encodeURIComponent(back)}`

export function LanguageMenu({ locale }: { locale: InterfaceLocale }) {
  const { t } = useLingui()
  const here = useRouterState({ select: (s) => s.location.href })
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-10 items-center gap-1 rounded-lg border border-line bg-surface px-3 text-sm font-medium hover:bg-canvas"
        title={localeNames[locale]}
      >
        <GlobeIcon />
        <span className="sr-only">{t`Language`}: </span>
        <span className="uppercase">{locale}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-lg border border-line bg-surface p-1 shadow-card"
        >
          <DropdownMenu.RadioGroup value={locale}>
            {interfaceLocales.map((code) => (
              <DropdownMenu.RadioItem key={code} value={code} asChild>
                <a
                  href={languageHref(code, here)}
                  lang={code}
                  className="flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50"
                >
                  {localeNames[code]}
                  <DropdownMenu.ItemIndicator>
                    <CheckIcon />
                  </DropdownMenu.ItemIndicator>
                </a>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
