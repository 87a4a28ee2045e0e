import { describe, expect, it } from '@effect/vitest'
import { AccountFailure, AccountLimits, AccountService } from '@kibitz/accounts'
import { ErrorCode } from '@kibitz/kernel'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'

import { useAccounts } from './support/accounts.ts'

const { db, run, accounts, web, failureCode, mails, linkIn, tokenOf, signUp, activeUser, login, forgot } =
  useAccounts()

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
})
