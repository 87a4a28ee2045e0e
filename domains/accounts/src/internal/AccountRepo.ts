import { Em, preparedRead } from '@kibitz/kernel'
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Context, Data, Effect, Layer, Schema } from 'effect'
import { OrganiserStatus } from '../Organiser.ts'
import { AuthTokenEntity, SessionEntity, SocialIdentityEntity } from './entities/AuthEntities.ts'
import { OrganiserEntity, UserEntity } from './entities/UserEntity.ts'

/** What the public sees of an accepted organiser (OrganiserService.publicOrganisers). */
const PublicOrganiserRow = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  websiteUrl: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
})
export type PublicOrganiserRow = typeof PublicOrganiserRow.Type
const decodePublicOrganiserRows = Schema.decodeUnknownSync(Schema.Array(PublicOrganiserRow))

// The accounts domain's repository of users, organisers, e-mailed links, sessions, social identities, the
// forgot-password queue and the upkeep of the tables that only grow; SignInRepo holds the sign-in counters and
// known devices. Every method runs on the caller's EntityManager, so a service can group several in one
// transaction (docs/decisions/037-one-repository-form.md).

/** Every repository call runs on the caller's EntityManager; database failures are defects. */
type Db<A> = Effect.Effect<A, never, Em>

/** Runs one ORM call on the current EntityManager; database failures are defects. */
const db = <A>(f: (em: EntityManager) => Promise<A>): Db<A> =>
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

export interface NewUser {
  readonly email: string
  readonly passwordHash: string | null
  readonly firstName: string | null
  readonly lastName: string | null
  readonly language: string
  readonly activatedAt: Date | null
  readonly rulesAcceptedAt: Date | null
}

export interface NewOrganiser {
  readonly userId: number
  readonly type: number
  readonly name: string
  readonly firstName: string | null
  readonly lastName: string | null
  readonly companyCode: string | null
  readonly vatNumber: string | null
  readonly countryCode: string
  readonly phone: string
  readonly websiteUrl: string | null
  readonly email: string
}

export interface NewToken {
  readonly hash: string
  readonly purpose: TokenPurpose
  readonly userId: number
  readonly organiserId?: number
  /** The new address an e-mail change link confirms. */
  readonly email?: string
  readonly now: Date
  readonly validMs: number
}

export interface NewSession {
  readonly hash: string
  readonly userId: number
  readonly now: Date
  readonly idleMs: number
  readonly absoluteMs: number
  readonly ip: string | null
  readonly userAgent: string | null
}

export interface NewIdentity {
  readonly userId: number
  readonly provider: number
  readonly subject: string
  readonly email: string | null
  readonly now: Date
}

/** The accounts tables that only ever grow, with the time columns their rows age by. */
export type Expiring =
  | { readonly table: 'auth_attempt'; readonly column: 'at' }
  | { readonly table: 'user_session'; readonly column: 'expires_at' | 'revoked_at' }
  | { readonly table: 'auth_token'; readonly column: 'expires_at' | 'used_at' }
  | { readonly table: 'known_device'; readonly column: 'expires_at' }

const ResetRequestRow = Schema.Struct({
  id: Schema.Union([Schema.String, Schema.Number]),
  email: Schema.String,
})
const decodeResetRequests = Schema.decodeUnknownSync(Schema.Array(ResetRequestRow))
const GoneRow = Schema.Struct({ n: Schema.Int })
const decodeGone = Schema.decodeUnknownSync(Schema.Array(GoneRow))

