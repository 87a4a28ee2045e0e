import { Em } from '@kibitz/kernel'
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Data, Effect, Schema } from 'effect'
import {
  AuthAttemptEntity,
  AuthTokenEntity,
  KnownDeviceEntity,
  SessionEntity,
  SocialIdentityEntity,
} from './entities/AuthEntities.ts'
import { OrganiserEntity, UserEntity } from './entities/UserEntity.ts'

// The only code of the accounts domain that touches MikroORM. Every function runs on the caller's
// EntityManager, so a service can group several of them in one transaction.

/** Runs one ORM call on the current EntityManager; database failures are defects. */
const db = <A>(f: (em: EntityManager) => Promise<A>): Effect.Effect<A, never, Em> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => f(em)))

/** A unique key refused the write: someone else got there first (two requests racing). */
export class Duplicate extends Data.TaggedError('Duplicate') {}

/** Like `db`, but a unique-key violation is the typed `Duplicate`, not a defect. */
const dbUnique = <A>(f: (em: EntityManager) => Promise<A>): Effect.Effect<A, Duplicate, Em> =>
  Effect.flatMap(Em, (em) =>
    Effect.tryPromise({ try: () => f(em), catch: (error) => error }).pipe(
      // One handler: a second catch-all after it would turn the Duplicate back into a defect.
      Effect.catch((error) =>
        error instanceof UniqueConstraintViolationException
          ? Effect.fail(new Duplicate())
          : Effect.die(error),
      ),
    ),
  )

export type User = UserEntity
export type Organiser = OrganiserEntity

/** Spec: purposes of e-mailed links. */
export const TokenPurpose = { activation: 1, passwordReset: 2, organiserDecision: 3, emailChange: 4 } as const
export type TokenPurpose = (typeof TokenPurpose)[keyof typeof TokenPurpose]

export const findUserById = (id: number) => db((em) => em.findOne(UserEntity, { id }))

export const findUserByEmail = (email: string) => db((em) => em.findOne(UserEntity, { email }))

export const findOrganiserOfUser = (userId: number) => db((em) => em.findOne(OrganiserEntity, { userId }))

export const findOrganiser = (id: number) => db((em) => em.findOne(OrganiserEntity, { id }))

/** Super users: the admin role (spec section 6), who receive organiser applications. */
export const superUsers = () => db((em) => em.find(UserEntity, { role: 2 }, { orderBy: { id: 'asc' } }))

export const createUser = (data: {
  email: string
  passwordHash: string | null
  firstName: string | null
  lastName: string | null
  language: string
  activatedAt: Date | null
  rulesAcceptedAt: Date | null
}) =>
  dbUnique(async (em) => {
    const user = em.create(UserEntity, { ...data, role: 1, isCompany: false, languages: [] })
    await em.flush()
    return user
  })

/** Writes the changes made to loaded entities. */
export const flush = () => db((em) => em.flush())

/** Writes the changes, reporting a unique-key clash (an e-mail taken meanwhile) as `Duplicate`. */
export const flushUnique = () => dbUnique((em) => em.flush())

/** The user row, locked until the transaction ends (for changes that must not interleave). */
export const findUserForUpdate = (id: number) =>
  db((em) => em.findOne(UserEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }))

export const createOrganiser = (data: {
  userId: number
  type: number
  name: string
  firstName: string | null
  lastName: string | null
  companyCode: string | null
  vatNumber: string | null
  countryCode: string
  phone: string
  websiteUrl: string | null
  email: string
}) =>
  dbUnique(async (em) => {
    const organiser = em.create(OrganiserEntity, { ...data, status: 1 })
    await em.flush()
    return organiser
  })

// --- e-mailed tokens

export const createToken = (data: {
  hash: string
  purpose: TokenPurpose
  userId: number
  organiserId?: number
  /** The new address an e-mail change link confirms. */
  email?: string
  now: Date
  validMs: number
}) =>
  db(async (em) => {
    em.create(AuthTokenEntity, {
      tokenHash: data.hash,
      purpose: data.purpose,
      userId: data.userId,
      organiserId: data.organiserId ?? null,
      email: data.email ?? null,
      createdAt: data.now,
      expiresAt: new Date(data.now.getTime() + data.validMs),
    })
    await em.flush()
  })

/** The token with this hash and purpose, locked for the transition that uses it. */
export const findTokenForUpdate = (hash: string, purpose: TokenPurpose) =>
  db((em) =>
    em.findOne(AuthTokenEntity, { tokenHash: hash, purpose }, { lockMode: LockMode.PESSIMISTIC_WRITE }),
  )

export const findToken = (hash: string, purpose: TokenPurpose) =>
  db((em) => em.findOne(AuthTokenEntity, { tokenHash: hash, purpose }))

/** Whether a token of this purpose was issued to the user after `since` (to avoid e-mail floods). */
export const hasRecentToken = (userId: number, purpose: TokenPurpose, since: Date) =>
  db(async (em) => (await em.count(AuthTokenEntity, { userId, purpose, createdAt: { $gt: since } })) > 0)

