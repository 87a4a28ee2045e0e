import type { InterfaceLocale } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Dialog, DropdownMenu } from 'radix-ui'
import { useState } from 'react'
import { CloseIcon, MenuIcon, UserIcon } from './Icons.tsx'
import { LanguageMenu } from './LanguageMenu.tsx'
import { Logo } from './Suits.tsx'

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const linkClass =
    'rounded-md px-3 py-2 text-sm font-semibold text-muted hover:bg-brand-50 hover:text-brand-800 [&.active]:text-brand-800'
  return (
    <>
      <Link to="/" className={linkClass} activeOptions={{ exact: true }} onClick={onNavigate}>
        <Trans>Events</Trans>
      </Link>
      <Link to="/search-filter" className={linkClass} onClick={onNavigate}>
        <Trans>Search</Trans>
      </Link>
      <Link to="/hotels" className={linkClass} onClick={onNavigate}>
        <Trans>Hotels</Trans>
      </Link>
    </>
  )
}

/** The account menu; sign-in arrives with the accounts work, so it says so instead of pretending. */
function AccountMenu() {
  const { t } = useLingui()
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="grid h-10 w-10 place-items-center rounded-full border border-line bg-surface hover:bg-canvas"
        aria-label={t`Account`}
      >
        <UserIcon className="h-5 w-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 rounded-lg border border-line bg-surface p-1 shadow-card"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">
            <Trans>Guest</Trans>
          </DropdownMenu.Label>
          <DropdownMenu.Item disabled className="px-3 py-2 text-sm text-muted">
            <Trans>Signing in is not available yet. You can browse every event as a guest.</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

function MobileMenu() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="grid h-10 w-10 place-items-center rounded-lg border border-line bg-surface md:hidden"
        aria-label={t`Open menu`}
      >
        <MenuIcon className="h-5 w-5" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-72 flex-col gap-2 bg-surface p-4 shadow-card duration-150">
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">
              <Trans>Menu</Trans>
            </Dialog.Title>
            <Dialog.Close className="grid h-10 w-10 place-items-center rounded-lg" aria-label={t`Close menu`}>
              <CloseIcon className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            <Trans>Site navigation</Trans>
          </Dialog.Description>
          <nav className="flex flex-col" aria-label={t`Mobile`}>
            <NavLinks onNavigate={close} />
            <Link
              to="/live-score/{-$date}"
              params={{}}
              onClick={close}
              className="rounded-md px-3 py-2 text-sm font-semibold text-muted hover:bg-brand-50"
            >
              <Trans>Live scores</Trans>
            </Link>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export function Header({ locale }: { locale: InterfaceLocale }) {
  const { t } = useLingui()
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-surface focus:p-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to="/" aria-label={t`Kibitz home`} className="shrink-0">
          <Logo />
        </Link>
        <nav className="ml-4 hidden items-center gap-1 md:flex" aria-label={t`Main`}>
          <NavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link
            to="/live-score/{-$date}"
            params={{}}
            className="inline-flex h-10 items-center gap-2 rounded-lg bg-accent-600 px-3 text-sm font-semibold text-white hover:bg-accent-500"
          >
            <span className="h-2 w-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
            {/* On a phone the button keeps its dot; its name stays for screen readers. */}
            <span className="sr-only sm:not-sr-only">
              <Trans>Live scores</Trans>
            </span>
          </Link>
          <LanguageMenu locale={locale} />
          <AccountMenu />
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}
