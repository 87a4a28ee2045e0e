import { type Db, db, preparedRead, preparedWrite } from '@kibitz/kernel'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Context, Effect, Layer, Schema } from 'effect'
import type { EntryQuery } from '../Registration.ts'
import { EntryAuditEntity, EntryEntity, type StoredLine } from './entities/EntryEntity.ts'

// The only code that writes registrations: entries with their contestants, row locks for the transitions,
// the audit trail, the expiry job's batch and the idempotency keys (a service, docs/decisions/037).

const Ids = Schema.Array(Schema.Struct({ id: Schema.Int }))
const decodeIds = Schema.decodeUnknownSync(Ids)

export interface NewContestant {
  readonly firstName: string
  readonly lastName: string
  readonly countryCode: string
  readonly email: string
  readonly federationId: string | null
  readonly federationVerified: boolean | null
  readonly ticketId: number
  readonly ageCategoryId: number | null
}

export interface NewEntry {
  readonly eventId: number
  readonly tournamentId: number
  readonly userId: number | null
  readonly status: 'pending' | 'confirmed'
  readonly teamName: string | null
  readonly contactEmail: string
  readonly language: string
  readonly totalMinor: number
  readonly currencyCode: string
  readonly lines: ReadonlyArray<StoredLine>
  readonly paymentMethod: string
  readonly statusTokenHash: string
  readonly expiresAt: Date | null
  readonly paidAt: Date | null
  readonly contestants: ReadonlyArray<NewContestant>
}

/** A new entry as it is written: its id taken beforehand (`claimEntry`), so its reference and e-mail are known. */
export interface NewEntryRow extends NewEntry {
  readonly id: number
  readonly reference: string | null
}

/** The 'registered' audit row of a new entry. */
export interface RegisteredAudit {
  readonly actorUserId: number | null
  readonly details: object
}

/**
 * Takes the id of the entry a registration is about to write and, when the request carries an idempotency key,
 * the key for this transaction: null when the key is taken (a concurrent transaction holding it makes this wait
 * for it, then answer null: its entry is the answer). One statement, and no row of another table is locked.
 */
const claimEntry = (key: { readonly hash: string; readonly request: string } | null) =>
  Effect.map(
    key === null
      ? preparedWrite(`select nextval('entry_id_seq')::int as id`, [])
      : preparedWrite(
          `insert into registration_request (key_hash, request_hash) values ($1, $2)
           on conflict (key_hash) do nothing returning nextval('entry_id_seq')::int as id`,
          [key.hash, key.request],
        ),
    (rows) => decodeIds(rows)[0]?.id ?? null,
  )

const contestantColumns = `position int, first_name text, last_name text, country_code text, email text,
  federation_id text, federation_verified boolean, ticket_id int, age_category_id int`

/** The statement writing a new entry: $1–$19 the entry, $20 its contestants, $21–$23 its audit row. */
const registeredSql = (tie: string) => `with e as (
     insert into entry (id, tournament_id, event_id, ticket_id, status, team_name, user_id, contact_email,
       language, total_minor, currency_code, lines, payment_method, reference, status_token_hash, expires_at,
       paid_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16, $17, $18, $19)
     returning id
   ), players as (
     insert into contestant (entry_id, position, first_name, last_name, country_code, email, federation_id,
       federation_verified, ticket_id, age_category_id)
     select e.id, c.position, c.first_name, c.last_name, c.country_code, c.email, c.federation_id,
       c.federation_verified, c.ticket_id, c.age_category_id
     from e cross join jsonb_to_recordset($20::jsonb) as c(${contestantColumns})
   ), audit as (
     insert into entry_audit (entry_id, actor_user_id, action, details, at)
     select e.id, $21, 'registered', $22::jsonb, $23 from e
   )${tie}
   select id from e`
const registeredSqlAlone = registeredSql('')
/** The same, and the claimed key ($25) tied to the entry with the status link's secret ($24). */
const registeredSqlWithKey = registeredSql(`, request as (
     update registration_request r set entry_id = e.id, status_token = $24 from e where r.key_hash = $25
   )`)

