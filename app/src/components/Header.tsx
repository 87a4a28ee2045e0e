import type { InterfaceLocale } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import {
  type AccountSwitch,
  activeAccount,
  canUseOrganiserScreens,
  organiserStatus,
  type SessionUser,
} from '../lib/session.ts'
import { MenuIcon, UserIcon } from './Icons.tsx'
import { LanguageMenu } from './LanguageMenu.tsx'
import { Menu, menuItemClass } from './Menu.tsx'
import { Logo } from './Suits.tsx'

function NavLinks() {
  const linkClass =
    'rounded-md px-3 py-2 text-sm font-semibold text-muted hover:bg-brand-50 hover:text-brand-800 [&.active]:text-brand-800'
  return (
    <>
      <Link to="/" className={linkClass} activeOptions={{ exact: true }}>
        <Trans>Events</Trans>
      </Link>
      <Link to="/search-filter" className={linkClass}>
        <Trans>Search</Trans>
      </Link>
      <Link to="/hotels" className={linkClass}>
        <Trans>Hotels</Trans>
      </Link>
    </>
  )
}

/** Where the account forms come back to, and whether that page is a dead end after logging out. */
function useReturnTo() {
  const href = useRouterState({ select: (s) => s.location.href })
  // Spec section 4: logging out on a forbidden or not-found screen goes to login.
  const dead = useRouterState({
    select: (s) =>
      s.location.pathname === '/access-forbidden' || s.matches.some((m) => m.status === 'notFound'),
  })
  return { href, dead }
}

/** Log out: a plain form, so it works on every page with or without scripts. */
function LogoutForm({ className }: { className: string }) {
  const { href, dead } = useReturnTo()
  return (
    <form method="post" action="/logout">
      <input type="hidden" name="to" value={href} />
      {dead ? <input type="hidden" name="after" value="login" /> : null}
      <button type="submit" className={className}>
        <Trans>Log out</Trans>
      </button>
    </form>
  )
}

/** Switch between the player and the organiser account: a plain form. */
function SwitchForm({ account, className }: { account: AccountSwitch; className: string }) {
  const { href } = useReturnTo()
  return (
    <form method="post" action="/account-switch">
      <input type="hidden" name="to" value={href} />
      <input type="hidden" name="account" value={account === 'organiser' ? 'player' : 'organiser'} />
      <button type="submit" className={className}>
        {account === 'organiser' ? (
          <Trans>Switch to the player account</Trans>
        ) : (
          <Trans>Switch to the organiser account</Trans>
        )}
      </button>
    </form>
  )
}

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
          className="rounded-md px-2 py-2 text-sm font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50 sm:px-3"
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
    <Menu
      label={t`Account menu of ${user.userName}`}
      buttonClass="grid h-10 w-10 place-items-center overflow-hidden rounded-full border border-line bg-brand-50 font-bold text-brand-800 hover:bg-brand-100"
      panelClass="w-64 rounded-lg border border-line bg-surface p-1 shadow-card"
      button={
        user.avatarThumb ? (
          <img
            src={user.avatarThumb}
            alt=""
            width={40}
            height={40}
            className="h-full w-full rounded-full object-cover"
          />
        ) : (
          user.userName.slice(0, 1).toUpperCase() || <UserIcon className="h-5 w-5" />
        )
      }
    >
      <p className="px-3 py-2">
        <span className="block text-sm font-semibold">{user.userName}</span>
        <span className="block text-xs text-muted">
          {account === 'organiser' ? <Trans>Organiser account</Trans> : <Trans>Player account</Trans>}
        </span>
      </p>
      <hr className="my-1 border-line" />
      <ul>
        <li>
          <Link to="/profile-settings" className={menuItemClass}>
            <Trans>Profile settings</Trans>
          </Link>
        </li>
        <li>
          <Link to="/profile/{-$id}" params={{ id: String(user.id) }} className={menuItemClass}>
            <Trans>My public profile</Trans>
          </Link>
        </li>
        {account === 'organiser' ? (
          <li>
            <Link to="/user/events" className={menuItemClass}>
              <Trans>My events</Trans>
            </Link>
          </li>
        ) : null}
        {account === 'organiser' && user.isOrganizer ? (
          <li>
            <Link to="/file-management-system" className={menuItemClass}>
              <Trans>File management</Trans>
            </Link>
          </li>
        ) : null}
        <li>
          {user.isOrganizer ? (
            <Link to="/profile-settings-organizer" className={menuItemClass}>
              <Trans>Organiser settings</Trans>
            </Link>
          ) : user.organizerStatus === organiserStatus.pending ? (
            <Link to="/register-organizer/pending" className={menuItemClass}>
              <Trans>Organiser application pending</Trans>
            </Link>
          ) : (
            <Link to="/register-organizer" className={menuItemClass}>
              <Trans>Become an organiser</Trans>
            </Link>
          )}
        </li>
        {organiserScreens ? (
          <li>
            <SwitchForm account={account} className={menuItemClass} />
          </li>
        ) : null}
      </ul>
      <hr className="my-1 border-line" />
      <LogoutForm className={menuItemClass} />
    </Menu>
  )
}

