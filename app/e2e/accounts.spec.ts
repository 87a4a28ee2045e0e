// Accounts as people use them: sign-up, the e-mailed activation link, login, the organiser application
// accepted through the link the super user receives, the account switch, logout, Google through the
// browser, the role × route matrix of spec section 6, cross-site refusals and the brute-force limit.
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { Schema } from 'effect'
import sharp from 'sharp'
import { waitForHydration } from './support.ts'

const Mailbox = Schema.Array(
  Schema.Struct({
    to: Schema.Array(Schema.String),
    subject: Schema.String,
    text: Schema.String,
    links: Schema.Array(Schema.String),
  }),
)
/** Every e-mail the loopback SMTP server received so far (scripts/e2e.ts serves them). */
const readMailbox = async () => Schema.decodeUnknownSync(Mailbox)(await (await fetch(mailboxUrl)).json())

const mailboxUrl = process.env.E2E_MAILBOX_URL ?? ''
const password = 'Bridge!2026'
const adminEmail = 'admin@kibitz.local'
const adminPassword = 'kibitz-demo'

let counter = 0
/** An address no other test (or earlier run on this database) uses. */
const uniqueEmail = (name: string) =>
  `${name}.${Date.now().toString(36)}${(counter++).toString(36)}@example.test`

/**
 * Waits for an e-mail to `to` (mentioning `mentioning`, when given) with a link matching `link`; returns the
 * first such link.
 */
const linkFromMail = async (to: string, link: RegExp, mentioning?: string): Promise<string> => {
  let found: string | undefined
  let seen = ''
  await expect
    .poll(
      async () => {
        const mails = await readMailbox()
        seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ')
        const matching = mails
          .filter((m) => m.to.includes(to) && (mentioning === undefined || m.text.includes(mentioning)))
          .flatMap((m) => m.links.filter((l) => link.test(l)))
        found = matching[0]
        return found ?? null
      },
      {
        timeout: 20_000,
        message: `an e-mail to ${to} with a link like ${link} (the mailbox holds: ${seen})`,
      },
    )
    .not.toBeNull()
  return found ?? ''
}

/** A browser context acting as one visitor (its own address, so per-address limits stay per visitor). */
const visitor = (browser: Browser): Promise<BrowserContext> => {
  // Unique across the parallel workers (each counts from zero), so no two visitors share an address.
  const n = counter++
  const address = `10.${test.info().workerIndex % 256}.${(n >> 8) % 256}.${(n % 255) + 1}`
  return browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })
}