/**
 * Writes a new entry with its contestants and its 'registered' audit row, and ties the claimed idempotency key
 * (if any) to it with the status link's secret: one statement, with no read of the entry back.
 */
const insertRegistered = (
  entry: NewEntryRow,
  audit: RegisteredAudit,
  request: { readonly keyHash: string; readonly statusToken: string } | null,
) =>
  Effect.suspend(() => {
    const at = new Date()
    const contestants = entry.contestants.map((c, position) => ({
      position,
      first_name: c.firstName,
      last_name: c.lastName,
      country_code: c.countryCode,
      email: c.email,
      federation_id: c.federationId,
      federation_verified: c.federationVerified,
      ticket_id: c.ticketId,
      age_category_id: c.ageCategoryId,
    }))
    const values = [
      entry.id,
      entry.tournamentId,
      entry.eventId,
      entry.contestants[0]?.ticketId ?? null,
      entry.status,
      entry.teamName,
      entry.userId,
      entry.contactEmail,
      entry.language,
      entry.totalMinor,
      entry.currencyCode,
      JSON.stringify(entry.lines),
      entry.paymentMethod,
      entry.reference,
      entry.statusTokenHash,
      entry.expiresAt,
      entry.paidAt,
      at,
      at,
      JSON.stringify(contestants),
      audit.actorUserId,
      JSON.stringify(audit.details),
      at,
    ]
    return Effect.asVoid(
      request === null
        ? preparedWrite(registeredSqlAlone, values)
        : preparedWrite(registeredSqlWithKey, [...values, request.statusToken, request.keyHash]),
    )
  })

/** Locks one entry until the transaction ends and reads it with its contestants. */
const lockEntry = (entryId: number) =>
  db(async (em) => {
    const locked = decodeIds(await em.execute('select id from entry where id = ? for update', [entryId]))
    if (locked.length === 0) return null
    return em.findOne(EntryEntity, { id: entryId }, { populate: ['contestants'], refresh: true })
  })

const entryById = (entryId: number) =>
  db((em) => em.findOne(EntryEntity, { id: entryId }, { populate: ['contestants'] }))

/** The entry of a status link: the one given at registration, or the one sent with the payment receipt. */
const entryByTokenHash = (hash: string) =>
  db((em) =>
    em.findOne(
      EntryEntity,
      { $or: [{ statusTokenHash: hash }, { receiptTokenHash: hash }] },
      { populate: ['contestants'] },
    ),
  )

const entryByCardSession = (sessionId: string) =>
  db((em) => em.findOne(EntryEntity, { cardSessionId: sessionId }, { populate: ['contestants'] }))

/** Writes the changes made to loaded entries. */
const flush = db((em) => em.flush())

const audit = (entryId: number, actorUserId: number | null, action: string, details: object = {}) =>
  db(async (em) => {
    em.create(EntryAuditEntity, { entryId, actorUserId, action, details: { ...details } })
    await em.flush()
  })

/** Up to `limit` unpaid entries past their deadline, locked; entries another worker holds are skipped. */
const lockDue = (now: Date, limit: number) =>
  db(async (em) => {
    const rows = decodeIds(
      await em.execute(
        `select id from entry where status = 'pending' and expires_at is not null and expires_at <= ?
         order by expires_at, id limit ? for update skip locked`,
        [now, limit],
      ),
    )
    if (rows.length === 0) return []
    return em.find(
      EntryEntity,
      { id: { $in: rows.map((r) => r.id) } },
      { populate: ['contestants'], refresh: true },
    )
  })

