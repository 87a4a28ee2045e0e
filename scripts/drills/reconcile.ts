import { setTimeout as sleep } from 'node:timers/promises'
import { Schema } from 'effect'
import type { ClientOutcome } from './clients.ts'
import { query, queryOne } from './db.ts'
import type { DrillTournament } from './fixtures.ts'
import type { Figures } from './report.ts'
import type { DrillSmtp } from './smtp.ts'

// After the fault, the database must tell the same story as the clients: what each client was told (201 with
// an entry id, 409, nothing) against the entries, the ticket counters and the e-mails actually received.

const EntryRow = Schema.Struct({
  id: Schema.Int,
  status: Schema.String,
  contact_email: Schema.NullOr(Schema.String),
  units: Schema.Int,
})
const TicketRow = Schema.Struct({ quantity: Schema.Int, sold: Schema.Int })

export interface RegistrationFigures {
  readonly figures: Figures
  readonly problems: ReadonlyArray<string>
  readonly entries: number
  readonly sold: number
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** Each client against the entries and the ticket counter of `tournament`. */
export const reconcileRegistrations = async (
  url: string,
  tournament: DrillTournament,
  outcomes: ReadonlyArray<ClientOutcome>,
): Promise<RegistrationFigures> => {
  const entries = await query(
    url,
    `select e.id, e.status, e.contact_email,
       coalesce((select sum((x->>'units')::int) from jsonb_array_elements(e.lines) x
                 where (x->>'ticketId')::int = $2), 0)::int as units
     from entry e where e.tournament_id = $1 order by e.id`,
    [tournament.tournamentId, tournament.ticketId],
    EntryRow,
  )
  const ticket = await queryOne(
    url,
    'select quantity, sold from ticket where id = $1',
    [tournament.ticketId],
    TicketRow,
  )
  const byEmail = new Map<string, Array<(typeof entries)[number]>>()
  for (const entry of entries) {
    const key = entry.contact_email ?? ''
    byEmail.set(key, [...(byEmail.get(key) ?? []), entry])
  }
  const problems: Array<string> = []
  let registeredWithout = 0
  let registeredTwice = 0
  let wrongEntry = 0
  let refusedWith = 0
  let gaveUpWith = 0
  const known = new Set<string>()
  for (const outcome of outcomes) {
    const mine = byEmail.get(outcome.registrant.email) ?? []
    known.add(outcome.registrant.email)
    if (outcome.final === 'registered') {
      if (mine.length === 0) registeredWithout += 1
      if (mine.length > 1) registeredTwice += 1
      if (mine.length === 1 && outcome.entryId !== null && mine[0]?.id !== outcome.entryId) wrongEntry += 1
    } else if (outcome.final === 'refused') {
      if (mine.length > 0) refusedWith += 1
    } else if (mine.length > 0) gaveUpWith += 1
  }
  const strangers = entries.filter((e) => !known.has(e.contact_email ?? ''))
  const active = entries.filter((e) => e.status === 'pending' || e.status === 'confirmed')
  const activeUnits = active.reduce((n, e) => n + e.units, 0)
  const registered = outcomes.filter((o) => o.final === 'registered').length
  const refused = outcomes.filter((o) => o.final === 'refused')
  const gaveUp = outcomes.filter((o) => o.final === 'gaveUp').length
  const replayed = outcomes.filter((o) => o.replayed).length
  const refusals = new Map<string, number>()
  for (const o of refused) {
    const label = `${o.status ?? '?'}${o.code === null ? '' : `/${o.code}`}${o.reason === null ? '' : ` ${o.reason}`}`
    refusals.set(label, (refusals.get(label) ?? 0) + 1)
  }

  if (registeredWithout > 0) problems.push(`${plural(registeredWithout, 'client')} told 201 without an entry`)
  if (registeredTwice > 0)
    problems.push(`${plural(registeredTwice, 'client')} with a 201 and more than one entry`)
  if (wrongEntry > 0)
    problems.push(`${plural(wrongEntry, 'client')} whose 201 names another entry than theirs`)
  if (refusedWith > 0) problems.push(`${plural(refusedWith, 'client')} refused (4xx) but holding an entry`)
  if (gaveUp > 0) problems.push(`${plural(gaveUp, 'client')} got no definitive answer (gave up)`)
  if (strangers.length > 0) problems.push(`${plural(strangers.length, 'entry', 'entries')} without a client`)
  if (ticket.sold !== activeUnits)
    problems.push(`ticket.sold is ${ticket.sold} but the active entries hold ${activeUnits} places`)
  if (ticket.sold > ticket.quantity) problems.push(`oversold: ${ticket.sold} sold of ${ticket.quantity}`)

  const figures: Figures = [
    [
      'clients',
      `${outcomes.length}: ${registered} registered (201), ${refused.length} refused, ${gaveUp} gave up`,
    ],
    ...(refusals.size > 0
      ? [
          ['refusals', [...refusals].map(([label, n]) => `${n}× ${label}`).join(', ')] satisfies [
            string,
            string,
          ],
        ]
      : []),
    ['replayed 201s (same key, answered again)', String(replayed)],
    [
      'entries',
      `${entries.length} (${active.length} active, ${entries.length - new Set(entries.map((e) => e.contact_email)).size} duplicates by client)`,
    ],
    ['entries without a client', String(strangers.length)],
    ...(gaveUp > 0
      ? [
          ['entries of clients who gave up (they never learned)', String(gaveUpWith)] satisfies [
            string,
            string,
          ],
        ]
      : []),
    ['ticket sold / quantity', `${ticket.sold} / ${ticket.quantity} (active entries hold ${activeUnits})`],
  ]
  return { figures, problems, entries: entries.length, sold: ticket.sold }
}

/** What the clients went through on the way: retries, cut connections, hangs, slowest attempt. */
export const clientFigures = (outcomes: ReadonlyArray<ClientOutcome>): Figures => {
  const statuses = new Map<number, number>()
  for (const o of outcomes)
    for (const [status, n] of o.retriedStatuses) statuses.set(status, (statuses.get(status) ?? 0) + n)
  const attempts = outcomes.reduce((n, o) => n + o.attempts, 0)
  const network = outcomes.reduce((n, o) => n + o.networkErrors, 0)
  const hangs = outcomes.reduce((n, o) => n + o.hangs, 0)
  const slowest = outcomes.reduce((n, o) => Math.max(n, o.maxAttemptMs), 0)
  const longest = outcomes.reduce((n, o) => Math.max(n, o.totalMs), 0)
  const bodies = new Map<number, string>()
  for (const o of outcomes)
    for (const [status, body] of o.retriedBodies) if (!bodies.has(status)) bodies.set(status, body)
  return [
    [
      'attempts',
      `${attempts} (${network} connection errors, ${hangs} hangs${[...statuses].map(([s, n]) => `, ${n}× ${s}`).join('')})`,
    ],
    ...[...bodies].map(([status, body]): readonly [string, string] => [`a ${status} answer`, body]),
    [
      'slowest attempt / slowest client',
      `${(slowest / 1000).toFixed(1)} s / ${(longest / 1000).toFixed(1)} s`,
    ],
  ]
}

// ---------------------------------------------------------------------------------------------------------
// E-mail

const OutboxRow = Schema.Struct({
  id: Schema.Int,
  recipient: Schema.String,
  status: Schema.Int,
  attempts: Schema.Int,
})

export interface MailFigures {
  readonly figures: Figures
  readonly problems: ReadonlyArray<string>
  readonly missing: number
}

interface MailState {
  readonly rows: ReadonlyArray<typeof OutboxRow.Type>
  /** Receipts per outbox row (by Message-ID when the messages carry Kibitz ids, else by recipient). */
  readonly received: ReadonlyMap<number, number>
  readonly byMessageId: boolean
  readonly missing: ReadonlyArray<number>
  /** performance.now() of the last message of these rows. */
  readonly lastAt: number | null
}

const mailState = async (
  url: string,
  smtp: DrillSmtp,
  recipients: ReadonlySet<string>,
): Promise<MailState> => {
  const rows = await query(
    url,
    `select id::int as id, recipient, status, attempts from mail_outbox where recipient = any($1::text[]) order by id`,
    [[...recipients]],
    OutboxRow,
  )
  const ids = new Set(rows.map((r) => r.id))
  const mails = smtp.accepted.filter((m) => m.to.some((to) => recipients.has(to)))
  const byMessageId = mails.length > 0 && mails.every((m) => m.outboxId !== null)
  const received = new Map<number, number>()
  let lastAt: number | null = null
  if (byMessageId) {
    for (const mail of mails) {
      if (mail.outboxId === null || !ids.has(mail.outboxId)) continue
      received.set(mail.outboxId, (received.get(mail.outboxId) ?? 0) + 1)
      lastAt = Math.max(lastAt ?? 0, mail.at)
    }
  } else {
    // Without the Message-ID contract a message can only be traced by its recipient (one row each here).
    const perRecipient = new Map<string, number>()
    for (const mail of mails) {
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1)
      lastAt = Math.max(lastAt ?? 0, mail.at)
    }
    for (const row of rows) received.set(row.id, perRecipient.get(row.recipient) ?? 0)
  }
  const missing = rows.filter((r) => (received.get(r.id) ?? 0) === 0).map((r) => r.id)
  return { rows, received, byMessageId, missing, lastAt }
}

