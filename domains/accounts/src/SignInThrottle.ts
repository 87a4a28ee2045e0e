import { Effect } from 'effect'
import { Throttled } from './Account.ts'
import { AccountLimits } from './AccountLimits.ts'
import type { RequestInfo } from './AccountRequest.ts'
import { now } from './internal/AccountKit.ts'
import { attemptCounter } from './internal/Attempts.ts'
import { newToken, tokenHash } from './internal/Secrets.ts'
import type { SignInRepo } from './internal/SignInRepo.ts'

// Sign-in throttling that strangers cannot turn against an account's owner, and the known devices it rests on
// (OWASP's device cookies): docs/decisions/028-sign-in-throttling.md. Counted attempts per key in a sliding
// window; a browser an account signed in from counts only against its own budget.

/** The hash of a device token as the browser sent it; anything not shaped like our tokens is no device. */
const deviceHash = (request: RequestInfo) =>
  request.device !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(request.device)
    ? tokenHash(request.device)
    : null

/** One login attempt as counted: the attempts to take back and the counter to clear if the password is right. */
export interface CountedLogin {
  readonly ids: ReadonlyArray<string>
  readonly scope: 'login-pair' | 'login-device'
  readonly key: string
}

/** The sign-in throttles over the counters and known devices of `repo`. */
export const signInThrottle = (repo: SignInRepo['Service']) => {
  const countAttempt = attemptCounter(repo)

  /**
   * Counts this attempt first, then refuses it when the window already held `limit` earlier attempts, so
   * concurrent requests cannot all pass one check. Returns the attempt's id, for `forgive`.
   */
  const reserve = Effect.fn('SignInThrottle.reserve')(function* (scope: string, key: string, limit: number) {
    const counted = yield* countAttempt(scope, key, limit, AccountLimits.windowMs)
    if (counted.allowed) return counted.id
    return yield* new Throttled({ retryAfterSeconds: counted.retryAfterSeconds })
  })

  /** Takes back attempts that turned out not to be failures (a right password). */
  const forgive = (ids: ReadonlyArray<string>) => repo.removeAttempts(ids)

  /** Reserves one attempt under each limit in turn; a refusal takes back the ones already counted. */
  const reserveAll = Effect.fn('SignInThrottle.reserveAll')(function* (
    limits: ReadonlyArray<readonly [scope: string, key: string, limit: number]>,
  ) {
    const ids: Array<string> = []
    for (const [scope, key, limit] of limits) {
      ids.push(yield* reserve(scope, key, limit).pipe(Effect.tapError(() => forgive(ids))))
    }
    return ids
  })

  /**
   * Names the user as known on the browser: the token it sent when some account still remembers it (one
   * browser, several accounts), else a new one. Answers the token for the device cookie.
   */
  const rememberDevice = Effect.fn('SignInThrottle.rememberDevice')(function* (
    userId: number,
    request: RequestInfo,
  ) {
    const at = yield* now
    const sent = deviceHash(request)
    const keep = request.device !== undefined && sent !== null && (yield* repo.isRememberedDevice(sent, at))
    const device = keep && request.device !== undefined ? request.device : newToken()
    yield* repo.rememberDevice(tokenHash(device), userId, at, AccountLimits.knownDeviceMs)
    return device
  })

  /**
   * Counts a login attempt for `email` (whose account is `userId`, null when there is none) before its password
   * is judged, or fails with Throttled. The same statements run whether the account exists or not, so the answer's
   * timing does not tell which addresses are registered.
   */
  const countLogin = Effect.fn('SignInThrottle.countLogin')(function* (
    email: string,
    userId: number | null,
    request: RequestInfo,
  ) {
    const sent = deviceHash(request)
    // The lookup runs for an unknown address too (with an id that names nobody): anyone can send a well-formed
    // cookie, and a lookup made only for real accounts would make them answer measurably slower.
    const known = sent !== null && (yield* repo.isKnownDevice(sent, userId ?? 0, yield* now))
    if (known && userId !== null) {
      // A browser this account signed in from answers only for its own failures, so strangers failing from
      // anywhere never lock the owner out of it.
      const key = `${userId} ${sent}`
      const id = yield* reserve('login-device', key, AccountLimits.failedLoginsPerDevice)
      return { ids: [id], scope: 'login-device', key } satisfies CountedLogin
    }
    // Any other client counts for the account from its address (one guesser), for its address (sized for a
    // venue's shared one) and for the account (a guesser spread over many addresses).
    const key = `${email} ${request.ip}`
    const ids = yield* reserveAll([
      ['login-pair', key, AccountLimits.failedLoginsPerAccountAndAddress],
      ['login-ip', request.ip, AccountLimits.failedLoginsPerAddress],
      ['login-account', email, AccountLimits.failedLoginsPerAccount],
    ])
    return { ids, scope: 'login-pair', key } satisfies CountedLogin
  })

  /**
   * A right password: takes its attempts back and clears the counter it came through (this address's or this
   * device's), not the others: the owner signing in must not hand a guesser a fresh allowance elsewhere.
   */
  const forgiveLogin = (counted: CountedLogin) =>
    Effect.andThen(forgive(counted.ids), repo.clearAttempts(counted.scope, counted.key))

  /** A completed password reset: every sign-in counter of the account is void (decision 028). */
  const clearAccountCounters = (email: string, userId: number) => repo.clearAccountAttempts(email, userId)

  return { reserve, forgive, rememberDevice, countLogin, forgiveLogin, clearAccountCounters }
}

/** The throttles every part of the accounts service counts through. */
export type SignInThrottle = ReturnType<typeof signInThrottle>