/** The SQL condition (on `entry e`) and its parameters for an organiser's query of one event's entries. */
const whereOf = (
  eventId: number,
  query: EntryQuery,
): { readonly sql: string; readonly params: Array<unknown> } => {
  const parts = ['e.event_id = ?']
  const params: Array<unknown> = [eventId]
  if (query.tournamentId !== null) {
    parts.push('e.tournament_id = ?')
    params.push(query.tournamentId)
  }
  switch (query.status) {
    case null:
      break
    case 'unpaid':
      parts.push(`e.status = 'confirmed' and e.paid_at is null and e.total_minor > 0`)
      break
    case 'paid':
      parts.push(`e.status = 'confirmed' and e.paid_at is not null`)
      break
    default:
      parts.push('e.status = ?')
      params.push(query.status)
  }
  const text = query.search?.trim() ?? ''
  if (text !== '') {
    // Any part of a player's name (either order), e-mail or federation id, the team, the contact e-mail, the
    // RF reference however it is spaced, or the entry's number (#123).
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const anyOf = [
      `exists (select 1 from contestant c where c.entry_id = e.id and (
         c.first_name || ' ' || c.last_name ilike ? or c.last_name || ' ' || c.first_name ilike ?
         or c.email ilike ? or c.federation_id ilike ?))`,
      'e.team_name ilike ?',
      'e.contact_email ilike ?',
    ]
    params.push(like, like, like, like, like, like)
    const reference = text.replace(/\s+/g, '').toUpperCase()
    if (/^[A-Z0-9]{2,25}$/.test(reference)) {
      anyOf.push('e.reference like ?')
      params.push(`%${reference}%`)
    }
    const number = /^#?(\d{1,9})$/.exec(text)?.[1]
    if (number !== undefined) {
      anyOf.push('e.id = ?')
      params.push(Number(number))
    }
    parts.push(`(${anyOf.join(' or ')})`)
  }
  return { sql: parts.join(' and '), params }
}

const Total = Schema.Array(Schema.Struct({ total: Schema.Int }))
const decodeTotal = Schema.decodeUnknownSync(Total)

/** The entries of these ids with their contestants, in the ids' order. */
const loadInOrder = async (em: EntityManager, ids: ReadonlyArray<number>) => {
  if (ids.length === 0) return []
  const found = await em.find(EntryEntity, { id: { $in: [...ids] } }, { populate: ['contestants'] })
  const byId = new Map(found.map((e) => [e.id, e]))
  return ids.flatMap((id) => {
    const entry = byId.get(id)
    return entry ? [entry] : []
  })
}

/**
 * A page of an event's entries that match the organiser's query, newest first, with how many match. The
 * (event_id, id) and (event_id, status, id) indexes keep a page of an event with thousands of entries cheap.
 */
const pageOfEvent = (eventId: number, query: EntryQuery, offset: number, limit: number) =>
  db(async (em) => {
    const where = whereOf(eventId, query)
    const ids = decodeIds(
      await em.execute(`select e.id from entry e where ${where.sql} order by e.id desc offset ? limit ?`, [
        ...where.params,
        offset,
        limit,
      ]),
    )
    const [counted] = decodeTotal(
      await em.execute(`select count(*)::int as total from entry e where ${where.sql}`, where.params),
    )
    return {
      entries: await loadInOrder(
        em,
        ids.map((r) => r.id),
      ),
      total: counted?.total ?? 0,
    }
  })

/** Every entry of an event that matches the organiser's query, oldest first, for the CSV export. */
const allOfEvent = (eventId: number, query: EntryQuery) =>
  db(async (em) => {
    const where = whereOf(eventId, query)
    const ids = decodeIds(
      await em.execute(`select e.id from entry e where ${where.sql} order by e.id`, where.params),
    )
    return loadInOrder(
      em,
      ids.map((r) => r.id),
    )
  })

/** Of these ids, the entries of the event, locked until the transaction ends, in id order (as every writer). */
const lockEntriesOfEvent = (eventId: number, entryIds: ReadonlyArray<number>) =>
  db(async (em) => {
    const ids = [...new Set(entryIds)].sort((a, b) => a - b)
    if (ids.length === 0) return []
    const locked = decodeIds(
      await em.execute('select id from entry where event_id = ? and id in (?) order by id for update', [
        eventId,
        ids,
      ]),
    )
    if (locked.length === 0) return []
    return em.find(
      EntryEntity,
      { id: { $in: locked.map((r) => r.id) } },
      { populate: ['contestants'], refresh: true, orderBy: { id: 'asc' } },
    )
  })

