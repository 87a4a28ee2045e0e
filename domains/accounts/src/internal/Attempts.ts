import { Clock, Effect } from 'effect'
import type { SignInRepo } from './SignInRepo.ts'

/**
 * Counts one attempt of `key` in `scope` first, then answers whether the last `windowMs` already held `limit`
 * earlier ones: counting before checking means concurrent attempts cannot all pass one check. A refused attempt
 * is taken back and answers when the oldest counted one leaves the window. The one counter behind the accounts'
 * throttles and the kernel's RateLimit.
 */
export const attemptCounter = (repo: SignInRepo['Service']) =>
  Effect.fn('countAttempt')(function* (scope: string, key: string, limit: number, windowMs: number) {
    const at = new Date(yield* Clock.currentTimeMillis)
    const id = yield* repo.recordAttempt(scope, key, at)
    const { count, oldest } = yield* repo.attemptsSince(scope, key, new Date(at.getTime() - windowMs), id)
    if (count <= limit) return { allowed: true as const, id }
    yield* repo.removeAttempts([id])
    const freeAt = (oldest?.getTime() ?? at.getTime()) + windowMs
    return {
      allowed: false as const,
      retryAfterSeconds: Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000)),
    }
  })
