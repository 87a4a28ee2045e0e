import { describe, expect, it } from '@effect/vitest'
import { AccountService, SocialProvider, type SocialProviderId } from '@kibitz/accounts'
import { ErrorCode, type UserId } from '@kibitz/kernel'
import { completeLoginWithFetch, insertRows } from '@kibitz/testing'
import { Effect, Schema } from 'effect'

import { useAccounts } from './support/accounts.ts'

const { db, redirectUri, run, accounts, web, failureCode, mails, linkIn, tokenOf, activeUser, login } =
  useAccounts()

describe(AccountService.name, () => {
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
    const connect = (userId: UserId, provider: SocialProviderId, account: string) =>
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
})
