import { type EventId, OrganiserId, type TournamentId } from '@kibitz/kernel'
import { Schema } from 'effect'
import { insertEvent, insertTournament, type Orm } from '../../../testing/src/domain.ts'

// A public event whose tournament takes registrations now, for the registration API tests: rows written with
// plain SQL (testing/src/domain.ts), dates years ahead so registration stays open whatever the day.

export interface OpenRegistration {
  readonly eventId: EventId
  readonly eventAlias: string
  readonly tournamentId: TournamentId
  readonly tournamentAlias: string
  readonly ticketId: number
}

let sequence = 0

const IdRows = Schema.Array(Schema.Struct({ id: Schema.Int }))
const OrganiserIdRows = Schema.Array(Schema.Struct({ id: OrganiserId }))

/**
 * An accepted organiser of its own, under an address the sign-up helpers never use (domain.ts's default
 * organiser takes organiser-N@example.test, which eventActors' sign-ups take too).
 */
const hostOrganiser = async (orm: Orm, n: number): Promise<OrganiserId> => {
  const em = orm.em.fork()
  const [user] = Schema.decodeUnknownSync(IdRows)(
    await em.execute('insert into app_user (email, created_at) values (?, now()) returning id', [
      `host-${n}-${Date.now()}@example.test`,
    ]),
  )
  const [organiser] = Schema.decodeUnknownSync(OrganiserIdRows)(
    await em.execute(
      "insert into organiser (user_id, status, type, name, created_at) values (?, 3, 2, 'Host Club', now()) returning id",
      [user?.id ?? 0],
    ),
  )
  if (!organiser) throw new Error('no organiser inserted')
  return organiser.id
}

/**
 * An accepted event (paid by bank transfer when `bank`) with one tournament open for registration: one ticket of
 * `priceMinor` with `quantity` places. Type 3 (individual) takes one player an entry, 1 (pairs) two.
 */
export const openRegistration = async (
  orm: Orm,
  options: {
    readonly organiserId?: OrganiserId
    readonly type?: number
    readonly priceMinor?: number
    readonly quantity?: number
    readonly bank?: boolean
    readonly playerList?: boolean
    readonly registrationEndAt?: string
    /** The event's currency; EUR unless given. */
    readonly currencyCode?: string
  } = {},
): Promise<OpenRegistration> => {
  const n = ++sequence
  const eventAlias = `registration-cup-${n}-${Date.now()}`
  const eventId = await insertEvent(orm, {
    organiserId: options.organiserId ?? (await hostOrganiser(orm, n)),
    alias: eventAlias,
    name: `Registration Cup ${n}`,
    state: 'accepted',
    dateStart: '2030-05-10',
    dateEnd: '2030-05-12',
    currencyCode: options.currencyCode ?? 'EUR',
    timeZone: 'Europe/Vilnius',
  })
  if (options.bank ?? true)
    await orm.em
      .fork()
      .execute('update event set payment_beneficiary = ?, payment_iban = ?, payment_bic = ? where id = ?', [
        'Vilnius Bridge Club',
        'LT121000011101001000',
        'CBVILT2X',
        eventId,
      ])
  const tournamentAlias = `open-${n}`
  const inserted = await insertTournament(orm, {
    eventId,
    alias: tournamentAlias,
    name: `Open ${n}`,
    type: options.type ?? 3,
    startDate: '2030-05-10',
    startTime: '10:00',
    hasRegistration: true,
    isRegistrationEnabled: true,
    registrationStartAt: '2020-01-01T00:00:00Z',
    registrationEndAt: options.registrationEndAt ?? '2030-05-09T18:00:00Z',
    isPlayerListViewEnabled: options.playerList ?? true,
    tickets: [{ priceMinor: options.priceMinor ?? 4000, quantity: options.quantity ?? 100 }],
  })
  const ticketId = inserted.ticketIds[0]
  if (ticketId === undefined) throw new Error('no ticket inserted')
  return { eventId, eventAlias, tournamentId: inserted.id, tournamentAlias, ticketId }
}

/** One player on `ticketId`; `n` makes the name and e-mail distinct. */
export const player = (n: number, ticketId: number) => ({
  firstName: 'Ona',
  lastName: `Player${n}`,
  countryCode: 'LT',
  email: `player${n}@example.test`,
  federationId: '',
  ticketId,
  ageCategoryId: null,
})

/** A register body for `players` at `expectedTotalMinor`, paid by `paymentMethod`. */
export const registerBody = (
  players: ReadonlyArray<Omit<ReturnType<typeof player>, 'ageCategoryId'> & { ageCategoryId: number | null }>,
  expectedTotalMinor: number,
  paymentMethod: 'bankTransfer' | 'card' = 'bankTransfer',
  overrides: { readonly contactEmail?: string; readonly teamName?: string } = {},
) => ({
  data: {
    contestants: players,
    teamName: overrides.teamName ?? '',
    contactEmail: overrides.contactEmail ?? players[0]?.email ?? 'contact@example.test',
  },
  ticket: { expectedTotalMinor, paymentMethod },
  policy: true,
})

const CountRows = Schema.Array(Schema.Struct({ count: Schema.Union([Schema.Number, Schema.String]) }))

/** A count(*) query's answer as a number. */
export const countOf = async (orm: Orm, sql: string, params: ReadonlyArray<string | number> = []) => {
  const [row] = Schema.decodeUnknownSync(CountRows)(await orm.em.fork().execute(sql, [...params]))
  return Number(row?.count ?? 0)
}