/** The accounts tables' repository (see the file's comment). */
export class AccountRepo extends Context.Service<
  AccountRepo,
  {
    findUserById(id: number): Db<User | null>
    findUserByEmail(email: string): Db<User | null>
    /** The user row, locked until the transaction ends (for changes that must not interleave). */
    findUserForUpdate(id: number): Db<User | null>
    /** Super users: the admin role (spec section 6), who receive organiser applications. */
    superUsers(): Db<ReadonlyArray<User>>
    createUser(data: NewUser): Effect.Effect<User, Duplicate, Em>
    /** Writes the changes made to loaded entities. */
    flush(): Db<void>
    /** Writes the changes, reporting a unique-key clash (an e-mail taken meanwhile) as `Duplicate`. */
    flushUnique(): Effect.Effect<void, Duplicate, Em>

    findOrganiser(id: number): Db<Organiser | null>
    findOrganiserOfUser(userId: number): Db<Organiser | null>
    createOrganiser(data: NewOrganiser): Effect.Effect<Organiser, Duplicate, Em>
    /** What the public sees of the accepted organisers among `ids`, by id: one shaped read, no entity. */
    acceptedOrganisers(ids: ReadonlyArray<number>): Db<ReadonlyArray<PublicOrganiserRow>>
    /** Every accepted organiser, by name. */
    acceptedOrganisersByName(): Db<ReadonlyArray<Organiser>>

    createToken(data: NewToken): Db<void>
    /** The token with this hash and purpose, locked for the transition that uses it. */
    findTokenForUpdate(hash: string, purpose: TokenPurpose): Db<AuthTokenEntity | null>
    findToken(hash: string, purpose: TokenPurpose): Db<AuthTokenEntity | null>
    /** Whether a token of this purpose was issued to the user after `since` (to avoid e-mail floods). */
    hasRecentToken(userId: number, purpose: TokenPurpose, since: Date): Db<boolean>
    /** The address of the user's newest e-mail change that still waits for its confirmation, if any. */
    pendingEmailOf(userId: number, now: Date): Db<string | null>
    /** Voids every unused token of this purpose for the user (a new reset link replaces the old ones). */
    voidTokens(userId: number, purpose: TokenPurpose, now: Date): Db<void>

    createSession(data: NewSession): Db<void>
    findSession(hash: string): Db<SessionEntity | null>
    revokeSession(hash: string, now: Date): Db<void>
    /** Ends every session of the user but `keepHash` (after a password change or reset). */
    revokeSessionsOf(userId: number, now: Date, keepHash?: string): Db<void>

    findIdentity(provider: number, subject: string): Db<SocialIdentityEntity | null>
    identitiesOf(userId: number): Db<ReadonlyArray<SocialIdentityEntity>>
    addIdentity(data: NewIdentity): Effect.Effect<void, Duplicate, Em>
    removeIdentity(userId: number, provider: number): Db<void>

    /** Queues a forgot-password request for the worker; the same single insert whatever the address. */
    requestReset(email: string, now: Date): Db<void>
    /**
     * Takes the oldest queued request, rows other workers hold skipped; null when none is left. Inside a
     * transaction the row comes back if it rolls back, so a request is handled at least once.
     */
    takeResetRequest(): Db<{ readonly id: string; readonly email: string } | null>
    /** Drops one queued request for good (one that could not be handled: retrying it would block the queue). */
    dropResetRequest(id: string): Db<void>

    /**
     * Deletes at most `limit` rows whose time column is before `before`, as a range on its index (see the
     * migrations), so a backlog never holds a long lock; how many went.
     */
    deleteBatchBefore(target: Expiring, before: Date, limit: number): Db<number>
  }
