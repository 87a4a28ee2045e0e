import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Schema } from 'effect'
import { type Attempt, attempt } from './http.ts'

// Simulated registrants. Each is one person registering once: one Idempotency-Key, one body, sent again
// (same key, same body) after a cut connection, a hang or a 5xx until the answer is definitive (201, or a
// 4xx such as 409 sold out) or the client gives up. A distinct X-Forwarded-For per client (the web runs with
// TRUST_PROXY=1) keeps per-address limits from treating the crowd as one visitor.

/** Where the registrations go: a tournament open for registration, and what its one ticket costs. */
export interface RegistrationTarget {
  readonly baseUrl: string
  readonly tournamentId: number
  readonly eventAlias: string
  readonly ticketId: number
  readonly priceMinor: number
}

export interface Registrant {
  readonly index: number
  /** The contact and player e-mail, unique per registrant: how entries and e-mails are traced back to it. */
  readonly email: string
  readonly idempotencyKey: string
  readonly clientAddress: string
}

export type Final = 'registered' | 'refused' | 'gaveUp'

export interface ClientOutcome {
  readonly registrant: Registrant
  readonly final: Final
  /** The definitive answer's status (201, 409, …); null when the client gave up. */
  readonly status: number | null
  /** The problem's catalogue code (3000) and reason (soldOut) of a refusal. */
  readonly code: number | null
  readonly reason: string | null
  readonly entryId: number | null
  /** The 201 came with `idempotent-replayed: true`: an earlier attempt had registered. */
  readonly replayed: boolean
  readonly attempts: number
  readonly networkErrors: number
  readonly hangs: number
  /** Answer statuses of the attempts that were retried (500, 503, …) with their counts. */
  readonly retriedStatuses: ReadonlyMap<number, number>
  /** The first body of each retried status, to show what the clients were told. */
  readonly retriedBodies: ReadonlyMap<number, string>
  /** The slowest single attempt. */
  readonly maxAttemptMs: number
  /** From the first attempt to the definitive answer (or giving up). */
  readonly totalMs: number
}

/** `count` registrants of drill `drill`; their e-mails and addresses never meet another drill's. */
export const registrants = (drill: string, count: number, octet: number): ReadonlyArray<Registrant> =>
  Array.from({ length: count }, (_, index) => ({
    index,
    email: `${drill}-${index}@drills.example.test`,
    idempotencyKey: randomUUID(),
    clientAddress: `10.${octet}.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  }))

/** The register call's body for one individual player (a type 3 tournament takes one player an entry). */
const bodyOf = (target: RegistrationTarget, who: Registrant, lastName = `Client${who.index}`) =>
  JSON.stringify({
    data: {
      contestants: [
        {
          firstName: 'Drill',
          lastName,
          countryCode: 'LT',
          email: who.email,
          federationId: '',
          ticketId: target.ticketId,
          ageCategoryId: null,
        },
      ],
      teamName: '',
      contactEmail: who.email,
    },
    ticket: { expectedTotalMinor: target.priceMinor, paymentMethod: 'bankTransfer' },
    policy: true,
  })

/** One POST of the registration, with the registrant's key and address. */
const send = (target: RegistrationTarget, who: Registrant, body: string, timeoutMs: number) =>
  attempt(
    `${target.baseUrl}/api/v1/tournament/${target.tournamentId}/register?event=${encodeURIComponent(target.eventAlias)}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': who.idempotencyKey,
        'x-forwarded-for': who.clientAddress,
      },
      body,
    },
    timeoutMs,
  )

const Receipt = Schema.Struct({
  entryId: Schema.Int,
  statusToken: Schema.optionalKey(Schema.NullOr(Schema.String)),
})
const Problem = Schema.Struct({
  code: Schema.optionalKey(Schema.Int),
  reason: Schema.optionalKey(Schema.String),
})
const decodeReceipt = Schema.decodeUnknownOption(Schema.fromJsonString(Receipt))
const decodeProblem = Schema.decodeUnknownOption(Schema.fromJsonString(Problem))

