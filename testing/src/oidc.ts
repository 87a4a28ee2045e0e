// A real OpenID Connect provider (oidc-provider) on loopback, standing in for Facebook, Google and
// VK ID in tests, plus a fetch-driven "user" that signs in through its pages. No vitest imports:
// the Playwright runner uses this file too.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Account, Interaction } from 'oidc-provider'

/** A person who can sign in at the test provider by typing `id` on its login page. */
export interface OidcTestAccount {
  readonly id: string
  readonly email?: string
  /** Defaults to true when `email` is set. */
  readonly emailVerified?: boolean
  readonly givenName?: string
  readonly familyName?: string
}

/** A relying party registered at the test provider. */
export interface OidcTestClient {
  readonly clientId: string
  readonly clientSecret: string
  readonly redirectUris: ReadonlyArray<string>
}

/** A running test provider and the endpoints a social login adapter is configured with. */
export interface OidcTestProvider {
  readonly issuer: string
  readonly authorizationUrl: string
  readonly tokenUrl: string
  readonly userInfoUrl: string
  /**
   * RFC 7662 token introspection (POST `token` with client_secret_post credentials): any registered
   * client may ask about any access token, as anyone may ask Google's tokeninfo, so a check can see
   * that a token was issued to another client.
   */
  readonly introspectionUrl: string
  /** RFC 7009 token revocation (POST `token` with the credentials of the client it was issued to). */
  readonly revocationUrl: string
  close(): Promise<void>
}

/** What the provider put on the client's redirect URI after a successful sign-in. */
export interface OidcLoginResult {
  readonly code: string
  readonly state: string
}

/** What the provider put on the client's redirect URI after the person refused. */
export interface OidcRefusal {
  readonly error: string
  readonly state: string
}

// RSA key generation takes a noticeable moment; one signing key per process is enough.
let signingKey: JsonWebKey | undefined
const jwk = (): JsonWebKey => {
  signingKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  return signingKey
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`

const cancelForm = (uid: string): string =>
  `<form id="cancel" method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>`

const loginPage = (uid: string, clientId: string, error?: string): string =>
  page(
    'Sign in',
    `<p>Signing in to ${escapeHtml(clientId)}.</p>
${error === undefined ? '' : `<p role="alert">${escapeHtml(error)}</p>`}
<form id="login" method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="login-input">Account id</label>
<input id="login-input" type="text" name="login" required autofocus>
<button type="submit">Sign in</button>
</form>
${cancelForm(uid)}`,
  )

const consentPage = (uid: string, clientId: string, scopes: ReadonlyArray<string>): string =>
  page(
    'Authorize',
    `<p>${escapeHtml(clientId)} asks for: ${scopes.map(escapeHtml).join(', ') || 'your previous authorization'}.</p>
<form id="consent" method="post" action="/interaction/${escapeHtml(uid)}/confirm"><button type="submit">Allow</button></form>
${cancelForm(uid)}`,
  )

const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of req) chunks.push(Buffer.from(chunk))
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

const sendHtml = (res: ServerResponse, status: number, html: string): void => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  res.end(html)
}

/**
 * Starts oidc-provider on 127.0.0.1 at a free port, with the given accounts and clients and its own
 * minimal login and consent pages (any listed account id signs in; no password).
 * Clients authenticate at the token endpoint with client_secret_post, as Facebook, Google and VK ID
 * document it, and must use PKCE. Token introspection and revocation are on (see `introspectionUrl`).
 */
export const startOidcProvider = async (options: {
  readonly accounts: ReadonlyArray<OidcTestAccount>
  readonly clients: ReadonlyArray<OidcTestClient>
}): Promise<OidcTestProvider> => {
  const accounts = new Map(options.accounts.map((a) => [a.id, a]))
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the OIDC test server has no TCP port')
  const issuer = `http://127.0.0.1:${address.port}`

  // Loaded on first use: @kibitz/testing's entry exports this file to every test, most never need it.
  const { default: Provider } = await import('oidc-provider')
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    findAccount: (_ctx, sub): Account | undefined => {
      const account = accounts.get(sub)
      if (account === undefined) return undefined
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          ...(account.email === undefined
            ? {}
            : { email: account.email, email_verified: account.emailVerified ?? true }),
          ...(account.givenName === undefined ? {} : { given_name: account.givenName }),
          ...(account.familyName === undefined ? {} : { family_name: account.familyName }),
        }),
      }
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    features: {
      // Our own pages below replace the development ones (which want a password and print warnings).
      devInteractions: { enabled: false },
      // Explicit policies keep oidc-provider from printing a notice about its defaults.
      introspection: { enabled: true, allowedPolicy: () => true },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Explicit lifetimes keep oidc-provider from printing a notice per artifact kind.
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
    },
    jwks: { keys: [jwk()] },
    // VK ID requires PKCE; requiring it here proves every adapter sends it.
    pkce: { required: () => true },
  })
  const oidc = provider.callback()

  const interact = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string) => {
    const details: Interaction = await provider.interactionDetails(req, res)
    const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : 'the client'
    if (req.method === 'GET' && action === '') {
      if (details.prompt.name === 'login') return sendHtml(res, 200, loginPage(uid, clientId))
      if (details.prompt.name === 'consent')
        return sendHtml(res, 200, consentPage(uid, clientId, details.prompt.details.missingOIDCScope ?? []))
      return sendHtml(res, 501, page('Not implemented', `<p>${escapeHtml(details.prompt.name)}</p>`))
    }
    if (req.method !== 'POST') return sendHtml(res, 405, page('Method not allowed', ''))
    if (action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      )
    }
    if (action === 'login') {
      const login = (await readForm(req)).get('login') ?? ''
      if (!accounts.has(login))
        return sendHtml(res, 200, loginPage(uid, clientId, `Unknown account "${login}".`))
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      )
    }
    if (action === 'confirm') {
      const accountId = details.session?.accountId
      if (accountId === undefined) return sendHtml(res, 400, page('No session', ''))
      const existing = details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId)
      const grant = existing ?? new provider.Grant({ accountId, clientId })
      const missing = details.prompt.details
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '))
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      )
    }
    return sendHtml(res, 404, page('Not found', ''))
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(path)
    if (match === null) return oidc(req, res)
    interact(req, res, match[1] ?? '', match[2] ?? '').catch((error: unknown) => {
      if (res.headersSent) return res.end()
      sendHtml(
        res,
        400,
        page('Error', `<p>${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`),
      )
    })
  })

  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: `${issuer}/me`,
    introspectionUrl: `${issuer}/token/introspection`,
    revocationUrl: `${issuer}/token/revocation`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // fetch keeps connections alive; without this close() would wait for them to time out.
        server.closeAllConnections()
      }),
  }
}