const signUp = async (page: Page, email: string) => {
  await page.goto('/register-user')
  await waitForHydration(page)
  await page.getByLabel('First name').fill('Ona')
  await page.getByLabel('Last name').fill('Jonaitė')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page
    .getByRole('checkbox', { name: /I accept the terms and conditions and the privacy policy/ })
    .first()
    .check()
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

const logIn = async (page: Page, email: string, pass = password) => {
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(pass)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** A player with an active account, logged in, in a context of its own. */
const activePlayer = async (browser: Browser, name: string) => {
  const context = await visitor(browser)
  const page = await context.newPage()
  const email = uniqueEmail(name)
  await signUp(page, email)
  await page.goto(await linkFromMail(email, /\/activate-user\//))
  await logIn(page, email)
  await expect(page.getByRole('status')).toContainText('You are logged in')
  return { context, page, email }
}

const applyAsCompany = async (page: Page) => {
  await page.goto('/register-organizer/company')
  await waitForHydration(page)
  await page.getByLabel('Company name').fill('Kauno bridžo klubas')
  await page.getByLabel('Company code').fill('302999888')
  await page.getByLabel('Country').selectOption('LT')
  await page.getByLabel('Phone').fill('+37060012345')
  await page.getByRole('button', { name: 'Send the application' }).click()
  await expect(page).toHaveURL(/\/register-organizer\/pending$/)
}

const openAccountMenu = async (page: Page) => {
  await waitForHydration(page)
  await page.getByRole('button', { name: /^Account menu of/ }).click()
}

test.describe('accounts', () => {
  // Most tests here sign up and wait for e-mails through the real SMTP server: beside another heavy test on
  // 2 cores that round trip alone can take most of the default 30 s.
  test.describe.configure({ timeout: 90_000 })
  test('sign up, activate, log in, become an organiser, switch account and log out', async ({ browser }) => {
    const context = await visitor(browser)
    const page = await context.newPage()
    const email = uniqueEmail('ona')

    await signUp(page, email)
    await expect(page.getByRole('status')).toContainText(
      'we have e-mailed you a link to activate your account',
    )

    // Logging in before activating is refused with the catalogue's message.
    await logIn(page, email)
    await expect(page.getByRole('alert')).toContainText('Your account is not activated yet')

    await page.goto(await linkFromMail(email, /\/activate-user\//))
    await expect(page.getByRole('heading', { name: 'Your account is active' })).toBeVisible()

    await logIn(page, email)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('status')).toContainText('You are logged in')

    await openAccountMenu(page)
    await page.getByRole('link', { name: 'Become an organiser' }).click()
    await page.getByRole('link', { name: /A club, federation or company/ }).click()
    await applyAsCompany(page)
    await expect(page.getByRole('heading', { name: 'Your application is being reviewed' })).toBeVisible()

    // The super user's e-mail carries accept and decline links; opening one only shows the application.
    const accept = await linkFromMail(adminEmail, /\/register-organizer\/status\/3\//, email)
    const admin = await (await visitor(browser)).newPage()
    await admin.goto(accept)
    await expect(admin.getByText(email)).toBeVisible()
    await admin.getByRole('button', { name: 'Accept the organiser' }).click()
    await expect(admin.getByRole('status')).toContainText('This application has been accepted')
    await linkFromMail(email, /\/profile-settings-organizer/)

    await page.goto('/profile-settings-organizer')
    await expect(page.getByRole('heading', { name: 'Organiser settings' })).toBeVisible()

    await openAccountMenu(page)
    await expect(page.getByText('Player account')).toBeVisible()
    await page.getByRole('button', { name: 'Switch to the organiser account' }).click()
    await expect(page.getByRole('status')).toContainText('You switched accounts')
    await openAccountMenu(page)
    await expect(page.getByText('Organiser account')).toBeVisible()

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('status')).toContainText('You are logged out')
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
    await context.close()
  })

  test('logging out from a screen that needs login goes to the login page', async ({ browser }) => {
    const { context, page } = await activePlayer(browser, 'leaver')
    await page.goto('/profile-settings')
    await openAccountMenu(page)
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await context.close()
  })

  test('a guest sent to login comes back to the page they wanted', async ({ browser }) => {
    const context = await visitor(browser)
    const page = await context.newPage()
    const email = uniqueEmail('returning')
    await signUp(page, email)
    await page.goto(await linkFromMail(email, /\/activate-user\//))
    await page.goto('/profile-settings')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile-settings$/)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/profile-settings$/)
    await expect(page.getByRole('heading', { name: 'Profile settings' })).toBeVisible()
    await context.close()
  })

  test('forgot password: the e-mailed link sets a new password once', async ({ browser }) => {
    const { context, page, email } = await activePlayer(browser, 'forgetful')
    await openAccountMenu(page)
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.goto('/forgot-password')
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Send the link' }).click()
    await expect(page.getByRole('status')).toContainText('If an account with this e-mail exists')
    const link = await linkFromMail(email, /\/forgot-password\/[A-Za-z0-9_-]+$/)
    await page.goto(link)
    await page.getByLabel('New password').fill('Fresh!Pass2026')
    await page.getByRole('button', { name: 'Save the password' }).click()
    await expect(page.getByRole('status')).toContainText('Your password has been changed')
    await logIn(page, email, 'Fresh!Pass2026')
    await expect(page.getByRole('status')).toContainText('You are logged in')
    await page.goto(link)
    await expect(page.getByRole('alert')).toContainText('This link has expired or has already been used')
    await context.close()
  })

  test('Google sign-in through the provider: the rules first, then an account', async ({ browser }) => {
    const context = await visitor(browser)
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Google' }).click()
    await page.getByLabel('Account id').fill('gina')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('button', { name: 'Allow' }).click()
    // A new account needs the rules accepted (1007): the sign-up page has the box.
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('alert')).toContainText('You must accept the terms and conditions')

    await page.goto('/register-user')
    await waitForHydration(page)
    const social = page.getByRole('region', { name: 'Social accounts' })
    await social.getByRole('checkbox').check()
    await social.getByRole('button', { name: 'Google' }).click()
    // The provider may remember the person and the consent from a minute ago, and send them straight back.
    const consent = page.getByRole('button', { name: 'Allow' })
    const login = page.getByLabel('Account id')
    const signedIn = page.getByRole('status').filter({ hasText: 'You are logged in' })
    await expect(consent.or(login).or(signedIn)).toBeVisible()
    if (await login.isVisible()) {
      await login.fill('gina')
      await page.getByRole('button', { name: 'Sign in' }).click()
    }
    if (await consent.isVisible()) await consent.click()
    await expect(signedIn).toBeVisible()
    await openAccountMenu(page)
    await expect(page.locator('[popover]:popover-open')).toContainText('Gina Rossi')
    await context.close()
  })

  test('a profile picture is uploaded, shown in the header, and served as an inert image', async ({
    browser,
  }) => {
    const { context, page } = await activePlayer(browser, 'pictured')
    await page.goto('/profile-settings')
    // A real photo-sized PNG; the server re-encodes it as WebP.
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1d2939' } })
      .png()
      .toBuffer()
    await page
      .getByLabel(/Choose a picture/)
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Upload the picture' }).click()
    await expect(page.getByRole('status')).toContainText('Your changes have been saved')
    const picture = page.getByRole('main').getByRole('img', { name: 'Ona Jonaitė' })
    await expect(picture).toBeVisible()
    const src = (await picture.getAttribute('src')) ?? ''
    expect(src).toMatch(/^\/files\/user\/user-\d+\/avatar-[0-9a-f]+\.webp$/)
    const served = await page.request.get(src)
    expect(served.headers()['content-type']).toBe('image/webp')
    expect(served.headers()['x-content-type-options']).toBe('nosniff')
    await expect(page.getByRole('button', { name: /^Account menu of/ }).locator('img')).toHaveAttribute(
      'src',
      /-thumb\.webp$/,
    )

    await page.getByLabel(/Choose a picture/).setInputFiles({
      name: 'evil.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<script>alert(1)</script>'),
    })
    await page.getByRole('button', { name: 'Upload the picture' }).click()
    await expect(page.getByText('This file is not a picture we can use')).toBeVisible()
    await context.close()
  })

  test('a new e-mail address counts only once its owner confirms it from the mailed link', async ({
    browser,
  }) => {
    const { context, page, email } = await activePlayer(browser, 'mover')
    const newEmail = uniqueEmail('moved')
    await page.goto('/profile-settings')
    await waitForHydration(page)
    await page.getByLabel('New e-mail').fill(newEmail)
    await page.getByLabel('Current password').first().fill(password)
    await page.getByRole('button', { name: 'Change the e-mail' }).click()
    await expect(page.getByRole('status')).toContainText(
      'We have e-mailed a confirmation link to the new address',
    )
    await expect(page.getByText(`open the link we sent to ${newEmail}`)).toBeVisible()

    await page.goto(await linkFromMail(newEmail, /\/confirm-email\//))
    await expect(page.getByText(`Make ${newEmail} the e-mail address of your Kibitz account?`)).toBeVisible()
    await page.getByRole('button', { name: 'Confirm the new address' }).click()
    await expect(page.getByRole('status')).toContainText('Your e-mail address is changed')
    // The old address hears about it.
    await expect
      .poll(async () => {
        const mails = await readMailbox()
        return mails.some((m) => m.to.includes(email) && m.text.includes(newEmail))
      })
      .toBe(true)
    await openAccountMenu(page)
    await page.getByRole('button', { name: 'Log out' }).click()
    await logIn(page, newEmail)
    await expect(page.getByRole('status')).toContainText('You are logged in')
    await context.close()
  })

  test('a demo organiser finds their own events and drafts under My events', async ({ browser }) => {
    const context = await visitor(browser)
    const page = await context.newPage()
    await logIn(page, 'info@lbf.example', 'kibitz-demo')
    await expect(page.getByRole('status')).toContainText('You are logged in')
    await openAccountMenu(page)
    await page.getByRole('button', { name: 'Switch to the organiser account' }).click()
    await openAccountMenu(page)
    await page.getByRole('link', { name: 'My events' }).click()
    await expect(page.getByRole('heading', { name: 'My events' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible()
    await page.getByRole('link', { name: 'Drafts' }).click()
    await expect(page).toHaveURL(/\/user\/events\/drafts$/)
    await expect(page.getByRole('link', { name: 'Drafts' })).toHaveAttribute('aria-current', 'page')
    await context.close()
  })

  test('on a phone the menu drawer offers sign-up, and logout once signed in', async ({ browser }) => {
    const { context, page } = await activePlayer(browser, 'phone')
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    // The phone menu is a native popover; the open one is the only one in the accessibility tree.
    const drawer = page.locator('[popover]:popover-open')
    await expect(drawer.getByRole('link', { name: 'Profile settings' })).toBeVisible()
    await drawer.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('status')).toContainText('You are logged out')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.locator('[popover]:popover-open').getByRole('link', { name: 'Sign up' }).click()
    await expect(page).toHaveURL(/\/register-user$/)
    await context.close()
  })

  test('switching accounts on a settings screen goes home', async ({ browser }) => {
    const context = await visitor(browser)
    const page = await context.newPage()
    await logIn(page, adminEmail, adminPassword)
    await page.goto('/profile-settings')
    await openAccountMenu(page)
    await page.getByRole('button', { name: 'Switch to the organiser account' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('status')).toContainText('You switched accounts')
    await context.close()
  })

  test('forms check fields in the browser and move to the first invalid one', async ({ browser }) => {
    const context = await visitor(browser)
    const page = await context.newPage()
    await page.goto('/register-user')
    await waitForHydration(page)
    await page.getByLabel('First name').fill('Ona')
    await page.getByLabel('E-mail').fill('иван@example.test')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page).toHaveURL(/\/register-user$/)
    await expect(page.getByLabel('Last name')).toBeFocused()
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('must not contain hieroglyphs or Cyrillic characters')).toBeVisible()
    await context.close()
  })

  test('without JavaScript the server names the invalid fields and keeps what was typed', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.77' },
    })
    const page = await context.newPage()
    await page.goto('/register-user')
    await page.getByLabel('First name').fill('12345')
    await page.getByLabel('Last name').fill('Jonaitė')
    await page.getByLabel('E-mail').fill('ona@example')
    await page.getByLabel('Password').fill('short')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page).toHaveURL(/\/register-user$/)
    await expect(page.getByText('Incorrect string value.')).toBeVisible()
    await expect(page.getByText('The password must be at least 8 characters long.')).toBeVisible()
    await expect(page.getByLabel('Last name')).toHaveValue('Jonaitė')
    await expect(page.getByLabel('Password')).toHaveValue('')
    await context.close()
  })

  test('a stranger’s five wrong passwords hold back the stranger, not the owner’s browser', async ({
    browser,
  }) => {
    const { context, page, email } = await activePlayer(browser, 'target')
    await openAccountMenu(page)
    await page.getByRole('button', { name: 'Log out' }).click()
    const strangerContext = await visitor(browser)
    const stranger = await strangerContext.newPage()
    for (let i = 0; i < 5; i++) {
      await logIn(stranger, email, `Wrong!pass${i}`)
      await expect(stranger.getByRole('alert')).toContainText('The e-mail or the password is wrong')
    }
    // Even the right password waits now on the stranger's browser, and the page says for how long.
    await logIn(stranger, email)
    await expect(stranger.getByRole('alert')).toContainText(/Too many failed logins\. Try again in \d+ min/)
    // The owner's browser signed in before (its device cookie names the account) and is not held back.
    await logIn(page, email)
    await expect(page.getByRole('status')).toContainText('You are logged in')
    await strangerContext.close()
    await context.close()
  })

  test('a cross-site form post and a cross-site server-function call are refused', async ({ request }) => {
    const logout = await request.post('/logout', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      form: { to: '/' },
      maxRedirects: 0,
    })
    expect(logout.status()).toBe(403)
    const login = await request.post('/login', {
      headers: { origin: 'https://evil.example' },
      form: { email: adminEmail, password: adminPassword },
      maxRedirects: 0,
    })
    expect(login.status()).toBe(403)
    const serverFn = await request.post('/_serverFn/anything', {
      headers: { 'sec-fetch-site': 'cross-site' },
      data: {},
    })
    expect(serverFn.status()).toBe(403)
    const api = await request.post('/api/v1/user/logout', { headers: { origin: 'https://evil.example' } })
    expect(api.status()).toBe(403)
  })
})

test.describe('roles and routes (spec section 6)', () => {
  // Sign-up, activation mail, organiser application and decision, then eleven pages per role.
  test.describe.configure({ timeout: 90_000 })
  const roles = ['guest', 'player', 'pending', 'declined', 'accepted', 'super'] as const
  type Role = (typeof roles)[number]
  const routes = [
    '/profile-settings',
    '/profile-settings-organizer',
    '/register-organizer',
    '/register-organizer/company',
    '/register-organizer/pending',
    '/login',
    '/register-user',
    '/forgot-password',
    '/user/events',
    '/event/create',
    '/event/create/next-step',
  ] as const
  type Route = (typeof routes)[number]
  const stays = (route: Route) => route
  const login = (route: Route) => `/login?redirect=${encodeURIComponent(route)}`
  // Where each role ends up when it opens each route.
  const expected: Record<Role, Record<Route, string>> = {
    guest: {
      '/profile-settings': login('/profile-settings'),
      '/profile-settings-organizer': login('/profile-settings-organizer'),
      '/register-organizer': login('/register-organizer'),
      '/register-organizer/company': login('/register-organizer/company'),
      '/register-organizer/pending': login('/register-organizer/pending'),
      '/login': '/login',
      '/register-user': '/register-user',
      '/forgot-password': '/forgot-password',
      '/user/events': login('/user/events'),
      '/event/create': login('/event/create'),
      '/event/create/next-step': login('/event/create/next-step'),
    },
    player: {
      '/profile-settings': stays('/profile-settings'),
      '/profile-settings-organizer': '/access-forbidden',
      '/register-organizer': '/register-organizer',
      '/register-organizer/company': '/register-organizer/company',
      '/register-organizer/pending': '/register-organizer/pending',
      '/login': '/',
      '/register-user': '/',
      '/forgot-password': '/',
      '/user/events': '/access-forbidden',
      '/event/create': '/access-forbidden',
      '/event/create/next-step': '/access-forbidden',
    },
    pending: {
      '/profile-settings': '/profile-settings',
      '/profile-settings-organizer': '/register-organizer/pending',
      '/register-organizer': '/register-organizer/pending',
      '/register-organizer/company': '/register-organizer/pending',
      '/register-organizer/pending': '/register-organizer/pending',
      '/login': '/',
      '/register-user': '/',
      '/forgot-password': '/',
      '/user/events': '/register-organizer/pending',
      '/event/create': '/register-organizer/pending',
      '/event/create/next-step': '/register-organizer/pending',
    },
    declined: {
      '/profile-settings': '/profile-settings',
      '/profile-settings-organizer': '/access-forbidden',
      '/register-organizer': '/register-organizer',
      '/register-organizer/company': '/register-organizer/company',
      '/register-organizer/pending': '/register-organizer/pending',
      '/login': '/',
      '/register-user': '/',
      '/forgot-password': '/',
      '/user/events': '/access-forbidden',
      '/event/create': '/access-forbidden',
      '/event/create/next-step': '/access-forbidden',
    },
    accepted: {
      '/profile-settings': '/profile-settings',
      '/profile-settings-organizer': '/profile-settings-organizer',
      '/register-organizer': '/',
      '/register-organizer/company': '/',
      '/register-organizer/pending': '/',
      '/login': '/',
      '/register-user': '/',
      '/forgot-password': '/',
      '/user/events': '/user/events',
      '/event/create': '/event/create',
      '/event/create/next-step': '/event/create/next-step',
    },
    super: {
      '/profile-settings': '/profile-settings',
      '/profile-settings-organizer': '/profile-settings-organizer',
      '/register-organizer': '/register-organizer',
      '/register-organizer/company': '/register-organizer/company',
      '/register-organizer/pending': '/register-organizer/pending',
      '/login': '/',
      '/register-user': '/',
      '/forgot-password': '/',
      '/user/events': '/user/events',
      '/event/create': '/event/create',
      '/event/create/next-step': '/event/create/next-step',
    },
  }

  /** A context signed in as `role` (organiser states reached through the real application and decision). */
  const contextFor = async (browser: Browser, role: Role): Promise<BrowserContext> => {
    if (role === 'guest') return visitor(browser)
    if (role === 'super') {
      const context = await visitor(browser)
      const page = await context.newPage()
      await logIn(page, adminEmail, adminPassword)
      await expect(page.getByRole('status')).toContainText('You are logged in')
      return context
    }
    const { context, page, email } = await activePlayer(browser, role)
    if (role === 'player') return context
    await applyAsCompany(page)
    if (role === 'pending') return context
    const status = role === 'accepted' ? 3 : 2
    const admin = await (await visitor(browser)).newPage()
    await admin.goto(
      await linkFromMail(adminEmail, new RegExp(`/register-organizer/status/${status}/`), email),
    )
    await expect(admin.getByText(email)).toBeVisible()
    await admin
      .getByRole('button', { name: status === 3 ? 'Accept the organiser' : 'Decline the application' })
      .click()
    await expect(admin.getByRole('status')).toBeVisible()
    return context
  }

  for (const role of roles) {
    test(`${role}`, async ({ browser }) => {
      const context = await contextFor(browser, role)
      const page = await context.newPage()
      for (const route of routes) {
        await page.goto(route)
        const url = new URL(page.url())
        expect(`${url.pathname}${url.search}`, `${role} opening ${route}`).toBe(expected[role][route])
      }
      await context.close()
    })
  }
})