/** Worth sending again: no answer, a hang, or a server-side failure (5xx) that says nothing was decided. */
const retryable = (result: Attempt) =>
  result.kind !== 'answer' || result.status >= 500 || result.status === 429

export interface ClientOptions {
  readonly giveUpMs: number
  readonly hangMs: number
  /** The longest pause between two attempts (the backoff doubles from 100 ms up to it, with jitter). */
  readonly backoffCapMs: number
  /** Told of every definitive outcome as it happens (drills wait on counts of them). */
  readonly onOutcome?: (outcome: ClientOutcome) => void
}

/** One registrant registering, retrying with the same key until definitive or out of time. */
export const register = async (
  target: RegistrationTarget,
  who: Registrant,
  options: ClientOptions,
): Promise<ClientOutcome> => {
  const body = bodyOf(target, who)
  const started = performance.now()
  let attempts = 0
  let networkErrors = 0
  let hangs = 0
  let maxAttemptMs = 0
  const retriedStatuses = new Map<number, number>()
  const retriedBodies = new Map<number, string>()
  const finish = (
    outcome: Omit<
      ClientOutcome,
      | 'registrant'
      | 'attempts'
      | 'networkErrors'
      | 'hangs'
      | 'retriedStatuses'
      | 'retriedBodies'
      | 'maxAttemptMs'
      | 'totalMs'
    >,
  ) => {
    const done: ClientOutcome = {
      ...outcome,
      registrant: who,
      attempts,
      networkErrors,
      hangs,
      retriedStatuses,
      retriedBodies,
      maxAttemptMs,
      totalMs: performance.now() - started,
    }
    options.onOutcome?.(done)
    return done
  }
  for (let round = 0; ; round++) {
    const elapsed = performance.now() - started
    if (elapsed >= options.giveUpMs)
      return finish({
        final: 'gaveUp',
        status: null,
        code: null,
        reason: null,
        entryId: null,
        replayed: false,
      })
    attempts += 1
    const result = await send(
      target,
      who,
      body,
      Math.min(options.hangMs, Math.max(1_000, options.giveUpMs - elapsed)),
    )
    maxAttemptMs = Math.max(maxAttemptMs, result.ms)
    if (result.kind === 'answer' && result.status === 201) {
      const receipt = decodeReceipt(result.body)
      return finish({
        final: 'registered',
        status: 201,
        code: null,
        reason: null,
        entryId: receipt._tag === 'Some' ? receipt.value.entryId : null,
        replayed: result.headers.get('idempotent-replayed') === 'true',
      })
    }
    if (result.kind === 'answer' && !retryable(result)) {
      const problem = decodeProblem(result.body)
      return finish({
        final: 'refused',
        status: result.status,
        code: problem._tag === 'Some' ? (problem.value.code ?? null) : null,
        reason: problem._tag === 'Some' ? (problem.value.reason ?? null) : null,
        entryId: null,
        replayed: false,
      })
    }
    if (result.kind === 'network') networkErrors += 1
    else if (result.kind === 'hang') hangs += 1
    else {
      retriedStatuses.set(result.status, (retriedStatuses.get(result.status) ?? 0) + 1)
      if (!retriedBodies.has(result.status)) retriedBodies.set(result.status, result.body.slice(0, 300))
    }
    // Backoff with jitter, so a crowd that lost its server does not return as one wave.
    const pause = Math.min(options.backoffCapMs, 100 * 2 ** Math.min(round, 8)) * (0.5 + Math.random())
    await sleep(pause)
  }
}

/** Counts of the outcomes so far, and a way to wait until one reaches a number. */
export class Tally {
  registered = 0
  refused = 0
  gaveUp = 0
  private readonly waiters: Array<{ readonly test: () => boolean; readonly resolve: () => void }> = []