/** The account part of the phone drawer: what the header's account menu offers on wider screens. */
function MobileAccountLinks({ user, account }: { user: SessionUser | null; account: AccountSwitch }) {
  const linkClass = 'rounded-md px-3 py-2 text-sm font-semibold text-muted hover:bg-brand-50'
  if (!user) {
    return (
      <>
        <Link to="/login" className={linkClass}>
          <Trans>Log in</Trans>
        </Link>
        <Link to="/register-user" className={linkClass}>
          <Trans>Sign up</Trans>
        </Link>
      </>
    )
  }
  return (
    <>
      <span className="px-3 pt-2 text-xs font-semibold uppercase text-muted">{user.userName}</span>
      <Link to="/profile-settings" className={linkClass}>
        <Trans>Profile settings</Trans>
      </Link>
      {account === 'organiser' ? (
        <Link to="/user/events" className={linkClass}>
          <Trans>My events</Trans>
        </Link>
      ) : null}
      {account === 'organiser' && user.isOrganizer ? (
        <Link to="/file-management-system" className={linkClass}>
          <Trans>File management</Trans>
        </Link>
      ) : null}
      {canUseOrganiserScreens(user) ? (
        <Link to="/event/create" className={linkClass}>
          <Trans>Create an event</Trans>
        </Link>
      ) : null}
      {canUseOrganiserScreens(user) ? (
        <SwitchForm account={account} className={`${linkClass} w-full text-left`} />
      ) : null}
      <LogoutForm className={`${linkClass} w-full text-left`} />
    </>
  )
}

/** The phone menu: a disclosure that drops a panel of the site's links below the header. */
function MobileMenu({ user, account }: { user: SessionUser | null; account: AccountSwitch }) {
  const { t } = useLingui()
  return (
    <div className="md:hidden">
      <Menu
        label={t`Open menu`}
        buttonClass="grid h-10 w-10 place-items-center rounded-lg border border-line bg-surface"
        panelClass="flex w-72 flex-col gap-2 rounded-card border border-line bg-surface p-4 shadow-card"
        button={<MenuIcon className="h-5 w-5" />}
      >
        <nav className="flex flex-col" aria-label={t`Mobile`}>
          <NavLinks />
          <Link
            to="/live-score/{-$date}"
            params={{}}
            className="rounded-md px-3 py-2 text-sm font-semibold text-muted hover:bg-brand-50"
          >
            <Trans>Live scores</Trans>
          </Link>
        </nav>
        <nav className="flex flex-col border-t border-line pt-2" aria-label={t`Account`}>
          <MobileAccountLinks user={user} account={account} />
        </nav>
      </Menu>
    </div>
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
      {/* On a phone the logo's name gives way (truncated) before anything on the right could overflow. */}
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Link to="/" aria-label={t`Kibitz home`} className="min-w-0">
          <Logo />
        </Link>
        <nav className="ml-4 hidden items-center gap-1 md:flex" aria-label={t`Main`}>
          <NavLinks />
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <Link
            to="/live-score/{-$date}"
            params={{}}
            className="inline-flex h-10 items-center gap-2 rounded-lg bg-accent-600 px-3 text-sm font-semibold text-white hover:bg-accent-500"
          >
            <span className="h-2 w-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
            {/* On a phone the button keeps its dot, and between the 768 px step (where the main links appear) and
                1024 px too, so long names (French, Lithuanian) fit; its name stays for screen readers. */}
            <span className="sr-only sm:not-sr-only md:sr-only lg:not-sr-only">
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