/** The address of the user's newest e-mail change that still waits for its confirmation, if any. */
export const pendingEmailOf = (userId: number, now: Date) =>
  db(async (em) => {
    const row = await em.findOne(
      AuthTokenEntity,
      { userId, purpose: TokenPurpose.emailChange, usedAt: null, expiresAt: { $gt: now } },
      { orderBy: { id: 'desc' } },
    )
    return row?.email ?? null
  })

/** Voids every unused token of this purpose for the user (a new reset link replaces the old ones). */
export const voidTokens = (userId: number, purpose: TokenPurpose, now: Date) =>
  db((em) => em.nativeUpdate(AuthTokenEntity, { userId, purpose, usedAt: null }, { usedAt: now }))

// --- sessions

export const createSession = (data: {
  hash: string
  userId: number
  now: Date
  idleMs: number
  absoluteMs: number
  ip: string | null
  userAgent: string | null
}) =>
  db(async (em) => {
    em.create(SessionEntity, {
      tokenHash: data.hash,
      userId: data.userId,
      createdAt: data.now,
      lastSeenAt: data.now,
      expiresAt: new Date(data.now.getTime() + data.idleMs),
      absoluteExpiresAt: new Date(data.now.getTime() + data.absoluteMs),
      revokedAt: null,
      ip: data.ip?.slice(0, 64) ?? null,
      userAgent: data.userAgent?.slice(0, 300) ?? null,
    })
    await em.flush()
  })

export const findSession = (hash: string) => db((em) => em.findOne(SessionEntity, { tokenHash: hash }))

export const revokeSession = (hash: string, now: Date) =>
  db((em) => em.nativeUpdate(SessionEntity, { tokenHash: hash, revokedAt: null }, { revokedAt: now }))

/** Ends every session of the user but `keepHash` (after a password change or reset). */
export const revokeSessionsOf = (userId: number, now: Date, keepHash?: string) =>
  db((em) =>
    em.nativeUpdate(
      SessionEntity,
      keepHash ? { userId, revokedAt: null, tokenHash: { $ne: keepHash } } : { userId, revokedAt: null },
      { revokedAt: now },
    ),
  )

// --- social identities

export const findIdentity = (provider: number, subject: string) =>
  db((em) => em.findOne(SocialIdentityEntity, { provider, subject }))

export const identitiesOf = (userId: number) =>
  db((em) => em.find(SocialIdentityEntity, { userId }, { orderBy: { provider: 'asc' } }))

export const addIdentity = (data: {
  userId: number
  provider: number
  subject: string
  email: string | null
  now: Date
}) =>
  dbUnique(async (em) => {
    em.create(SocialIdentityEntity, {
      userId: data.userId,
      provider: data.provider,
      subject: data.subject,
      email: data.email,
      createdAt: data.now,
    })
    await em.flush()
  })

export const removeIdentity = (userId: number, provider: number) =>
  db((em) => em.nativeDelete(SocialIdentityEntity, { userId, provider }))

// --- throttling

const CountRow = Schema.Struct({
  count: Schema.Union([Schema.Int, Schema.NumberFromString]),
  oldest: Schema.NullOr(Schema.Union([Schema.Date, Schema.DateFromString])),
})
const decodeCount = Schema.decodeUnknownSync(Schema.Array(CountRow))

/**
 * How many attempts of the key since `since` were counted up to and including attempt `upTo` (earlier
 * concurrent attempts count, later ones do not), and when the oldest of them was.
 */
export const attemptsSince = (scope: string, key: string, since: Date, upTo: string) =>
  db(async (em) => {
    const rows = decodeCount(
      await em.execute(
        'select count(*) as count, min("at") as oldest from auth_attempt where scope = ? and key = ? and "at" > ? and id <= ?',
        [scope, key, since, upTo],
      ),
    )
    return rows[0] ?? { count: 0, oldest: null }
  })

const IdRow = Schema.Struct({ id: Schema.Union([Schema.String, Schema.Number]) })
const decodeIdRow = Schema.decodeUnknownSync(Schema.Array(IdRow))

/**
 * Counts one attempt on a pooled connection of its own, so it is committed at once even when the caller
 * runs inside a transaction that later rolls back (a refused attempt must still count). Returns its id.
 */
export const recordAttempt = (scope: string, key: string, now: Date) =>
  db(async (em) => {
    const connection = em.getConnection()
    const [row] = decodeIdRow(
      await connection.execute('insert into auth_attempt (scope, key, "at") values (?, ?, ?) returning id', [
        scope,
        key,
        now,
      ]),
    )
    // Old counters are useless; drop them for this key as it is touched, keeping the table small.
    await connection.execute('delete from auth_attempt where scope = ? and key = ? and "at" < ?', [
      scope,
      key,
      new Date(now.getTime() - 86_400_000),
    ])
    return String(row?.id ?? '0')
  })