>()('@kibitz/accounts/AccountRepo') {
  static readonly layer = Layer.succeed(
    AccountRepo,
    AccountRepo.of({
      findUserById: (id) => db((em) => em.findOne(UserEntity, { id })),
      findUserByEmail: (email) => db((em) => em.findOne(UserEntity, { email })),
      findUserForUpdate: (id) =>
        db((em) => em.findOne(UserEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE })),
      superUsers: () => db((em) => em.find(UserEntity, { role: 2 }, { orderBy: { id: 'asc' } })),
      createUser: (data) =>
        dbUnique(async (em) => {
          const user = em.create(UserEntity, { ...data, role: 1, isCompany: false, languages: [] })
          await em.flush()
          return user
        }),
      flush: () => db((em) => em.flush()),
      flushUnique: () => dbUnique((em) => em.flush()),

      findOrganiser: (id) => db((em) => em.findOne(OrganiserEntity, { id })),
      findOrganiserOfUser: (userId) => db((em) => em.findOne(OrganiserEntity, { userId })),
      createOrganiser: (data) =>
        dbUnique(async (em) => {
          const organiser = em.create(OrganiserEntity, { ...data, status: 1 })
          await em.flush()
          return organiser
        }),
      acceptedOrganisers: (ids) =>
        ids.length === 0
          ? Effect.succeed([])
          : preparedRead(
              `select id, name, website_url as "websiteUrl", image_url as "imageUrl", email, phone
                 from organiser where status = $1 and id in (${ids.map((_, i) => `$${i + 2}`).join(',')}) order by id`,
              [OrganiserStatus.accepted, ...ids],
            ).pipe(Effect.map(decodePublicOrganiserRows)),
      acceptedOrganisersByName: () =>
        db((em) =>
          em.find(
            OrganiserEntity,
            { status: OrganiserStatus.accepted },
            { orderBy: { name: 'asc', id: 'asc' } },
          ),
        ),

      createToken: (data) =>
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
        }),
      findTokenForUpdate: (hash, purpose) =>
        db((em) =>
          em.findOne(AuthTokenEntity, { tokenHash: hash, purpose }, { lockMode: LockMode.PESSIMISTIC_WRITE }),
        ),
      findToken: (hash, purpose) => db((em) => em.findOne(AuthTokenEntity, { tokenHash: hash, purpose })),
      hasRecentToken: (userId, purpose, since) =>
        db(
          async (em) => (await em.count(AuthTokenEntity, { userId, purpose, createdAt: { $gt: since } })) > 0,
        ),
      pendingEmailOf: (userId, now) =>
        db(async (em) => {
          const row = await em.findOne(
            AuthTokenEntity,
            { userId, purpose: TokenPurpose.emailChange, usedAt: null, expiresAt: { $gt: now } },
            { orderBy: { id: 'desc' } },
          )
          return row?.email ?? null
        }),
      voidTokens: (userId, purpose, now) =>
        db((em) => em.nativeUpdate(AuthTokenEntity, { userId, purpose, usedAt: null }, { usedAt: now })).pipe(
          Effect.asVoid,
        ),

      createSession: (data) =>
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
        }),
      findSession: (hash) => db((em) => em.findOne(SessionEntity, { tokenHash: hash })),
      revokeSession: (hash, now) =>
        db((em) =>
          em.nativeUpdate(SessionEntity, { tokenHash: hash, revokedAt: null }, { revokedAt: now }),
        ).pipe(Effect.asVoid),
      revokeSessionsOf: (userId, now, keepHash) =>
        db((em) =>
          em.nativeUpdate(
            SessionEntity,
            keepHash
              ? { userId, revokedAt: null, tokenHash: { $ne: keepHash } }
              : { userId, revokedAt: null },
            { revokedAt: now },
          ),
        ).pipe(Effect.asVoid),

      findIdentity: (provider, subject) =>
        db((em) => em.findOne(SocialIdentityEntity, { provider, subject })),
      identitiesOf: (userId) =>
        db((em) => em.find(SocialIdentityEntity, { userId }, { orderBy: { provider: 'asc' } })),
      addIdentity: (data) =>
        dbUnique(async (em) => {
          em.create(SocialIdentityEntity, {
            userId: data.userId,
            provider: data.provider,
            subject: data.subject,
            email: data.email,
            createdAt: data.now,
          })
          await em.flush()
        }),
      removeIdentity: (userId, provider) =>
        db((em) => em.nativeDelete(SocialIdentityEntity, { userId, provider })).pipe(Effect.asVoid),

      requestReset: (email, now) =>
        db((em) =>
          em.execute('insert into password_reset_request (email, requested_at) values (?, ?)', [email, now]),
        ).pipe(Effect.asVoid),
      takeResetRequest: () =>
        db(async (em) => {
          const [row] = decodeResetRequests(
            await em.execute(
              `delete from password_reset_request where id = (
                 select id from password_reset_request order by id limit 1 for update skip locked
               ) returning id, email`,
            ),
          )
          return row ? { id: String(row.id), email: row.email } : null
        }),
      dropResetRequest: (id) =>
        db((em) => em.execute('delete from password_reset_request where id = ?', [id])).pipe(Effect.asVoid),

      deleteBatchBefore: ({ table, column }, before, limit) =>
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
        }),
    }),
  )
}
