import { Em, preparedOnOwnConnection, preparedRead } from '@kibitz/kernel'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Context, Effect, Layer, Schema } from 'effect'
import { AuthAttemptEntity, KnownDeviceEntity } from './entities/AuthEntities.ts'

// The accounts domain's repository of sign-in counters (auth_attempt) and known devices (known_device), which
// the throttles of docs/decisions/028-sign-in-throttling.md rest on. Every method runs on the caller's
// EntityManager (docs/decisions/037-one-repository-form.md).

/** Every repository call runs on the caller's EntityManager; database failures are defects. */
type Db<A> = Effect.Effect<A, never, Em>

const db = <A>(f: (em: EntityManager) => Promise<A>): Db<A> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => f(em)))

const CountRow = Schema.Struct({
  count: Schema.Union([Schema.Int, Schema.NumberFromString]),
  oldest: Schema.NullOr(Schema.Union([Schema.Date, Schema.DateFromString])),
})
const decodeCount = Schema.decodeUnknownSync(Schema.Array(CountRow))
const IdRow = Schema.Struct({ id: Schema.Union([Schema.String, Schema.Number]) })
const decodeIdRow = Schema.decodeUnknownSync(Schema.Array(IdRow))

/** Sign-in counters and known devices (see the file's comment). */
export class SignInRepo extends Context.Service<
  SignInRepo,
  {
    /**
     * How many attempts of the key since `since` were counted up to and including attempt `upTo` (earlier
     * concurrent attempts count, later ones do not), and when the oldest of them was.
     */
    attemptsSince(
      scope: string,
      key: string,
      since: Date,
      upTo: string,
    ): Db<{ readonly count: number; readonly oldest: Date | null }>
    /**
     * Counts one attempt on a pooled connection of its own, so it is committed at once even when the caller
     * runs inside a transaction that later rolls back (a refused attempt must still count). Returns its id.
     */
    recordAttempt(scope: string, key: string, now: Date): Db<string>
    /** Takes back counted attempts that turned out not to be failures. */
    removeAttempts(ids: ReadonlyArray<string>): Db<void>
    clearAttempts(scope: string, key: string): Db<void>
    /**
     * Forgets an account's sign-in counters (a completed password reset): its failures from untrusted clients,
     * from each address (keys `<email> <address>`), from each known device (keys `<user id> <device>`) and its
     * current-password checks.
     */
    clearAccountAttempts(email: string, userId: number): Db<void>
    /** Whether the device with this token hash signed in to the user and is still remembered at `now`. */
    isKnownDevice(hash: string, userId: number, now: Date): Db<boolean>
    /** Whether any account still remembers a device with this token hash (a token worth keeping). */
    isRememberedDevice(hash: string, now: Date): Db<boolean>
    /** Remembers the device for the user until `now + validMs`, or extends the row it already has. */
    rememberDevice(hash: string, userId: number, now: Date, validMs: number): Db<void>
  }
>()('@kibitz/accounts/SignInRepo') {
  static readonly layer = Layer.succeed(
    SignInRepo,
    SignInRepo.of({
      attemptsSince: (scope, key, since, upTo) =>
        Effect.map(
          preparedRead(
            'select count(*) as count, min("at") as oldest from auth_attempt where scope = $1 and key = $2 and "at" > $3 and id <= $4',
            [scope, key, since, upTo],
          ),
          (rows) => decodeCount(rows)[0] ?? { count: 0, oldest: null },
        ),
      recordAttempt: (scope, key, now) =>
        Effect.map(
          // Old counters are useless; those of this key go as it is touched (in the same statement), keeping the
          // table small.
          preparedOnOwnConnection(
            `with old as (delete from auth_attempt where scope = $1 and key = $2 and "at" < $4)
             insert into auth_attempt (scope, key, "at") values ($1, $2, $3) returning id`,
            [scope, key, now, new Date(now.getTime() - 86_400_000)],
          ),
          (rows) => String(decodeIdRow(rows)[0]?.id ?? '0'),
        ),
      removeAttempts: (ids) =>
        ids.length === 0
          ? Effect.void
          : db((em) =>
              em
                .getConnection()
                .execute(`delete from auth_attempt where id in (${ids.map(() => '?').join(', ')})`, [...ids]),
            ).pipe(Effect.asVoid),
      clearAttempts: (scope, key) =>
        db((em) => em.nativeDelete(AuthAttemptEntity, { scope, key })).pipe(Effect.asVoid),
      clearAccountAttempts: (email, userId) =>
        db((em) =>
          em.execute(
            `delete from auth_attempt
                where (scope = 'login-account' and key = ?)
                   or (scope = 'login-pair' and starts_with(key, ?))
                   or (scope = 'login-device' and starts_with(key, ?))
                   or (scope = 'password-check' and key = ?)`,
            [email, `${email} `, `${userId} `, String(userId)],
          ),
        ).pipe(Effect.asVoid),
      isKnownDevice: (hash, userId, now) =>
        db(
          async (em) =>
            (await em.count(KnownDeviceEntity, { tokenHash: hash, userId, expiresAt: { $gt: now } })) > 0,
        ),
      isRememberedDevice: (hash, now) =>
        db(
          async (em) => (await em.count(KnownDeviceEntity, { tokenHash: hash, expiresAt: { $gt: now } })) > 0,
        ),
      rememberDevice: (hash, userId, now, validMs) =>
        db((em) =>
          em.execute(
            `insert into known_device (token_hash, user_id, created_at, last_used_at, expires_at)
               values (?, ?, ?, ?, ?)
               on conflict (token_hash, user_id) do update set last_used_at = excluded.last_used_at, expires_at = excluded.expires_at`,
            [hash, userId, now, now, new Date(now.getTime() + validMs)],
          ),
        ).pipe(Effect.asVoid),
    }),
  )
}
