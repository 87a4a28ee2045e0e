// End-to-end tests against the built app started the README's way (scripts/start.ts), on a
// database of their own.
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findFreePort } from '@kibitz/infra/database'
import { acquirePostgres } from '@kibitz/testing'
import { startStripeServer } from '../domains/registration/test/support/stripeServer.ts'
import { startOidcProvider } from '../testing/src/oidc.ts'
import { startSmtpServer } from '../testing/src/smtp.ts'
import { requireBrowser } from './browser.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// The browser first (decision 035): without one, stop with the line that says what to install before starting
// anything. Playwright's config takes the choice from CHROMIUM_PATH.
const browser = await requireBrowser()
console.log(`e2e: ${browser.path} (${browser.source})`)

// The same PostgreSQL choice as the vitest harness: a fresh database on DATABASE_URL's server, else
// an embedded cluster in a temporary folder.
const database = await acquirePostgres()
const env: Record<string, string | undefined> = {
  ...process.env,
  KIBITZ_SKIP_BUILD: '1',
  DATABASE_URL: database.url,
  CHROMIUM_PATH: browser.path,
}
const port = await findFreePort()
env.PORT = String(port)
const baseUrl = `http://127.0.0.1:${port}`
env.E2E_BASE_URL = baseUrl

// Every e-mail goes to a real SMTP server on loopback; the tests read it through a small mailbox endpoint.
const smtp = await startSmtpServer()
env.SMTP_URL = smtp.url
const mailbox = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify(smtp.messages))
})
const mailboxPort = await findFreePort()
await new Promise<void>((resolve) => mailbox.listen(mailboxPort, '127.0.0.1', resolve))
env.E2E_MAILBOX_URL = `http://127.0.0.1:${mailboxPort}/`

// Google sign-in goes to a real OpenID provider on loopback, through the browser.
const oidc = await startOidcProvider({
  accounts: [
    { id: 'gina', email: 'gina@example.test', givenName: 'Gina', familyName: 'Rossi' },
    { id: 'nomail', givenName: 'Nobody' },
  ],
  clients: [
    {
      clientId: 'kibitz-e2e',
      clientSecret: 'kibitz-e2e-secret',
      redirectUris: [`${baseUrl}/auth/google/callback`],
    },
  ],
})
Object.assign(env, {
  GOOGLE_CLIENT_ID: 'kibitz-e2e',
  GOOGLE_CLIENT_SECRET: 'kibitz-e2e-secret',
  GOOGLE_AUTH_URL: oidc.authorizationUrl,
  GOOGLE_TOKEN_URL: oidc.tokenUrl,
  GOOGLE_USERINFO_URL: oidc.userInfoUrl,
  // Each test context sends its own X-Forwarded-For, so the per-address limits apply per simulated visitor.
  TRUST_PROXY: '1',
})

// Card payments go to a local server speaking Stripe's protocol: its checkout page pays, then it posts the
// signed webhook to the site, as Stripe does.
const stripe = await startStripeServer({
  secretKey: 'sk_test_kibitz_e2e',
  webhookSecret: 'whsec_kibitz_e2e',
  webhookUrl: `${baseUrl}/api/v1/payment/stripe/webhook`,
})
Object.assign(env, {
  STRIPE_SECRET_KEY: 'sk_test_kibitz_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_kibitz_e2e',
  STRIPE_API_BASE: stripe.url,
})

// Asynchronous on purpose: the SMTP server, the mailbox, the OpenID provider and the card payment server live
// in this process.
const child = spawn(
  'npx',
  ['playwright', 'test', '-c', 'app/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
)
const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)))
await oidc.close()
await stripe.close()
await smtp.close()
mailbox.close()
await database.release().catch((error: unknown) => console.error(`e2e cleanup: ${String(error)}`))
process.exit(status)
