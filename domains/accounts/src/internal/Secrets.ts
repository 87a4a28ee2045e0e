import { argon2, createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { Effect, Semaphore } from 'effect'

// Passwords are hashed with Argon2id (OWASP's minimum: 19 MiB, 2 passes, 1 lane) and stored as a PHC
// string, so the parameters can be raised later while old hashes still verify. E-mailed tokens and session
// tokens are random 256-bit values of which only the SHA-256 is stored.

const params = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const

/**
 * At most four hashes at a time per process: each takes 19 MiB and a thread of the libuv pool, so a burst of
 * logins queues here instead of starving the pool (and the file and DNS work that shares it).
 */
const hashing = Semaphore.makeUnsafe(4)

const derive = (
  password: string,
  salt: Buffer,
  p: { memory: number; passes: number; parallelism: number; tagLength: number },
) =>
  hashing.withPermits(1)(
    Effect.callback<Buffer>((resume) => {
      argon2('argon2id', { message: password, nonce: salt, ...p }, (error, key) => {
        if (error) resume(Effect.die(error))
        else resume(Effect.succeed(key))
      })
    }),
  )

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '')

/** Hashes a password with Argon2id into a PHC string. */
export const hashPassword = (password: string): Effect.Effect<string> =>
  Effect.gen(function* () {
    const salt = randomBytes(16)
    const key = yield* derive(password, salt, params)
    return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(salt)}$${b64(key)}`
  })

const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/

/** Whether `password` matches the stored PHC string (constant-time comparison; false for a malformed hash). */
export const verifyPassword = (password: string, stored: string): Effect.Effect<boolean> =>
  Effect.gen(function* () {
    const match = phc.exec(stored)
    if (!match) return false
    const [, m, t, p, salt, hash] = match
    const expected = Buffer.from(hash ?? '', 'base64')
    const key = yield* derive(password, Buffer.from(salt ?? '', 'base64'), {
      memory: Number(m),
      passes: Number(t),
      parallelism: Number(p),
      tagLength: expected.length,
    })
    return key.length === expected.length && timingSafeEqual(key, expected)
  })

/** A hash to verify against when no user matched, so a wrong e-mail costs as much time as a wrong password. */
let decoy: string | undefined
export const decoyHash = (): Effect.Effect<string> => {
  if (decoy) return Effect.succeed(decoy)
  return Effect.map(hashPassword(randomBytes(12).toString('hex')), (hash) => {
    decoy = hash
    return hash
  })
}

/** A new random token for a link or a session (URL-safe, 256 bits). */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** What is stored of a token: its SHA-256 in hex. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex')
