import { Schema } from 'effect'
import type { RegistrationTarget } from './clients.ts'
import { IdRow, query, queryOne } from './db.ts'
import { attempt } from './http.ts'

// Each drill registers into a tournament of its own, written with plain SQL (as the API tests' fixtures do),
// so its counts start at zero and its places are exactly what the drill says: an accepted public event paid
// by bank transfer, with one individual tournament (one player an entry) open for registration for years.

/** An accepted organiser of the drills' own; created once per run. */
export const createOrganiser = async (url: string): Promise<number> => {
  const user = await queryOne(
    url,
    `insert into app_user (email, created_at) values ('drills-organiser@drills.example.test', now()) returning id`,
    [],
    IdRow,
  )
  const organiser = await queryOne(
    url,
    `insert into organiser (user_id, status, type, name, created_at) values ($1, 3, 2, 'Drill Club', now()) returning id`,
    [user.id],
    IdRow,
  )
  return organiser.id
}

export interface DrillTournament {
  readonly eventId: number
  readonly eventAlias: string
  readonly tournamentId: number
  readonly ticketId: number
  readonly places: number
}

/** One event with one individual tournament whose one ticket has `places` places at 40.00 EUR. */
export const createTournament = async (
  url: string,
  organiserId: number,
  name: string,
  places: number,
): Promise<DrillTournament> => {
  const alias = `${name}-${Date.now()}`
  const event = await queryOne(
    url,
    `insert into event (key, alias, organiser_id, status, state, type, date_start, date_end, currency_code,
       time_zone, search_text, payment_beneficiary, payment_iban, payment_bic, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, 2, 'accepted', 3, '2030-05-10', '2030-05-12', 'EUR', 'Europe/Vilnius',
       $3, 'Drill Club', 'LT121000011101001000', 'CBVILT2X', now(), now())
     returning id`,
    // The alias again as the search text: one parameter cannot be both varchar(120) and text.
    [alias, organiserId, alias],
    IdRow,
  )
  await query(
    url,
    `insert into event_content (event_id, language, name, alias, is_main, type)
     values ($1, 'en', $2, $3, true, 1) returning id`,
    [event.id, `Drill ${name}`, alias],
    IdRow,
  )
  const tournament = await queryOne(
    url,
    `insert into tournament (event_id, alias, name, type, start_date, end_date, start_time, points_score_type,
       has_registration, is_registration_enabled, registration_start_at, registration_end_at)
     values ($1, $2, $3, 3, '2030-05-10', '2030-05-10', '10:00', 'MP_PAIRS', true, true,
       '2020-01-01T00:00:00Z', '2030-05-09T18:00:00Z')
     returning id`,
    [event.id, `${name}-open`, `Drill ${name} open`],
    IdRow,
  )
  const ticket = await queryOne(
    url,
    `insert into ticket (tournament_id, type, price_minor, quantity) values ($1, 1, 4000, $2) returning id`,
    [tournament.id, places],
    IdRow,
  )
  return { eventId: event.id, eventAlias: alias, tournamentId: tournament.id, ticketId: ticket.id, places }
}

const Form = Schema.Struct({
  tournament: Schema.Struct({
    tickets: Schema.Array(
      Schema.Struct({ ticketId: Schema.Int, priceMinor: Schema.Int, ticketsLeft: Schema.Int }),
    ),
  }),
})
const decodeForm = Schema.decodeUnknownSync(Schema.fromJsonString(Form))

/**
 * Reads the tournament's registration form through the public API, as a visitor's browser would before
 * registering: proves the app sees the tournament as open and gives the price the clients must expect.
 */
export const targetOf = async (baseUrl: string, tournament: DrillTournament): Promise<RegistrationTarget> => {
  const result = await attempt(
    `${baseUrl}/api/v1/tournament/${tournament.tournamentId}/register-tournament-data/${tournament.eventAlias}`,
    {},
    10_000,
  )
  if (result.kind !== 'answer' || result.status !== 200)
    throw new Error(
      `the registration form of tournament ${tournament.tournamentId} did not load: ${result.kind === 'answer' ? `${result.status} ${result.body.slice(0, 300)}` : result.kind}`,
    )
  const ticket = decodeForm(result.body).tournament.tickets.find((k) => k.ticketId === tournament.ticketId)
  if (!ticket) throw new Error(`ticket ${tournament.ticketId} is not on the form`)
  if (ticket.ticketsLeft !== tournament.places)
    throw new Error(`the form shows ${ticket.ticketsLeft} places left, ${tournament.places} expected`)
  return {
    baseUrl,
    tournamentId: tournament.tournamentId,
    eventAlias: tournament.eventAlias,
    ticketId: tournament.ticketId,
    priceMinor: ticket.priceMinor,
  }
}
