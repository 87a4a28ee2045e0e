import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from '@effect/vitest'
import {
  AccountFailure,
  AccountService,
  type RequestInfo,
  SocialProvider,
  type SocialProviderConfig,
  type SocialProviderId,
} from '@kibitz/accounts'
import { accountsLayer } from '@kibitz/infra'
import { Em } from '@kibitz/kernel'
import { type OidcTestProvider, startOidcProvider, useDomainDatabase } from '@kibitz/testing'
import { Effect, Schema } from 'effect'

// The set-up the AccountService tests share (AccountService.*.test.ts): a test file calls useAccounts() once, at
// its top, and reads the helpers from its answer.

/**
 * A database of the test file's own, a real OpenID provider on loopback for the social providers, and the
 * accounts service wired as in production over both.
 */
export const useAccounts = () => {
  const db = useDomainDatabase()
  const filesRoot = mkdtempSync(path.join(tmpdir(), 'kibitz-files-'))

  const publicUrl = 'http://kibitz.test'
  const adminEmail = 'admin@kibitz.test'
  const names = { 1: 'facebook', 2: 'google', 3: 'vk' } as const
  const redirectUri = (p: SocialProviderId) => `${publicUrl}/auth/${names[p]}/callback`
  const providers: ReadonlyArray<SocialProviderId> = [
    SocialProvider.facebook,
    SocialProvider.google,
    SocialProvider.vk,
  ]

  let oidc: OidcTestProvider
  beforeAll(async () => {
    oidc = await startOidcProvider({
      accounts: [
        { id: 'ann', email: 'ann@example.test', givenName: 'Ann', familyName: 'Lee' },
        { id: 'ona', email: 'ona@example.test', givenName: 'Ona', familyName: 'Jonaitė' },
        { id: 'nomail' },
      ],
      clients: providers.map((p) => ({
        clientId: `${names[p]}-client`,
        clientSecret: `${names[p]}-secret`,
        redirectUris: [redirectUri(p)],
      })),
    })
  })
  afterAll(() => oidc.close())

  const socialConfigs = (): ReadonlyArray<SocialProviderConfig> =>
    providers.map((provider) => ({
      provider,
      clientId: `${names[provider]}-client`,
      clientSecret: `${names[provider]}-secret`,
      authorizationUrl: oidc.authorizationUrl,
      tokenUrl: oidc.tokenUrl,
      userInfoUrl: oidc.userInfoUrl,
      scopes: ['openid', 'email', 'profile'],
    }))

  /** Runs against the accounts service wired as in production, on this file's database. */
  const run = <A, E>(effect: Effect.Effect<A, E, AccountService | Em>) =>
    Effect.suspend(() =>
      effect.pipe(
        Effect.provide(accountsLayer({ publicUrl, adminEmail, social: socialConfigs(), filesRoot })),
        Effect.provideService(Em, db.orm.em.fork()),
      ),
    )

  const accounts = AccountService
  const from = (ip: string): RequestInfo => ({ ip, userAgent: 'vitest', language: 'en' })
  const web = from('203.0.113.1')

  const failureCode = <A, E>(effect: Effect.Effect<A, E, AccountService | Em>) =>
    run(effect).pipe(
      Effect.flip,
      Effect.map((error) => (error instanceof AccountFailure ? error.code : error)),
    )

  const MailRow = Schema.Struct({
    recipient: Schema.String,
    subject: Schema.String,
    text_body: Schema.String,
    kind: Schema.String,
    language: Schema.String,
  })
  const mails = () =>
    Effect.promise(async () =>
      Schema.decodeUnknownSync(Schema.Array(MailRow))(
        await db.orm.em
          .fork()
          .execute('select recipient, subject, text_body, kind, language from mail_outbox order by id'),
      ),
    )
  /** The first link in the latest e-mail of `kind` to `to`, with the public address cut off. */
  const linkIn = (to: string, kind: string) =>
    Effect.map(mails(), (rows) => {
      const mail = rows.filter((m) => m.recipient === to && m.kind === kind).at(-1)
      const link = mail?.text_body.match(/https?:\/\/\S+/g)?.find((l) => l.startsWith(publicUrl))
      if (!link) throw new Error(`no ${kind} e-mail to ${to}`)
      return link.slice(publicUrl.length)
    })
  const tokenOf = (path: string) => path.split('/').at(-1) ?? ''

  const password = 'Bridge!2026'
  const signUp = (email: string, extra: Record<string, unknown> = {}) =>
    accounts.pipe(
      Effect.flatMap((a) =>
        a.register(
          { email, password, firstName: 'Ona', lastName: 'Jonaitė', acceptRules: 'on', ...extra },
          web,
        ),
      ),
    )
  /** A signed-up, activated user; returns the user id. */
  const activeUser = (email: string) =>
    Effect.gen(function* () {
      const { userId } = yield* run(signUp(email))
      const token = tokenOf(yield* linkIn(email, 'accounts.activation'))
      yield* run(Effect.flatMap(accounts, (a) => a.activate(token)))
      return userId
    })
  const login = (email: string, pass = password, request = web) =>
    Effect.flatMap(accounts, (a) => a.login({ email, password: pass }, request))
  /** Asks for a reset link, then lets the worker's step mail it. */
  const forgot = (email: string) =>
    run(
      Effect.flatMap(accounts, (a) =>
        Effect.andThen(a.forgotPassword({ email }, web), a.sendRequestedResets(10)),
      ),
    )

  return {
    db,
    filesRoot,
    publicUrl,
    adminEmail,
    names,
    redirectUri,
    providers,
    run,
    accounts,
    from,
    web,
    failureCode,
    mails,
    linkIn,
    tokenOf,
    password,
    signUp,
    activeUser,
    login,
    forgot,
  }
}
