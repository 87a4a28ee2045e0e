import { Em, type MailStatus, Outbox, OutboxEntry, preparedWrite } from '@kibitz/kernel'
import type { MikroORM } from '@mikro-orm/postgresql'
import { Effect, Layer, Schema } from 'effect'

// The one code that touches the mail_outbox table (hand-written migrations Migration20261122190000 and
// Migration20261122200000; the table has no entity). Domains write through the Outbox port; the worker uses
// the delivery functions below. Bodies hold live single-use links while the database keeps only token
// hashes, so a message leaves its bodies behind once it is sent or given up (only kept ones, shown on
// /dev/outbox where no SMTP server exists, hold on to them until they are purged).

/** The channel every committed outbox row is announced on; PostgreSQL delivers a NOTIFY only on commit. */
export const mailOutboxChannel = 'mail_outbox'

const statusCodes = { pending: 1, sent: 2, failed: 3, kept: 4 } as const satisfies Record<MailStatus, number>
const statusOfCode = (code: 1 | 2 | 3 | 4): MailStatus =>
  code === 1 ? 'pending' : code === 2 ? 'sent' : code === 3 ? 'failed' : 'kept'

// bigserial comes back as text; timestamps are formatted by PostgreSQL as ISO instants in UTC.
const Id = Schema.Union([Schema.Int, Schema.NumberFromString.check(Schema.isInt())])
const isoInstant = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const EntryRow = Schema.Struct({
  id: Id,
  recipient: Schema.String,
  subject: Schema.String,
  text_body: Schema.String,
  html_body: Schema.NullOr(Schema.String),
  kind: Schema.String,
  language: Schema.String,
  status: Schema.Literals([1, 2, 3, 4]),
  attempts: Schema.Int,
  last_error: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  sent_at: Schema.NullOr(Schema.String),
})
const decodeEntryRows = Schema.decodeUnknownSync(Schema.Array(EntryRow))

/** A message ($1–$6) into the outbox, announced on its channel (built once: a prepared text). */
const enqueueSql = `with inserted as (
     insert into mail_outbox (recipient, subject, text_body, html_body, kind, language)
     values ($1, $2, $3, $4, $5, $6) returning id
   )
   select pg_notify('${mailOutboxChannel}', id::text) from inserted`

/** The outbox on PostgreSQL: every write goes through the caller's EntityManager and its transaction. */
export const outboxLayer = Layer.succeed(
  Outbox,
  Outbox.of({
    enqueue: Effect.fn('Outbox.enqueue')(function* (message) {
      // One statement: the row and its NOTIFY belong to the caller's transaction, so a rollback drops both.
      yield* preparedWrite(enqueueSql, [
        message.to,
        message.subject,
        message.text,
        message.html ?? null,
        message.kind,
        message.language,
      ])
    }),
    recent: Effect.fn('Outbox.recent')(function* (limit) {
      const em = yield* Em
      const rows = decodeEntryRows(
        yield* Effect.promise(() =>
          em.execute(
            `select id, recipient, subject, text_body, html_body, kind, language, status, attempts, last_error,
               ${isoInstant('created_at')} as created_at, ${isoInstant('sent_at')} as sent_at
             from mail_outbox order by id desc limit ?`,
            [Math.max(0, Math.floor(limit))],
          ),
        ),
      )
      return rows.map(
        (row) =>
          new OutboxEntry({
            id: row.id,
            to: row.recipient,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            kind: row.kind,
            language: row.language,
            status: statusOfCode(row.status),
            createdAt: new Date(row.created_at),
            sentAt: row.sent_at === null ? null : new Date(row.sent_at),
            attempts: row.attempts,
            lastError: row.last_error,
          }),
      )
    }),
  }),
)

/** A due message one worker has claimed for delivery. */
export interface ClaimedMail {
  readonly id: number
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string | null
  readonly kind: string
  /** Failed attempts so far. */
  readonly attempts: number
}

const ClaimedRow = Schema.Struct({
  id: Id,
  recipient: Schema.String,
  subject: Schema.String,
  text_body: Schema.String,
  html_body: Schema.NullOr(Schema.String),
  kind: Schema.String,
  attempts: Schema.Int,
})
const decodeClaimedRows = Schema.decodeUnknownSync(Schema.Array(ClaimedRow))
const decodeCount = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ n: Schema.Int })))

/**
 * Claims up to `limit` due pending messages for `workerId` and leases them for `leaseSeconds`: workers running
 * at the same time skip each other's rows (SKIP LOCKED), and a claimed row is not due again until its lease
 * ends, so a duplicate job never sends it twice; a worker that dies mid-batch leaves its rows to
 * `releaseOrphanedMail` (or, at the latest, due again after the lease).
 */
