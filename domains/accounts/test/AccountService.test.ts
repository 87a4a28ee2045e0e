import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@effect/vitest'
import {
  AccountFailure,
  AccountLimits,
  AccountService,
  type RequestInfo,
  SocialProvider,
  type SocialProviderConfig,
  type SocialProviderId,
} from '@kibitz/accounts'
import { accountsLayer } from '@kibitz/infra'
import { Em, ErrorCode } from '@kibitz/kernel'
import {
  completeLoginWithFetch,
  insertRows,
  type OidcTestProvider,
  startOidcProvider,
  useDomainDatabase,
} from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { TestClock } from 'effect/testing'
import sharp from 'sharp'

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

describe(AccountService.name, () => {
  describe('register and activate', () => {
    it.effect('creates an inactive account, e-mails the activation link, and logs in once activated', () =>
      Effect.gen(function* () {
        yield* run(signUp('Ona@Example.test'))
        const [mail] = yield* mails()
        expect(mail).toMatchObject({
          recipient: 'ona@example.test',
          kind: 'accounts.activation',
          language: 'en',
        })
        // The address is unproven: the name typed on the form is not sent to it.
        expect(mail?.text_body).not.toMatch(/\bOna\b/)
        expect(yield* failureCode(login('ona@example.test'))).toBe(ErrorCode.notActivated)

        const path = yield* linkIn('ona@example.test', 'accounts.activation')
        expect(path).toMatch(/^\/activate-user\/[A-Za-z0-9_-]{43}$/)
        yield* run(Effect.flatMap(accounts, (a) => a.activate(tokenOf(path))))
        // Following the link again is harmless.
        yield* run(Effect.flatMap(accounts, (a) => a.activate(tokenOf(path))))

        const signedIn = yield* run(login('ONA@example.test'))
        expect(signedIn.user).toMatchObject({
          email: 'ona@example.test',
          userName: 'Ona Jonaitė',
          isSuper: false,
        })
        expect(signedIn.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      }),
    )

    it.effect('refuses a second account for the same e-mail (1001) and unticked rules (1007)', () =>
      Effect.gen(function* () {
        yield* run(signUp('ona@example.test'))
        expect(yield* failureCode(signUp('ONA@example.test'))).toBe(ErrorCode.emailExists)
        expect(yield* failureCode(signUp('other@example.test', { acceptRules: undefined }))).toBe(
          ErrorCode.rulesNotAccepted,
        )
      }),
    )

    it.effect('answers simultaneous sign-ups for one address with one account and 1001 for the rest', () =>
      Effect.gen(function* () {
        const outcomes = yield* Effect.forEach(
          [1, 2, 3],
          (i) =>
            run(signUp('twin@example.test')).pipe(
              Effect.as('ok'),
              Effect.catch((error) =>
                Effect.succeed(error instanceof AccountFailure ? error.code : error._tag),
              ),
              Effect.map((outcome) => [i, outcome] as const),
            ),
          { concurrency: 'unbounded' },
        )
        expect(outcomes.map(([, o]) => o).sort()).toEqual([
          ErrorCode.emailExists,
          ErrorCode.emailExists,
          'ok',
        ])
      }),
    )

    it.effect('names every invalid field with its rule', () =>
      Effect.gen(function* () {
        const error = yield* run(
          Effect.flatMap(accounts, (a) =>
            a.register(
              { email: 'иван@example.test', password: 'short', firstName: ' Ona', lastName: '' },
              web,
            ),
          ),
        ).pipe(Effect.flip)
        expect(error._tag).toBe('InvalidInput')
        if (error._tag !== 'InvalidInput') return
        expect(Object.fromEntries(Object.entries(error.errors).map(([f, e]) => [f, e.rule]))).toEqual({
          email: 'email',
          password: 'passwordTooShort',
          firstName: 'noEdgeSpaces',
          lastName: 'required',
          acceptRules: 'mustAccept',
        })
      }),
    )

    it.effect('answers an unknown activation link with 1013', () =>
      Effect.gen(function* () {
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.activate('no-such-token')))).toBe(
          ErrorCode.resetTokenExpired,
        )
      }),
    )

    it.effect('limits sign-ups from one address', () =>
      Effect.gen(function* () {
        for (let i = 0; i < AccountLimits.signUpsPerWindow; i++) yield* run(signUp(`player${i}@example.test`))
        const error = yield* run(signUp('one-more@example.test')).pipe(Effect.flip)
        expect(error._tag).toBe('Throttled')
      }),
    )
  })

  describe('login', () => {
    it.effect('answers 1000 alike for a wrong password and an unknown e-mail', () =>
      Effect.gen(function* () {
        yield* activeUser('ona@example.test')
        expect(yield* failureCode(login('ona@example.test', 'Wrong!pass1'))).toBe(ErrorCode.badCredentials)
        expect(yield* failureCode(login('nobody@example.test'))).toBe(ErrorCode.badCredentials)
      }),
    )

    it.effect('refuses a banned user with 1004, only once the password is right', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        yield* Effect.promise(() =>
          db.orm.em.fork().execute('update app_user set banned_at = now() where id = ?', [id]),
        )
        expect(yield* failureCode(login('ona@example.test', 'Wrong!pass1'))).toBe(ErrorCode.badCredentials)
        expect(yield* failureCode(login('ona@example.test'))).toBe(ErrorCode.banned)
      }),
    )

    it.effect('resends the activation e-mail to someone who logs in before activating', () =>
      Effect.gen(function* () {
        yield* run(signUp('ona@example.test'))
        yield* TestClock.adjust('11 minutes')
        expect(yield* failureCode(login('ona@example.test'))).toBe(ErrorCode.notActivated)
        const activations = (yield* mails()).filter((m) => m.kind === 'accounts.activation')
        expect(activations).toHaveLength(2)
      }),
    )
  })

  describe('sessions', () => {
    it.effect('resolves a session to its user until logout, then answers 2001', () =>
      Effect.gen(function* () {
        yield* activeUser('ona@example.test')
        const { token } = yield* run(login('ona@example.test'))
        const user = yield* run(Effect.flatMap(accounts, (a) => a.authenticate(token)))
        expect(user.email).toBe('ona@example.test')
        yield* run(Effect.flatMap(accounts, (a) => a.logout(token)))
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.authenticate(token)))).toBe(
          ErrorCode.sessionEnded,
        )
      }),
    )

    it.effect('stores only a hash of the token and expires idle sessions', () =>
      Effect.gen(function* () {
        yield* activeUser('ona@example.test')
        const { token } = yield* run(login('ona@example.test'))
        const rows = yield* Effect.promise(() =>
          db.orm.em.fork().execute('select token_hash from user_session where token_hash = ?', [token]),
        )
        expect(rows).toHaveLength(0)
        yield* TestClock.adjust('15 days')
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.authenticate(token)))).toBe(
          ErrorCode.sessionEnded,
        )
      }),
    )

    it.effect('an unknown token is an ended session', () =>
      Effect.gen(function* () {
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.authenticate('x'.repeat(43))))).toBe(
          ErrorCode.sessionEnded,
        )
      }),
    )
  })

  describe('password reset', () => {
    it.effect('e-mails a link for a known address, nothing for an unknown one, with the same answer', () =>
      Effect.gen(function* () {
        yield* activeUser('ona@example.test')
        const before = (yield* mails()).length
        yield* forgot('nobody@example.test')
        expect((yield* mails()).length).toBe(before)
        yield* forgot('ona@example.test')
        expect(yield* linkIn('ona@example.test', 'accounts.passwordReset')).toMatch(/^\/forgot-password\//)
      }),
    )

    it.effect('sets the new password, ends every session, and refuses the used link with 1013', () =>
      Effect.gen(function* () {
        yield* activeUser('ona@example.test')
        const { token: session } = yield* run(login('ona@example.test'))
        yield* forgot('ona@example.test')
        const token = tokenOf(yield* linkIn('ona@example.test', 'accounts.passwordReset'))
        yield* run(Effect.flatMap(accounts, (a) => a.resetPassword(token, { password: 'New!Pass2026' }, web)))

        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.authenticate(session)))).toBe(
          ErrorCode.sessionEnded,
        )
        expect(yield* failureCode(login('ona@example.test'))).toBe(ErrorCode.badCredentials)
        expect((yield* run(login('ona@example.test', 'New!Pass2026'))).user.email).toBe('ona@example.test')
        expect(
          yield* failureCode(
            Effect.flatMap(accounts, (a) => a.resetPassword(token, { password: 'Other!Pass1' }, web)),
          ),
        ).toBe(ErrorCode.resetTokenExpired)
      }),
    )

    it.effect('refuses an expired link with 1013', () =>
      Effect.gen(function* () {
        yield* activeUser('ona@example.test')
        yield* forgot('ona@example.test')
        const token = tokenOf(yield* linkIn('ona@example.test', 'accounts.passwordReset'))
        yield* TestClock.adjust('3 hours')
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.checkResetToken(token)))).toBe(
          ErrorCode.resetTokenExpired,
        )
      }),
    )
  })

  describe('social accounts', () => {
    /** Runs the provider's login page as `account` and returns the credential the callback carries. */
    const atProvider = (provider: SocialProviderId, account: string) =>
      Effect.gen(function* () {
        const begun = yield* run(
          Effect.flatMap(accounts, (a) => a.beginSocial(provider, redirectUri(provider))),
        )
        const { code, state } = yield* Effect.promise(() => completeLoginWithFetch(begun.url, account))
        return { code, state, codeVerifier: begun.codeVerifier, redirectUri: redirectUri(provider) }
      })
    const socialLogin = (provider: SocialProviderId, account: string, acceptRules = true) =>
      Effect.gen(function* () {
        const credential = yield* atProvider(provider, account)
        return yield* run(
          Effect.flatMap(accounts, (a) => a.socialLogin(provider, credential, { ...web, acceptRules })),
        )
      })
    const socialFailure = (provider: SocialProviderId, account: string, acceptRules = true) =>
      Effect.gen(function* () {
        const credential = yield* atProvider(provider, account)
        return yield* failureCode(
          Effect.flatMap(accounts, (a) => a.socialLogin(provider, credential, { ...web, acceptRules })),
        )
      })
    const connect = (userId: number, provider: SocialProviderId, account: string) =>
      Effect.gen(function* () {
        const credential = yield* atProvider(provider, account)
        return yield* failureCode(
          Effect.flatMap(accounts, (a) => a.connectSocial(userId, provider, credential)),
        )
      })

    it.effect('creates an active account on the first Google login and finds it on the next', () =>
      Effect.gen(function* () {
        const first = yield* socialLogin(SocialProvider.google, 'ann')
        expect(first.created).toBe(true)
        expect(first.user).toMatchObject({ email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee' })
        const again = yield* socialLogin(SocialProvider.google, 'ann', false)
        expect(again).toMatchObject({ created: false, user: { id: first.user.id } })
      }),
    )

    it.effect('refuses a new account without the rules (1007) and without an e-mail (1006)', () =>
      Effect.gen(function* () {
        expect(yield* socialFailure(SocialProvider.vk, 'ann', false)).toBe(ErrorCode.rulesNotAccepted)
        expect(yield* socialFailure(SocialProvider.vk, 'nomail')).toBe(ErrorCode.socialEmailMissing)
      }),
    )

    it.effect('never links by e-mail: an existing address gives 1002', () =>
      Effect.gen(function* () {
        yield* activeUser('ona@example.test')
        expect(yield* socialFailure(SocialProvider.facebook, 'ona')).toBe(ErrorCode.emailExistsSocial)
      }),
    )

    it.effect('answers a code the provider rejects with 1005', () =>
      Effect.gen(function* () {
        const credential = yield* atProvider(SocialProvider.google, 'ann')
        const code = yield* failureCode(
          Effect.flatMap(accounts, (a) =>
            a.socialLogin(
              SocialProvider.google,
              { ...credential, code: 'forged' },
              { ...web, acceptRules: true },
            ),
          ),
        )
        expect(code).toBe(ErrorCode.socialLoginFailed)
      }),
    )

    it.effect('connects a provider, refuses a second connection (1010) and logs in through it', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        yield* connect(id, SocialProvider.google, 'ona').pipe(Effect.flip)
        expect(yield* connect(id, SocialProvider.google, 'ona')).toBe(ErrorCode.socialAlreadyConnected)
        const via = yield* socialLogin(SocialProvider.google, 'ona', false)
        expect(via.user.id).toBe(id)
        const profile = yield* run(Effect.flatMap(accounts, (a) => a.profileData(id)))
        expect(profile.socialProviders).toEqual([SocialProvider.google])
      }),
    )

    it.effect('refuses a provider account whose e-mail belongs to another user (1009)', () =>
      Effect.gen(function* () {
        yield* activeUser('ann@example.test')
        const id = yield* activeUser('ona@example.test')
        expect(yield* connect(id, SocialProvider.vk, 'ann')).toBe(ErrorCode.socialConnectEmailExists)
      }),
    )

    it.effect('refuses a Facebook account without an e-mail (1012) and a failed exchange (1011)', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        expect(yield* connect(id, SocialProvider.facebook, 'nomail')).toBe(ErrorCode.facebookNoEmail)
        const credential = yield* atProvider(SocialProvider.vk, 'ona')
        expect(
          yield* failureCode(
            Effect.flatMap(accounts, (a) =>
              a.connectSocial(id, SocialProvider.vk, { ...credential, code: 'bad' }),
            ),
          ),
        ).toBe(ErrorCode.socialConnectFailed)
      }),
    )

    it.effect('keeps the last way in: a social-only user cannot disconnect it (1011)', () =>
      Effect.gen(function* () {
        const { user } = yield* socialLogin(SocialProvider.google, 'ann')
        expect(
          yield* failureCode(
            Effect.flatMap(accounts, (a) => a.disconnectSocial(user.id, SocialProvider.google)),
          ),
        ).toBe(ErrorCode.socialConnectFailed)
        yield* run(
          Effect.flatMap(accounts, (a) => a.changeProfile(user.id, 1, { newPassword: 'Set!Pass2026' })),
        )
        yield* run(Effect.flatMap(accounts, (a) => a.disconnectSocial(user.id, SocialProvider.google)))
        expect((yield* run(Effect.flatMap(accounts, (a) => a.profileData(user.id)))).socialProviders).toEqual(
          [],
        )
      }),
    )
  })

  describe('organiser applications', () => {
    const company = {
      companyName: 'Vilniaus bridžo klubas',
      companyCode: '302123456',
      countryCode: 'LT',
      phone: '+37060012345',
      websiteUrl: 'https://bridge.example.test',
    }
    const superUser = () =>
      Effect.promise(() =>
        insertRows(db.orm, 'app_user', [
          {
            email: 'root@example.test',
            role: 2,
            is_company: false,
            language: 'lt',
            created_at: new Date().toISOString(),
          },
        ]),
      )

    it.effect(
      'is pending, e-mails the super users accept and decline links, and the first decision stands',
      () =>
        Effect.gen(function* () {
          yield* superUser()
          const id = yield* activeUser('ona@example.test')
          const user = yield* run(Effect.flatMap(accounts, (a) => a.applyAsOrganiser(id, 'company', company)))
          expect(user).toMatchObject({ hasOrganizer: true, isOrganizer: false, organizerStatus: 1 })

          const mail = (yield* mails()).find((m) => m.kind === 'accounts.organiserApplication')
          expect(mail).toMatchObject({ recipient: 'root@example.test', language: 'lt' })
          const accept = (mail?.text_body.match(/https?:\/\/\S+/g) ?? []).find((l) =>
            l.includes('/status/3/'),
          )
          const decline = (mail?.text_body.match(/https?:\/\/\S+/g) ?? []).find((l) =>
            l.includes('/status/2/'),
          )
          expect(accept && decline).toBeTruthy()
          const token = tokenOf(accept ?? '')
          expect(tokenOf(decline ?? '')).toBe(token)

          const decided = yield* run(Effect.flatMap(accounts, (a) => a.decideOrganiser(token, 3)))
          expect(decided).toMatchObject({
            status: 3,
            name: company.companyName,
            applicantEmail: 'ona@example.test',
          })
          const again = yield* run(Effect.flatMap(accounts, (a) => a.decideOrganiser(token, 2)))
          expect(again.status).toBe(3)
          expect((yield* mails()).filter((m) => m.kind === 'accounts.organiserAccepted')).toHaveLength(1)

          const { user: now } = yield* run(login('ona@example.test'))
          expect(now).toMatchObject({ isOrganizer: true, organizerStatus: 3, isCompany: true })
        }),
    )

    it.effect('takes a phone and a web address as people type them and stores them normalised', () =>
      Effect.gen(function* () {
        yield* superUser()
        const id = yield* activeUser('ona@example.test')
        yield* run(
          Effect.flatMap(accounts, (a) =>
            a.applyAsOrganiser(id, 'company', {
              ...company,
              phone: '+48 (600) 123-456',
              websiteUrl: 'gkb.example.pl',
            }),
          ),
        )
        const [row] = yield* Effect.promise(async () =>
          Schema.decodeUnknownSync(
            Schema.Array(Schema.Struct({ phone: Schema.String, website_url: Schema.String })),
          )(
            await db.orm.em
              .fork()
              .execute('select phone, website_url from organiser where user_id = ?', [id]),
          ),
        )
        expect(row).toEqual({ phone: '+48600123456', website_url: 'https://gkb.example.pl' })
        yield* run(Effect.flatMap(accounts, (a) => a.changeProfile(id, 2, { phone: '+48 600 123 456' })))
        expect((yield* run(Effect.flatMap(accounts, (a) => a.profileData(id)))).phone).toBe('+48600123456')
      }),
    )

    it.effect('takes one application when the form is sent several times at once', () =>
      Effect.gen(function* () {
        yield* superUser()
        const id = yield* activeUser('ona@example.test')
        const users = yield* Effect.forEach(
          [1, 2, 3],
          () => run(Effect.flatMap(accounts, (a) => a.applyAsOrganiser(id, 'company', company))),
          { concurrency: 'unbounded' },
        )
        expect(new Set(users.map((u) => u.organizer?.organizerId)).size).toBe(1)
        expect((yield* mails()).filter((m) => m.kind === 'accounts.organiserApplication')).toHaveLength(1)
      }),
    )

    it.effect('a declined organiser counts as none and may apply again', () =>
      Effect.gen(function* () {
        yield* superUser()
        const id = yield* activeUser('ona@example.test')
        yield* run(
          Effect.flatMap(accounts, (a) =>
            a.applyAsOrganiser(id, 'individual', {
              firstName: 'Ona',
              lastName: 'Jonaitė',
              countryCode: 'LT',
              phone: '+37060012345',
            }),
          ),
        )
        const token = tokenOf(yield* linkIn('root@example.test', 'accounts.organiserApplication'))
        yield* run(Effect.flatMap(accounts, (a) => a.decideOrganiser(token, 2)))
        expect((yield* mails()).some((m) => m.kind === 'accounts.organiserDeclined')).toBe(true)
        const { user } = yield* run(login('ona@example.test'))
        expect(user).toMatchObject({ hasOrganizer: false, isOrganizer: false, organizerStatus: 2 })
        const again = yield* run(Effect.flatMap(accounts, (a) => a.applyAsOrganiser(id, 'company', company)))
        expect(again.organizerStatus).toBe(1)
      }),
    )

    it.effect('refuses an unknown link (1013) and a status other than accept or decline (0)', () =>
      Effect.gen(function* () {
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.decideOrganiser('nope', 3)))).toBe(
          ErrorCode.resetTokenExpired,
        )
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.decideOrganiser('nope', 1)))).toBe(
          ErrorCode.unknown,
        )
      }),
    )
  })

  describe('profile changes', () => {
    it.effect('a password change needs the current password (1008) and ends the other sessions', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        const { token: here } = yield* run(login('ona@example.test'))
        const { token: elsewhere } = yield* run(login('ona@example.test'))
        expect(
          yield* failureCode(
            Effect.flatMap(accounts, (a) =>
              a.changeProfile(id, 1, { currentPassword: 'Wrong!pass1', newPassword: 'New!Pass2026' }, here),
            ),
          ),
        ).toBe(ErrorCode.initialPasswordIncorrect)
        yield* run(
          Effect.flatMap(accounts, (a) =>
            a.changeProfile(id, 1, { currentPassword: password, newPassword: 'New!Pass2026' }, here),
          ),
        )
        expect((yield* run(Effect.flatMap(accounts, (a) => a.authenticate(here)))).id).toBe(id)
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.authenticate(elsewhere)))).toBe(
          ErrorCode.sessionEnded,
        )
      }),
    )

    it.effect('changes the e-mail only once the new address confirms it, then tells the old one', () =>
      Effect.gen(function* () {
        yield* activeUser('taken@example.test')
        const id = yield* activeUser('ona@example.test')
        const change = (email: string) =>
          Effect.flatMap(accounts, (a) => a.changeProfile(id, 7, { email, currentPassword: password }))
        expect(yield* failureCode(change('taken@example.test'))).toBe(ErrorCode.emailExists)

        const pending = yield* run(change('ona@club.test'))
        expect(pending).toMatchObject({ user: { email: 'ona@example.test' }, pendingEmail: 'ona@club.test' })
        // Until then nothing changed: the old address still logs in, the new one does not.
        expect((yield* run(login('ona@example.test'))).user.id).toBe(id)
        expect(yield* failureCode(login('ona@club.test'))).toBe(ErrorCode.badCredentials)

        const path = yield* linkIn('ona@club.test', 'accounts.emailConfirm')
        expect(path).toMatch(/^\/confirm-email\//)
        yield* run(Effect.flatMap(accounts, (a) => a.confirmEmail(tokenOf(path))))
        const notice = (yield* mails()).find((m) => m.kind === 'accounts.emailChanged')
        expect(notice?.recipient).toBe('ona@example.test')
        expect((yield* run(login('ona@club.test'))).user.id).toBe(id)
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.confirmEmail(tokenOf(path))))).toBe(
          ErrorCode.resetTokenExpired,
        )
      }),
    )

    it.effect('voids a reset link mailed to the old address once the e-mail changes', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        yield* forgot('ona@example.test')
        const reset = tokenOf(yield* linkIn('ona@example.test', 'accounts.passwordReset'))
        yield* run(
          Effect.flatMap(accounts, (a) =>
            a.changeProfile(id, 7, { email: 'ona@club.test', currentPassword: password }),
          ),
        )
        const confirm = tokenOf(yield* linkIn('ona@club.test', 'accounts.emailConfirm'))
        yield* run(Effect.flatMap(accounts, (a) => a.confirmEmail(confirm)))
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.checkResetToken(reset)))).toBe(
          ErrorCode.resetTokenExpired,
        )
      }),
    )

    it.effect('mails at most five confirmation links in 15 minutes', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        const change = (n: number) =>
          Effect.flatMap(accounts, (a) =>
            a.changeProfile(id, 7, { email: `target${n}@example.test`, currentPassword: password }),
          )
        for (let n = 0; n < 5; n++) yield* run(change(n))
        expect(yield* run(change(5)).pipe(Effect.flip)).toMatchObject({ _tag: 'Throttled' })
      }),
    )

    it.effect('refuses a sixth wrong current password in 15 minutes', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        const wrong = Effect.flatMap(accounts, (a) =>
          a.changeProfile(id, 1, { currentPassword: 'Wrong!pass1', newPassword: 'New!Pass2026' }),
        )
        for (let i = 0; i < 5; i++) expect(yield* failureCode(wrong)).toBe(ErrorCode.initialPasswordIncorrect)
        expect(yield* run(wrong).pipe(Effect.flip)).toMatchObject({ _tag: 'Throttled' })
      }),
    )

    it.effect('keeps the configured super user’s e-mail (1015)', () =>
      Effect.gen(function* () {
        yield* Effect.promise(() =>
          insertRows(db.orm, 'app_user', [
            {
              email: adminEmail,
              role: 2,
              is_company: false,
              language: 'en',
              created_at: new Date().toISOString(),
              password_hash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$AAAA',
            },
          ]),
        )
        const rows = yield* Effect.promise(() =>
          db.orm.em.fork().execute('select id from app_user where email = ?', [adminEmail]),
        )
        const id = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int })))(rows)[0]?.id ?? 0
        expect(
          yield* failureCode(
            Effect.flatMap(accounts, (a) =>
              a.changeProfile(id, 7, { email: 'me@example.test', currentPassword: 'x' }),
            ),
          ),
        ).toBe(ErrorCode.emailChangeNotAllowed)
      }),
    )

    it.effect('saves the plain kinds and names invalid values', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        yield* run(Effect.flatMap(accounts, (a) => a.changeProfile(id, 2, { phone: '+37060012345' })))
        yield* run(
          Effect.flatMap(accounts, (a) => a.changeProfile(id, 3, { description: 'Club player since 1999.' })),
        )
        yield* run(Effect.flatMap(accounts, (a) => a.changeProfile(id, 4, { languages: ['lt', 'en', 'lt'] })))
        yield* run(
          Effect.flatMap(accounts, (a) => a.changeProfile(id, 6, { idProvider: 1, idNumber: 'LT1234' })),
        )
        const profile = yield* run(Effect.flatMap(accounts, (a) => a.profileData(id)))
        expect(profile).toMatchObject({
          phone: '+37060012345',
          description: 'Club player since 1999.',
          languages: ['lt', 'en'],
          idProvider: 1,
          idNumber: 'LT1234',
        })
        const invalid = yield* run(
          Effect.flatMap(accounts, (a) => a.changeProfile(id, 3, { description: 'x'.repeat(251) })),
        ).pipe(Effect.flip)
        expect(invalid).toMatchObject({ _tag: 'InvalidInput', errors: { description: { rule: 'tooLong' } } })
        expect(
          yield* failureCode(
            Effect.flatMap(accounts, (a) => a.changeProfile(id, 12, { websiteUrl: 'https://x.test' })),
          ),
        ).toBe(ErrorCode.userNotFound)
      }),
    )

    it.effect('stores an avatar with its thumbnail, replaces it, removes it, and refuses a non-image', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        const png = yield* Effect.promise(() =>
          sharp({ create: { width: 300, height: 300, channels: 3, background: '#d92d20' } })
            .png()
            .toBuffer(),
        )
        const first = yield* run(Effect.flatMap(accounts, (a) => a.changeAvatar(id, png)))
        expect(first.user.avatar).toMatch(/^\/files\/user\/user-\d+\/avatar-[0-9a-f]+\.webp$/)
        expect(first.user.avatarThumb).toMatch(/-thumb\.webp$/)
        const firstFile = path.join(filesRoot, (first.user.avatar ?? '').slice('/files/'.length))
        expect(existsSync(firstFile)).toBe(true)

        const second = yield* run(Effect.flatMap(accounts, (a) => a.changeAvatar(id, png)))
        expect(second.user.avatar).not.toBe(first.user.avatar)
        expect(existsSync(firstFile)).toBe(false)
        expect((yield* run(Effect.flatMap(accounts, (a) => a.publicProfile(id)))).avatar).toBe(
          second.user.avatar,
        )

        const refused = yield* run(
          Effect.flatMap(accounts, (a) => a.changeAvatar(id, new TextEncoder().encode('not a picture'))),
        ).pipe(Effect.flip)
        expect(refused).toMatchObject({ _tag: 'InvalidInput', errors: { avatar: { rule: 'notAnImage' } } })

        const removed = yield* run(Effect.flatMap(accounts, (a) => a.changeAvatar(id, null)))
        expect([removed.user.avatar, removed.user.avatarThumb]).toEqual([null, null])
      }),
    )

    it.effect('refuses an unknown currency by naming the field, and organiser details while pending', () =>
      Effect.gen(function* () {
        yield* Effect.promise(() =>
          insertRows(db.orm, 'app_user', [
            {
              email: 'root@example.test',
              role: 2,
              is_company: false,
              language: 'en',
              created_at: new Date().toISOString(),
            },
          ]),
        )
        const id = yield* activeUser('ona@example.test')
        const unknown = yield* run(
          Effect.flatMap(accounts, (a) => a.changeProfile(id, 5, { currencyId: 999_999 })),
        ).pipe(Effect.flip)
        expect(unknown).toMatchObject({ _tag: 'InvalidInput', errors: { currencyId: { rule: 'required' } } })
        yield* run(
          Effect.flatMap(accounts, (a) =>
            a.applyAsOrganiser(id, 'individual', {
              firstName: 'Ona',
              lastName: 'Jonaitė',
              countryCode: 'LT',
              phone: '+37060012345',
            }),
          ),
        )
        expect(
          yield* failureCode(Effect.flatMap(accounts, (a) => a.changeProfile(id, 13, { firstName: 'Ana' }))),
        ).toBe(ErrorCode.userNotFound)
      }),
    )

    it.effect('shows a public profile without e-mail or phone, and 1014 for an unknown user', () =>
      Effect.gen(function* () {
        const id = yield* activeUser('ona@example.test')
        yield* run(Effect.flatMap(accounts, (a) => a.changeProfile(id, 2, { phone: '+37060012345' })))
        const profile = yield* run(Effect.flatMap(accounts, (a) => a.publicProfile(id)))
        expect(JSON.stringify(profile)).not.toContain('ona@example.test')
        expect(JSON.stringify(profile)).not.toContain('+37060012345')
        expect(yield* failureCode(Effect.flatMap(accounts, (a) => a.publicProfile(999_999)))).toBe(
          ErrorCode.userNotFound,
        )
      }),
    )
  })
})