  readonly record = (outcome: ClientOutcome): void => {
    if (outcome.final === 'registered') this.registered += 1
    else if (outcome.final === 'refused') this.refused += 1
    else this.gaveUp += 1
    for (const waiter of [...this.waiters]) {
      if (!waiter.test()) continue
      this.waiters.splice(this.waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }

  get finished(): number {
    return this.registered + this.refused + this.gaveUp
  }

  /** Resolves once `test` holds (at once if it already does). */
  until(test: (tally: Tally) => boolean): Promise<void> {
    if (test(this)) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push({ test: () => test(this), resolve }))
  }
}

/** Every registrant at once (each after `staggerMs × index`); resolves when all are definitive or gave up. */
export const crowd = (
  target: RegistrationTarget,
  people: ReadonlyArray<Registrant>,
  options: ClientOptions & { readonly staggerMs?: number },
): Promise<ReadonlyArray<ClientOutcome>> =>
  Promise.all(
    people.map(async (who, n) => {
      if (options.staggerMs) await sleep(options.staggerMs * n)
      return register(target, who, options)
    }),
  )

/** A one-off registration that proves the service takes registrations again; its registrant is unique. */
export const probe = (target: RegistrationTarget, options: Omit<ClientOptions, 'onOutcome'>) =>
  register(target, stranger('probe'), options)

/** A registrant of its own (probes, contract checks). */
const stranger = (label: string): Registrant => ({
  index: Math.floor(Math.random() * 1e9),
  email: `${label}-${randomUUID().slice(0, 8)}@drills.example.test`,
  idempotencyKey: randomUUID(),
  clientAddress: `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
})

export interface ContractCheck {
  readonly figure: string
  readonly problems: ReadonlyArray<string>
}

/**
 * The Idempotency-Key contract, checked directly: the same key and body twice answers 201 both times with the
 * same entry (the second with `idempotent-replayed: true`); the same key with another body answers 422.
 */
export const checkIdempotencyContract = async (target: RegistrationTarget): Promise<ContractCheck> => {
  const who = stranger('contract')
  const body = bodyOf(target, who)
  const first = await send(target, who, body, 30_000)
  const again = await send(target, who, body, 30_000)
  const other = await send(target, who, bodyOf(target, who, 'Someone'), 30_000)
  const statusOf = (result: Attempt) => (result.kind === 'answer' ? String(result.status) : result.kind)
  const receiptOf = (result: Attempt) => {
    if (result.kind !== 'answer') return null
    const receipt = decodeReceipt(result.body)
    return receipt._tag === 'Some' ? receipt.value : null
  }
  const entryOf = (result: Attempt) => receiptOf(result)?.entryId ?? null
  // Told, not judged: decision 023 keeps the status link's secret for the replay, the brief expected null.
  const replayToken = receiptOf(again)?.statusToken
  const token =
    replayToken === null || replayToken === undefined
      ? 'no statusToken'
      : replayToken === receiptOf(first)?.statusToken
        ? 'the same statusToken'
        : 'another statusToken'
  const replayed = again.kind === 'answer' ? again.headers.get('idempotent-replayed') : null
  const problems: Array<string> = []
  if (statusOf(first) !== '201' || statusOf(again) !== '201' || entryOf(first) !== entryOf(again))
    problems.push(
      `Idempotency-Key contract: the same key twice answered ${statusOf(first)} (entry ${entryOf(first)}) then ${statusOf(again)} (entry ${entryOf(again)})`,
    )
  if (replayed !== 'true')
    problems.push(`Idempotency-Key contract: no idempotent-replayed: true on the replay`)
  if (statusOf(other) !== '422')
    problems.push(
      `Idempotency-Key contract: the same key with another body answered ${statusOf(other)}, not 422`,
    )
  return {
    figure: `same key twice: ${statusOf(first)} then ${statusOf(again)} (entry ${entryOf(first)} / ${entryOf(again)}, idempotent-replayed: ${replayed}, ${token}); same key, other body: ${statusOf(other)}`,
    problems,
  }
}
