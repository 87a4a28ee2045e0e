import type { InterfaceLocale } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { Dialog, DropdownMenu } from 'radix-ui'
import { useState } from 'react'
import {
  type AccountSwitch,
  activeAccount,
  canUseOrganiserScreens,
  organiserStatus,
  type SessionUser,
} from '../lib/session.ts'
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

/** Hidden forms the account menu's items submit (a menu item cannot hold a form of its own). */
function AccountForms({ account }: { account: AccountSwitch }) {
  const href = useRouterState({ select: (s) => s.location.href })
  // Spec section 4: logging out on a forbidden or not-found screen goes to login.
  const dead = useRouterState({
    select: (s) =>
      s.location.pathname === '/access-forbidden' || s.matches.some((m) => m.status === 'notFound'),
  })
  return (
    <>
      <form id="logout-form" method="post" action="/logout" hidden>
        <input type="hidden" name="to" value={href} />
        {dead ? <input type="hidden" name="after" value="login" /> : null}
      </form>
      <form id="switch-form" method="post" action="/account-switch" hidden>
        <input type="hidden" name="to" value={href} />
        <input type="hidden" name="account" value={account === 'organiser' ? 'player' : 'organiser'} />
      </form>
    </>
  )
}

/**
 * Submits one of the hidden account forms. The menu closes (and unmounts its items) as an item is chosen,
 * which would cancel a native submit from the item itself.
 */
const submitForm = (id: string) => {
  const form = document.getElementById(id)
  if (form instanceof HTMLFormElement) form.requestSubmit()
}

const itemClass =
  'flex w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-brand-50'