/**
 * Waits until every outbox row of `recipients` was received and none is still pending (a row the SMTP server
 * accepted but a killed worker never marked sent is sent again later: waiting for it is what counts that
 * duplicate), or `limitMs` passed; answers the final state.
 */
export const waitForMail = async (
  url: string,
  smtp: DrillSmtp,
  recipients: ReadonlySet<string>,
  expectedRows: number,
  limitMs: number,
): Promise<MailState> => {
  const started = performance.now()
  for (;;) {
    const state = await mailState(url, smtp, recipients)
    const settled = state.rows.length >= expectedRows && state.missing.length === 0
    if ((settled && state.rows.every((r) => r.status !== 1)) || performance.now() - started > limitMs)
      return state
    await sleep(500)
  }
}

const PendingRow = Schema.Struct({
  id: Schema.Int,
  status: Schema.Int,
  attempts: Schema.Int,
  due_in_s: Schema.Int,
  last_error: Schema.NullOr(Schema.String),
})

/** Every outbox row received at least once; duplicates counted apart (at most one, or 1 %, is tolerated). */
export const reconcileMail = async (
  url: string,
  state: MailState,
  expectedRows: number,
  since: number,
): Promise<MailFigures> => {
  const problems: Array<string> = []
  const duplicates = [...state.received.values()].reduce((n, count) => n + Math.max(0, count - 1), 0)
  const statuses = new Map<number, number>()
  for (const row of state.rows) statuses.set(row.status, (statuses.get(row.status) ?? 0) + 1)
  const statusName = (s: number) => (s === 1 ? 'pending' : s === 2 ? 'sent' : s === 3 ? 'failed' : 'kept')
  if (state.rows.length !== expectedRows)
    problems.push(`${state.rows.length} outbox rows for ${expectedRows} registrations`)
  if (state.missing.length > 0) {
    // Why they are missing, from the rows themselves: a lease still running, retries, given up.
    const stuck = await query(
      url,
      `select id::int as id, status, attempts, greatest(0, extract(epoch from next_attempt_at - now()))::int as due_in_s,
         last_error from mail_outbox where id = any($1::int[]) order by id limit 5`,
      [state.missing],
      PendingRow,
    )
    const detail = stuck
      .map(
        (r) =>
          `#${r.id} ${statusName(r.status)}, ${r.attempts} attempts, next in ${r.due_in_s} s${r.last_error ? `, ${r.last_error.slice(0, 60)}` : ''}`,
      )
      .join('; ')
    problems.push(`${plural(state.missing.length, 'e-mail')} never received (${detail})`)
  }
  const allowed = Math.max(1, Math.floor(expectedRows / 100))
  if (duplicates > allowed) problems.push(`${duplicates} duplicate e-mails (more than ${allowed} tolerated)`)
  if (!state.byMessageId && state.rows.length > 0)
    problems.push(
      'e-mails carry no Message-ID <kibitz-mail-{outboxId}@host> (contract not landed): traced by recipient',
    )
  const last =
    state.lastAt === null
      ? 'none'
      : state.lastAt < since
        ? 'all before it'
        : `${((state.lastAt - since) / 1000).toFixed(1)} s`
  return {
    problems,
    missing: state.missing.length,
    figures: [
      ['outbox rows / received', `${state.rows.length} / ${state.rows.length - state.missing.length}`],
      ['outbox status', [...statuses].map(([s, n]) => `${n} ${statusName(s)}`).join(', ') || 'none'],
      [
        'failed SMTP attempts per e-mail (most)',
        String(state.rows.reduce((n, r) => Math.max(n, r.attempts), 0)),
      ],
      ['duplicate e-mails (same Message-ID twice)', String(duplicates)],
      ['last e-mail arrived after the fault was removed', last],
    ],
  }
}