/** Takes back counted attempts that turned out not to be failures. */
export const removeAttempts = (ids: ReadonlyArray<string>) =>
  ids.length === 0
    ? Effect.void
    : db((em) =>
        em
          .getConnection()
          .execute(`delete from auth_attempt where id in (${ids.map(() => '?').join(', ')})`, [...ids]),
      ).pipe(Effect.asVoid)

export const clearAttempts = (scope: string, key: string) =>
  db((em) => em.nativeDelete(AuthAttemptEntity, { scope, key }))

/**
 * Forgets an account's sign-in counters (a completed password reset): its failures from untrusted clients, from
 * each address (keys `<email> <address>`), from each known device (keys `<user id> <device>`) and its
 * current-password checks.
 */
export const clearAccountAttempts = (email: string, userId: number) =>
  db((em) =>
    em.execute(
      `delete from auth_attempt
          where (scope = 'login-account' and key = ?)
             or (scope = 'login-pair' and starts_with(key, ?))
             or (scope = 'login-device' and starts_with(key, ?))
             or (scope = 'password-check' and key = ?)`,
      [email, `${email} `, `${userId} `, String(userId)],
    ),
  ).pipe(Effect.asVoid)

// --- known devices

/** Whether the device with this token hash signed in to the user and is still remembered at `now`. */
export const isKnownDevice = (hash: string, userId: number, now: Date) =>
  db(
    async (em) =>
      (await em.count(KnownDeviceEntity, { tokenHash: hash, userId, expiresAt: { $gt: now } })) > 0,
  )

/** Whether any account still remembers a device with this token hash (a token worth keeping). */
export const isRememberedDevice = (hash: string, now: Date) =>
  db(async (em) => (await em.count(KnownDeviceEntity, { tokenHash: hash, expiresAt: { $gt: now } })) > 0)

/** Remembers the device for the user until `now + validMs`, or extends the row it already has. */
export const rememberDevice = (hash: string, userId: number, now: Date, validMs: number) =>
  db((em) =>
    em.execute(
      `insert into known_device (token_hash, user_id, created_at, last_used_at, expires_at)
         values (?, ?, ?, ?, ?)
         on conflict (token_hash, user_id) do update set last_used_at = excluded.last_used_at, expires_at = excluded.expires_at`,
      [hash, userId, now, now, new Date(now.getTime() + validMs)],
    ),
  ).pipe(Effect.asVoid)

// --- password reset requests

/** Queues a forgot-password request for the worker; the same single insert whatever the address. */
export const requestReset = (email: string, now: Date) =>
  db((em) =>
    em.execute('insert into password_reset_request (email, requested_at) values (?, ?)', [email, now]),
  ).pipe(Effect.asVoid)

const ResetRequestRow = Schema.Struct({
  id: Schema.Union([Schema.String, Schema.Number]),
  email: Schema.String,
})
const decodeResetRequests = Schema.decodeUnknownSync(Schema.Array(ResetRequestRow))

/**
 * Takes the oldest queued request, rows other workers hold skipped; null when none is left. Inside a transaction
 * the row comes back if it rolls back, so a request is handled at least once.
 */
export const takeResetRequest = () =>
  db(async (em) => {
    const [row] = decodeResetRequests(
      await em.execute(
        `delete from password_reset_request where id = (
           select id from password_reset_request order by id limit 1 for update skip locked
         ) returning id, email`,
      ),
    )
    return row ? { id: String(row.id), email: row.email } : null
  })

/** Drops one queued request for good (one that could not be handled: retrying it would block the queue). */
export const dropResetRequest = (id: string) =>
  db((em) => em.execute('delete from password_reset_request where id = ?', [id])).pipe(Effect.asVoid)

// --- upkeep

const GoneRow = Schema.Struct({ n: Schema.Int })
const decodeGone = Schema.decodeUnknownSync(Schema.Array(GoneRow))

/** The accounts tables that only ever grow, with the time columns their rows age by. */
export type Expiring =
  | { readonly table: 'auth_attempt'; readonly column: 'at' }
  | { readonly table: 'user_session'; readonly column: 'expires_at' | 'revoked_at' }
  | { readonly table: 'auth_token'; readonly column: 'expires_at' | 'used_at' }
  | { readonly table: 'known_device'; readonly column: 'expires_at' }

/**
 * Deletes at most `limit` rows whose time column is before `before`, as a range on its index (see the
 * migrations), so a backlog never holds a long lock; how many went.
 */
export const deleteBatchBefore = ({ table, column }: Expiring, before: Date, limit: number) =>
  db(async (em) => {
    const rows = decodeGone(
      await em.execute(
        `with gone as (
           delete from "${table}" where id in (select id from "${table}" where "${column}" < ? limit ?)
           returning 1
         )
         select count(*)::int as n from gone`,
        [before, limit],
      ),
    )
    return rows[0]?.n ?? 0
  })