const RequestRow = Schema.Struct({
  request_hash: Schema.String,
  entry_id: Schema.NullOr(Schema.Int),
  status_token: Schema.NullOr(Schema.String),
})
const decodeRequests = Schema.decodeUnknownSync(Schema.Array(RequestRow))

/** What an idempotency key was used for, if it was. */
const findRequest = (keyHash: string) =>
  Effect.map(
    preparedRead(
      'select request_hash, entry_id, status_token from registration_request where key_hash = $1',
      [keyHash],
    ),
    (rows) => {
      const [row] = decodeRequests(rows)
      return row
        ? { requestHash: row.request_hash, entryId: row.entry_id, statusToken: row.status_token }
        : null
    },
  )

/** Forgets idempotency keys older than `before`, a bounded batch per statement; answers how many. */
const purgeRequests = (before: Date, limit: number) =>
  db(async (em) => {
    const rows = await em.execute(
      `delete from registration_request where key_hash in (
         select key_hash from registration_request where created_at < ? order by created_at limit ?)
       returning key_hash`,
      [before, limit],
    )
    return rows.length
  })

/** A request's idempotency key as it was used. */
export interface StoredRequest {
  readonly requestHash: string
  readonly entryId: number | null
  readonly statusToken: string | null
}

/** The registration desk's repository: read once by RegistrationDesk's layer and handed to the desk's parts. */
export class RegistrationRepo extends Context.Service<
  RegistrationRepo,
  {
    /**
     * The id of the entry a registration is about to write, and its idempotency key taken for this transaction:
     * null when the key is taken (a concurrent holder makes it wait, then its entry is the answer).
     */
    claimEntry(key: { readonly hash: string; readonly request: string } | null): Db<number | null>
    /** Writes a new entry with its contestants and 'registered' audit row, tying the claimed key to it. */
    insertRegistered(
      entry: NewEntryRow,
      audit: RegisteredAudit,
      request: { readonly keyHash: string; readonly statusToken: string } | null,
    ): Db<void>
    /** Locks one entry until the transaction ends and reads it with its contestants. */
    lockEntry(entryId: number): Db<EntryEntity | null>
    entryById(entryId: number): Db<EntryEntity | null>
    /** The entry of a status link: the one given at registration, or the one sent with the payment receipt. */
    entryByTokenHash(hash: string): Db<EntryEntity | null>
    entryByCardSession(sessionId: string): Db<EntryEntity | null>
    /** Writes the changes made to loaded entries. */
    readonly flush: Db<void>
    audit(entryId: number, actorUserId: number | null, action: string, details?: object): Db<void>
    /** Up to `limit` unpaid entries past their deadline, locked; entries another worker holds are skipped. */
    lockDue(now: Date, limit: number): Db<ReadonlyArray<EntryEntity>>
    /** A page of an event's entries that match the organiser's query, newest first, with how many match. */
    pageOfEvent(
      eventId: number,
      query: EntryQuery,
      offset: number,
      limit: number,
    ): Db<{ readonly entries: ReadonlyArray<EntryEntity>; readonly total: number }>
    /** Every entry of an event that matches the organiser's query, oldest first, for the CSV export. */
    allOfEvent(eventId: number, query: EntryQuery): Db<ReadonlyArray<EntryEntity>>
    /** Of these ids, the entries of the event, locked until the transaction ends, in id order. */
    lockEntriesOfEvent(eventId: number, entryIds: ReadonlyArray<number>): Db<ReadonlyArray<EntryEntity>>
    /** What an idempotency key was used for, if it was. */
    findRequest(keyHash: string): Db<StoredRequest | null>
    /** Forgets idempotency keys older than `before`, at most `limit`; answers how many. */
    purgeRequests(before: Date, limit: number): Db<number>
  }
>()('@kibitz/registration/RegistrationRepo') {
  static readonly layer = Layer.succeed(
    RegistrationRepo,
    RegistrationRepo.of({
      claimEntry,
      insertRegistered,
      lockEntry,
      entryById,
      entryByTokenHash,
      entryByCardSession,
      flush,
      audit,
      lockDue,
      pageOfEvent,
      allOfEvent,
      lockEntriesOfEvent,
      findRequest,
      purgeRequests,
    }),
  )
}