export const claimDueMail = async (
  orm: MikroORM,
  options: { readonly limit: number; readonly leaseSeconds: number; readonly workerId: string },
): Promise<ReadonlyArray<ClaimedMail>> => {
  const rows = decodeClaimedRows(
    await orm.em.fork().execute(
      `update mail_outbox o set next_attempt_at = now() + make_interval(secs => ?), claimed_by = ?
       from (
         select id from mail_outbox
         where status = ${statusCodes.pending} and next_attempt_at <= now()
         order by next_attempt_at, id
         limit ?
         for update skip locked
       ) due
       where o.id = due.id
       returning o.id, o.recipient, o.subject, o.text_body, o.html_body, o.kind, o.attempts`,
      [options.leaseSeconds, options.workerId, options.limit],
    ),
  )
  return rows
    .map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      kind: row.kind,
      attempts: row.attempts,
    }))
    .sort((a, b) => a.id - b.id)
}

/**
 * Records that message `id` was handed to the SMTP server and empties its bodies (recipient, subject, kind
 * and times stay for tracing); a message is marked sent once only.
 */
export const markMailSent = async (orm: MikroORM, id: number): Promise<void> => {
  await orm.em.fork().execute(
    `update mail_outbox set status = ${statusCodes.sent}, sent_at = now(), last_error = null,
       text_body = '', html_body = null, claimed_by = null
       where id = ? and status = ${statusCodes.pending}`,
    [id],
  )
}

/**
 * Records a failed attempt at message `id`: counts it, keeps the error, and either schedules the next attempt
 * `retryInSeconds` from now or, when `giveUp`, marks the message failed for good and empties its bodies.
 */
export const markMailFailed = async (
  orm: MikroORM,
  id: number,
  failure: { readonly error: string; readonly retryInSeconds: number; readonly giveUp: boolean },
): Promise<void> => {
  // A failed row is never attempted again, so its next_attempt_at records when it was given up instead:
  // the time deleteOldMail counts its retention from.
  await orm.em.fork().execute(
    `update mail_outbox
     set attempts = attempts + 1, last_error = ?,
       next_attempt_at = case when ? then now() else now() + make_interval(secs => ?) end,
       status = case when ? then ${statusCodes.failed} else ${statusCodes.pending} end, claimed_by = null,
       text_body = case when ? then '' else text_body end,
       html_body = case when ? then null else html_body end
     where id = ? and status = ${statusCodes.pending}`,
    // A whole SMTP transcript is not needed to see what went wrong.
    [
      failure.error.slice(0, 2000),
      failure.giveUp,
      failure.retryInSeconds,
      failure.giveUp,
      failure.giveUp,
      failure.giveUp,
      id,
    ],
  )
}

/**
 * Hands back the messages claimed by workers that stopped beating (no heartbeat for `silentSeconds`): a worker
 * killed mid-batch left them leased; they are due again at once. Answers how many. Safe on every worker at once.
 */
export const releaseOrphanedMail = async (orm: MikroORM, silentSeconds: number): Promise<number> => {
  const rows = await orm.em.fork().execute(
    `update mail_outbox set next_attempt_at = now(), claimed_by = null
     where status = ${statusCodes.pending} and claimed_by is not null and next_attempt_at > now()
       and not exists (
         select 1 from worker_heartbeat h
         where h.worker_id = mail_outbox.claimed_by and h.beat_at > now() - make_interval(secs => ?))
     returning id`,
    [silentSeconds],
  )
  return rows.length
}

/** Ends the lease on claimed messages a stopping worker did not get to, so the next worker sends them at once. */
export const releaseClaimedMail = async (orm: MikroORM, ids: ReadonlyArray<number>): Promise<void> => {
  if (ids.length === 0) return
  await orm.em
    .fork()
    .execute(
      `update mail_outbox set next_attempt_at = now(), claimed_by = null where status = ${statusCodes.pending} and id in (${ids.map(() => '?').join(', ')})`,
      [...ids],
    )
}

/** Without an SMTP server every pending message is kept in the outbox (for /dev/outbox) and never sent. */
export const keepPendingMail = async (orm: MikroORM): Promise<number> => {
  const rows = decodeCount(
    await orm.em.fork().execute(
      `with kept as (
         update mail_outbox set status = ${statusCodes.kept} where status = ${statusCodes.pending} returning 1
       )
       select count(*)::int as n from kept`,
    ),
  )
  return rows[0]?.n ?? 0
}

/**
 * Maintenance: deletes at most `limit` messages that were sent or given up before `finishedBefore`, or kept
 * (no SMTP server) since before `keptBefore`; returns how many went. Pending messages are never deleted.
 */
export const deleteOldMail = async (
  orm: MikroORM,
  cutoffs: { readonly finishedBefore: Date; readonly keptBefore: Date; readonly limit: number },
): Promise<number> => {
  // Each branch is a range on mail_outbox_status_sent_at_index or a walk of one rare status in it.
  const rows = decodeCount(
    await orm.em.fork().execute(
      `with gone as (
         delete from mail_outbox where id in (
           select id from mail_outbox
           where (status = ${statusCodes.sent} and sent_at < ?)
             or (status = ${statusCodes.failed} and next_attempt_at < ?)
             or (status = ${statusCodes.kept} and created_at < ?)
           limit ?
         )
         returning 1
       )
       select count(*)::int as n from gone`,
      [cutoffs.finishedBefore, cutoffs.finishedBefore, cutoffs.keptBefore, cutoffs.limit],
    ),
  )
  return rows[0]?.n ?? 0
}