// A cookie jar just good enough for oidc-provider: name, value and path; expired cookies removed.
class CookieJar {
  readonly #cookies = new Map<string, { name: string; value: string; path: string }>()

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      let path = '/'
      let expired = false
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=', 2)
        const lower = key.toLowerCase()
        if (lower === 'path') path = attributeValue
        if (lower === 'max-age' && Number(attributeValue) <= 0) expired = true
        if (lower === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true
      }
      const key = `${name}\u0000${path}`
      if (expired) this.#cookies.delete(key)
      else this.#cookies.set(key, { name, value, path })
    }
  }

  header(url: URL): string {
    return [...this.#cookies.values()]
      .filter(
        (c) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ')
  }
}

interface Form {
  readonly id: string
  readonly action: string
}

interface Submission {
  readonly form: Form
  readonly fields: Record<string, string>
}

const formsOf = (html: string): ReadonlyArray<Form> =>
  [...html.matchAll(/<form\b([^>]*)>/g)].map((m) => {
    const attributes = new Map(
      [...(m[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2] ?? '']),
    )
    return {
      id: attributes.get('id') ?? '',
      action: (attributes.get('action') ?? '').replaceAll('&amp;', '&'),
    }
  })

/**
 * Acts as the person in the browser: follows the provider's redirects from `authorizationUrl`, and on
 * each page submits the form `choose` picks, until the provider redirects to another origin (the
 * client's redirect URI), whose query parameters it returns.
 */
const walk = async (
  authorizationUrl: string,
  choose: (forms: ReadonlyArray<Form>, html: string) => Submission,
): Promise<URLSearchParams> => {
  const origin = new URL(authorizationUrl).origin
  const jar = new CookieJar()
  let url = new URL(authorizationUrl)
  let form: URLSearchParams | undefined
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      redirect: 'manual',
      ...(form === undefined
        ? { method: 'GET', headers: { cookie: jar.header(url) } }
        : {
            method: 'POST',
            headers: { cookie: jar.header(url), 'content-type': 'application/x-www-form-urlencoded' },
            body: form.toString(),
          }),
    })
    jar.store(response)
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel()
      const next = new URL(location, url)
      if (next.origin !== origin) return next.searchParams
      url = next
      form = undefined
      continue
    }
    const html = await response.text()
    if (response.status !== 200)
      throw new Error(`OIDC test provider answered ${response.status} at ${url}: ${html}`)
    const chosen = choose(formsOf(html), html)
    url = new URL(chosen.form.action, url)
    form = new URLSearchParams(chosen.fields)
  }
  throw new Error(`OIDC test provider: no redirect to the client after 20 steps from ${authorizationUrl}`)
}

const pick = (forms: ReadonlyArray<Form>, id: string, html: string): Form => {
  const form = forms.find((f) => f.id === id)
  if (form === undefined) throw new Error(`OIDC test provider page has no "${id}" form: ${html}`)
  return form
}

const requiredParam = (params: URLSearchParams, name: string): string => {
  const value = params.get(name)
  if (value === null) throw new Error(`OIDC test provider redirected without ${name}: ${params.toString()}`)
  return value
}

/**
 * Signs in as `accountId` at the test provider and approves the consent page, using fetch and a
 * cookie jar instead of a browser; resolves with the code and state sent to the client's redirect URI.
 */
export const completeLoginWithFetch = async (
  authorizationUrl: string,
  accountId: string,
): Promise<OidcLoginResult> => {
  const params = await walk(authorizationUrl, (forms, html): Submission => {
    if (html.includes('role="alert"')) throw new Error(`OIDC test provider refused the login: ${html}`)
    const login = forms.find((f) => f.id === 'login')
    if (login !== undefined) return { form: login, fields: { login: accountId } }
    return { form: pick(forms, 'consent', html), fields: {} }
  })
  const error = params.get('error')
  if (error !== null)
    throw new Error(`OIDC test provider answered ${error}: ${params.get('error_description')}`)
  return { code: requiredParam(params, 'code'), state: requiredParam(params, 'state') }
}

/**
 * Opens the test provider's login page and presses Cancel, as a person refusing to sign in;
 * resolves with the error (access_denied) and state sent to the client's redirect URI.
 */
export const refuseLoginWithFetch = async (authorizationUrl: string): Promise<OidcRefusal> => {
  const params = await walk(authorizationUrl, (forms, html) => ({
    form: pick(forms, 'cancel', html),
    fields: {},
  }))
  return { error: requiredParam(params, 'error'), state: requiredParam(params, 'state') }
}