/** The account menu: log in and sign up for guests; profile, organiser items, switch and logout for users. */
function AccountMenu({ user, account }: { user: SessionUser | null; account: AccountSwitch }) {
  const { t } = useLingui()
  const href = useRouterState({ select: (s) => s.location.href })
  if (!user) {
    return (
      <div className="flex items-center gap-1">
        <Link
          to="/login"
          search={href.startsWith('/login') || href === '/' ? {} : { redirect: href }}
          className="rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <Trans>Log in</Trans>
        </Link>
        <Link
          to="/register-user"
          className="hidden rounded-md border border-line px-3 py-2 text-sm font-semibold hover:bg-brand-50 sm:inline-flex"
        >
          <Trans>Sign up</Trans>
        </Link>
      </div>
    )
  }
  const organiserScreens = canUseOrganiserScreens(user)
  return (
    <>
      <AccountForms account={account} />
      <noscript>
        <a href="/profile-settings" className="rounded-md px-3 py-2 text-sm font-semibold text-brand-800">
          {user.userName}
        </a>
      </noscript>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="[html:not(.js)_&]:hidden grid h-10 w-10 place-items-center overflow-hidden rounded-full border border-line bg-brand-50 font-bold text-brand-800 hover:bg-brand-100"
          aria-label={t`Account menu of ${user.userName}`}
        >
          {user.avatarThumb ? (
            <img
              src={user.avatarThumb}
              alt=""
              width={40}
              height={40}
              className="h-full w-full rounded-full object-cover"
            />
          ) : (
            user.userName.slice(0, 1).toUpperCase() || <UserIcon className="h-5 w-5" />
          )}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 w-64 rounded-lg border border-line bg-surface p-1 shadow-card"
          >
            <DropdownMenu.Label className="px-3 py-2">
              <span className="block text-sm font-semibold">{user.userName}</span>
              <span className="block text-xs text-muted">
                {account === 'organiser' ? <Trans>Organiser account</Trans> : <Trans>Player account</Trans>}
              </span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/profile-settings">
                <Trans>Profile settings</Trans>
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/profile/{-$id}" params={{ id: String(user.id) }}>
                <Trans>My public profile</Trans>
              </Link>
            </DropdownMenu.Item>
            {account === 'organiser' ? (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/user/events">
                  <Trans>My events</Trans>
                </Link>
              </DropdownMenu.Item>
            ) : null}
            {user.isOrganizer ? (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/profile-settings-organizer">
                  <Trans>Organiser settings</Trans>
                </Link>
              </DropdownMenu.Item>
            ) : user.organizerStatus === organiserStatus.pending ? (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/register-organizer/pending">
                  <Trans>Organiser application pending</Trans>
                </Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/register-organizer">
                  <Trans>Become an organiser</Trans>
                </Link>
              </DropdownMenu.Item>
            )}
            {organiserScreens ? (
              <DropdownMenu.Item asChild className={itemClass}>
                <button type="button" onClick={() => submitForm('switch-form')}>
                  {account === 'organiser' ? (
                    <Trans>Switch to the player account</Trans>
                  ) : (
                    <Trans>Switch to the organiser account</Trans>
                  )}
                </button>
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item asChild className={itemClass}>
              <button type="button" onClick={() => submitForm('logout-form')}>
                <Trans>Log out</Trans>
              </button>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  )
}

/** The account part of the phone drawer: what the header's account menu offers on wider screens. */
function MobileAccountLinks({
  user,
  account,
  onNavigate,
}: {
  user: SessionUser | null
  account: AccountSwitch
  onNavigate: () => void
}) {
  const linkClass = 'rounded-md px-3 py-2 text-sm font-semibold text-muted hover:bg-brand-50'
  if (!user) {
    return (
      <>
        <Link to="/login" onClick={onNavigate} className={linkClass}>
          <Trans>Log in</Trans>
        </Link>
        <Link to="/register-user" onClick={onNavigate} className={linkClass}>
          <Trans>Sign up</Trans>
        </Link>
      </>
    )
  }
  return (
    <>
      <span className="px-3 pt-2 text-xs font-semibold uppercase text-muted">{user.userName}</span>
      <Link to="/profile-settings" onClick={onNavigate} className={linkClass}>
        <Trans>Profile settings</Trans>
      </Link>
      {account === 'organiser' ? (
        <Link to="/user/events" onClick={onNavigate} className={linkClass}>
          <Trans>My events</Trans>
        </Link>
      ) : null}
      {canUseOrganiserScreens(user) ? (
        <Link to="/event/create" onClick={onNavigate} className={linkClass}>
          <Trans>Create an event</Trans>
        </Link>
      ) : null}
      {canUseOrganiserScreens(user) ? (
        <button type="button" onClick={() => submitForm('switch-form')} className={`${linkClass} text-left`}>
          {account === 'organiser' ? (
            <Trans>Switch to the player account</Trans>
          ) : (
            <Trans>Switch to the organiser account</Trans>
          )}
        </button>
      ) : null}
      <button type="button" onClick={() => submitForm('logout-form')} className={`${linkClass} text-left`}>
        <Trans>Log out</Trans>
      </button>
    </>
  )
}

function MobileMenu({ user, account }: { user: SessionUser | null; account: AccountSwitch }) {
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
          <nav className="flex flex-col border-t border-line pt-2" aria-label={t`Account`}>
            <MobileAccountLinks user={user} account={account} onNavigate={close} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export function Header({
  locale,
  user,
  account,
}: {
  locale: InterfaceLocale
  user: SessionUser | null
  account: AccountSwitch | null
}) {
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
          {user && canUseOrganiserScreens(user) ? (
            // Spec section 2: the create-event button for signed-in organisers and super users.
            <Link
              to="/event/create"
              className="hidden h-10 items-center rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100 lg:inline-flex"
            >
              <Trans>Create an event</Trans>
            </Link>
          ) : null}
          <LanguageMenu locale={locale} />
          <AccountMenu user={user} account={activeAccount(user, account)} />
          <MobileMenu user={user} account={activeAccount(user, account)} />
        </div>
      </div>
    </header>
  )
}
