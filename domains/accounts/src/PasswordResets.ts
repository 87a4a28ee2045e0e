import { ErrorCode, inTransaction } from '@kibitz/kernel'
import { Data, Effect } from 'effect'
import { ForgotInput, ResetInput } from './Account.ts'
import { AccountLimits, hour } from './AccountLimits.ts'
import type { RequestInfo } from './AccountRequest.ts'
import {
  type AccountMailer,
  fail,
  normaliseEmail,
  now,
  usableToken,
  validate,
} from './internal/AccountKit.ts'
import { type AccountRepo, TokenPurpose } from './internal/AccountRepo.ts'
import { hashPassword, newToken, tokenHash } from './internal/Secrets.ts'
import type { SignInThrottle } from './SignInThrottle.ts'

// Forgot-password and its queue (docs/decisions/028-sign-in-throttling.md): a request only queues a row, the
// same work whatever the address; the worker turns each queued request into a reset e-mail; the link sets a new
// password. The AccountService methods of the same names.

/** A queued reset request whose mail could not be written (inside the worker only, never answered). */
class ResetNotMailed extends Data.TaggedError('ResetNotMailed')<{
  readonly requestId: string
  readonly defect: unknown
}> {}

/** What the password-reset methods need. */
export interface PasswordResetDeps {
  readonly accounts: AccountRepo['Service']
  readonly throttle: SignInThrottle
  readonly mailer: AccountMailer
}

/** The password-reset methods of AccountService, writing their e-mails through `mailer`. */
export const passwordResets = ({
  accounts,
  throttle: { clearAccountCounters, rememberDevice, reserve },
  mailer: { link, mail },
}: PasswordResetDeps) => {
  const forgotPassword = Effect.fn('AccountService.forgotPassword')(function* (
    input: unknown,
    request: RequestInfo,
  ) {
    const form = yield* validate(ForgotInput, input)
    yield* reserve('reset-ip', request.ip, AccountLimits.resetRequestsPerWindow)
    // One insert whatever the address: the answer takes the same time whether it has an account or not,
    // so its timing tells nobody which addresses are registered. The worker mails the link.
    yield* accounts.requestReset(normaliseEmail(form.email), yield* now)
  })

  /** Mails a reset link for one queued request, if the address belongs to an account that may have one. */
  const sendReset = Effect.fn('AccountService.sendReset')(function* (email: string) {
    const user = yield* accounts.findUserByEmail(email)
    if (!user || user.bannedAt) return
    // One address cannot be flooded with reset mail either.
    const flooded = yield* reserve('reset-account', email, AccountLimits.resetRequestsPerWindow).pipe(
      Effect.as(false),
      Effect.catchTag('Throttled', () => Effect.succeed(true)),
    )
    if (flooded) return
    const at = yield* now
    yield* accounts.voidTokens(user.id, TokenPurpose.passwordReset, at)
    const token = newToken()
    yield* accounts.createToken({
      hash: tokenHash(token),
      purpose: TokenPurpose.passwordReset,
      userId: user.id,
      now: at,
      validMs: AccountLimits.resetValidMs,
    })
    yield* mail(user, {
      kind: 'passwordReset',
      // A never-activated address was never proven: no user-typed text goes to it.
      firstName: user.activatedAt ? (user.firstName ?? '') : '',
      link: link(`/forgot-password/${token}`),
      validHours: AccountLimits.resetValidMs / hour,
    })
  })

  const sendRequestedResets = Effect.fn('AccountService.sendRequestedResets')(function* (limit: number) {
    let taken = 0
    while (taken < limit) {
      // One transaction per request: a worker that dies midway leaves it queued for the next one, and one
      // that cannot be mailed rolls back only itself, never the requests queued after it.
      const outcome = yield* inTransaction(
        Effect.gen(function* () {
          const request = yield* accounts.takeResetRequest()
          if (!request) return 'none' as const
          yield* sendReset(request.email).pipe(
            Effect.catchDefect((defect) =>
              Effect.fail(new ResetNotMailed({ requestId: request.id, defect })),
            ),
          )
          return 'handled' as const
        }),
      ).pipe(
        // Retried first, it would fail again and hold back every reset behind it: logged and dropped (the
        // owner can ask again).
        Effect.catchTag('ResetNotMailed', (failed) =>
          Effect.gen(function* () {
            yield* Effect.logError('accounts: a password reset request could not be mailed and was dropped', {
              requestId: failed.requestId,
              defect: failed.defect,
            })
            yield* accounts.dropResetRequest(failed.requestId)
            return 'dropped' as const
          }),
        ),
      )
      if (outcome === 'none') break
      taken++
    }
    return taken
  })
  const checkResetToken = Effect.fn('AccountService.checkResetToken')(function* (token: string) {
    const row = yield* accounts.findToken(tokenHash(token), TokenPurpose.passwordReset)
    if (!usableToken(row, yield* now)) return yield* fail(ErrorCode.resetTokenExpired)
  })

  const resetPassword = Effect.fn('AccountService.resetPassword')(function* (
    token: string,
    input: unknown,
    request: RequestInfo,
  ) {
    const form = yield* validate(ResetInput, input)
    // Only a live link is worth an Argon2 hash: anyone can post to a made-up link.
    const live = yield* accounts.findToken(tokenHash(token), TokenPurpose.passwordReset)
    if (!usableToken(live, yield* now)) return yield* fail(ErrorCode.resetTokenExpired)
    const passwordHash = yield* hashPassword(form.password)
    return yield* inTransaction(
      Effect.gen(function* () {
        const at = yield* now
        const row = yield* accounts.findTokenForUpdate(tokenHash(token), TokenPurpose.passwordReset)
        if (!row || !usableToken(row, at)) return yield* fail(ErrorCode.resetTokenExpired)
        const user = yield* accounts.findUserById(row.userId)
        if (!user) return yield* fail(ErrorCode.userNotFound)
        row.usedAt = at
        user.passwordHash = passwordHash
        // The link proved the e-mail address, so an account never activated becomes active.
        user.activatedAt ??= at
        user.updatedAt = at
        yield* accounts.flush()
        yield* accounts.revokeSessionsOf(user.id, at)
        // The owner proved the mailbox: whatever strangers counted against the account is void, and this
        // browser becomes a known device, which strangers' failures never lock.
        yield* clearAccountCounters(user.email, user.id)
        return { device: yield* rememberDevice(user.id, request) }
      }),
    )
  })

  return { forgotPassword, sendRequestedResets, checkResetToken, resetPassword }
}
