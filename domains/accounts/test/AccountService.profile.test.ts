import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import { AccountService } from '@kibitz/accounts'
import { ErrorCode, UserId } from '@kibitz/kernel'
import { insertRows } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import sharp from 'sharp'

import { useAccounts } from './support/accounts.ts'

const {
  db,
  filesRoot,
  adminEmail,
  run,
  accounts,
  failureCode,
  mails,
  linkIn,
  tokenOf,
  password,
  activeUser,
  login,
  forgot,
} = useAccounts()

describe(AccountService.name, () => {
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
        const [{ id }] = Schema.decodeUnknownSync(Schema.Tuple([Schema.Struct({ id: UserId })]))(rows)
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
        expect(
          yield* failureCode(Effect.flatMap(accounts, (a) => a.publicProfile(UserId.make(999_999)))),
        ).toBe(ErrorCode.userNotFound)
      }),
    )
  })
})
