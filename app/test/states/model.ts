import type { GeneralInformationInput } from '@kibitz/events/input'
import { interfaceLocales } from '@kibitz/kernel/format'
import { contestantRule } from '@kibitz/registration/input'
import type { TournamentInputEncoded } from '@kibitz/tournaments/input'
import { Option, Schema } from 'effect'
import fc from 'fast-check'
import { withSession } from '../support/userApi.ts'
import { eventReads, type Shown, sharedReads } from './reads.ts'
import { additionalArb, type EventDates, generalArb, programDaysArb, tournamentArb } from './shapes.ts'
import {
  controlFailures,
  createdEvent,
  createdTournament,
  expectNoServerError,
  readAll,
  sitemapReads,
  transitionOf,
  viewersOf,
  type World,
  write,
} from './world.ts'

// The model of one organiser's event beside the real site: fast-check generates a sequence of the organiser's
// steps (add, edit and remove tournaments, save a program, edit the event, register players, publish, postpone,
// take back, cancel, notify, delete), runs each through the REST API as the editor's screens do, keeps the
// model in step with what the site answered, and after every step reads everything that shows the event, as
// a visitor and as another organiser, in one of the interface languages.

type GeneralBody = typeof GeneralInformationInput.Encoded

export interface TournamentModel {
  readonly id: number
  readonly alias: string
  readonly type: number
  readonly ticketIds: ReadonlyArray<number>
}

export interface Model {
  eventId: number
  alias: string
  /** The state the site last answered (`deleted` once deleted). */
  state: string
  dates: EventDates
  general: GeneralBody
  tournaments: Array<TournamentModel>
  registered: number
}

/** The states the catalogue shows (docs/decisions/004-catalogue-rules.md). */
const publicStates: ReadonlyArray<string> = ['accepted', 'postponed', 'canceled']

const wordOf = (general: GeneralBody): string => {
  const main = general.contents.find((c) => c.isMain) ?? general.contents[0]
  return (main?.name ?? 'Cup').split(/\s+/)[0]?.slice(0, 40) ?? 'Cup'
}

const placeOf = (general: GeneralBody): string | null => {
  const main = general.locations.find((l) => l.isMain)
  const place = main?.shortAddressLine ?? main?.name ?? null
  return place !== null && place.trim().length >= 2 ? place.slice(0, 20) : null
}

const shownOf = (m: Model): Shown => ({
  eventId: m.eventId,
  alias: m.alias,
  tournaments: m.tournaments,
  place: placeOf(m.general),
  word: wordOf(m.general),
  dateStart: m.dates.dateStart,
})

/** A short account of the event for failure messages, so a failure can be rebuilt by hand. */
const describe = (m: Model) =>
  `event ${m.eventId} "${m.alias}" ${m.state}, ${m.tournaments.length} tournament(s), ${m.registered} entries; ` +
  `general information: ${JSON.stringify(m.general)}`

const today = () => new Date().toISOString().slice(0, 10)

/**
 * Reads everything that shows the event and the shared pages as both viewers, the sitemap, the control event,
 * and the visibility the event's state implies; throws every failure at once.
 */
export const verify = async (world: World, m: Model, step: string, language: string): Promise<void> => {
  const sitemap = await sitemapReads(world)
  const reads = [
    ...sharedReads(wordOf(m.general), today()),
    ...eventReads(shownOf(m)),
    ...(typeof sitemap === 'string' ? [] : sitemap),
  ]
  const failures = [
    ...(typeof sitemap === 'string' ? [sitemap] : []),
    ...(await readAll(world.site, reads, viewersOf(world, language))),
    ...(await controlFailures(world)),
  ]
  // Visibility: a public event answers 200 to anyone, any other one 404 (drafts stay private, deleted ones gone).
  const expected = publicStates.includes(m.state) ? 200 : 404
  for (const viewer of viewersOf(world, language)) {
    const answer = await world.site.send(`/api/v1/event/${m.eventId}`, { headers: viewer.headers })
    if (answer.status !== expected)
      failures.push(
        `${viewer.name}: GET /api/v1/event/${m.eventId} answered ${answer.status}, not ${expected}`,
      )
  }
  // Tenancy: the other organiser never gets the owner's editor data.
  const preview = await world.site.send(`/api/v1/event/${m.eventId}/event-preview-data`, {
    headers: withSession(world.other.token),
  })
  if (preview.status !== 404)
    failures.push(`another organiser: the editor's preview data answered ${preview.status}, not 404`)
  if (failures.length > 0)
    throw new Error(`after ${step} (${describe(m)}):\n${failures.map((f) => `- ${f}`).join('\n')}`)
}

// ---------------------------------------------------------------------------------------------------------
// The steps

type Step = fc.AsyncCommand<Model, World>

const step = (
  label: string,
  language: string,
  check: (m: Model) => boolean,
  act: (m: Model, w: World) => Promise<void>,
): Step => ({
  check: (m) => m.state !== 'deleted' && check(m),
  run: async (m, w) => {
    await act(m, w)
    // STATES_TRACE=1 prints each step and the state it left the event in.
    if (process.env.STATES_TRACE === '1')
      console.log(`event ${m.eventId}: ${label} → ${m.state}, ${m.tournaments.length} tournament(s)`)
    await verify(w, m, label, language)
  },
  toString: () => `${label} [${language}]`,
})

const pick = <A>(items: ReadonlyArray<A>, index: number): A | undefined =>
  items[index % Math.max(1, items.length)]

const asTournament = (answer: Parameters<typeof createdTournament>[0]): Option.Option<TournamentModel> =>
  Option.map(createdTournament(answer), (t) => ({
    id: t.tournamentId,
    alias: t.alias,
    type: t.input.type,
    // The tickets a player can choose without an age category (a category's rules are the registration suite's).
    ticketIds: t.input.tickets.flatMap((k) =>
      k.ticketId === undefined || !k.isForSale || k.quantity === 0 || k.ageCategories.length > 0
        ? []
        : [k.ticketId],
    ),
  }))

const brief = (t: TournamentInputEncoded) =>
  `${t.startDate}…${t.endDate} type ${t.type}, ${t.tickets.length} ticket(s), registration ${
    t.hasRegistration && t.isRegistrationEnabled ? `${t.registrationStart}→${t.registrationEnd}` : 'off'
  }`

export const addTournament = (t: TournamentInputEncoded, language: string): Step =>
  step(
    `add tournament ${brief(t)}`,
    language,
    () => true,
    async (m, w) => {
      const answer = expectNoServerError(
        'adding a tournament',
        await write(w, 'POST', `/api/v1/event/${m.eventId}/tournaments`, w.owner.token, t),
      )
      const added = asTournament(answer)
      if (answer.status === 200 && Option.isSome(added)) m.tournaments.push(added.value)
    },
  )

const editTournament = (index: number, t: TournamentInputEncoded, language: string): Step =>
  step(
    `edit tournament #${index} to ${brief(t)}`,
    language,
    (m) => m.tournaments.length > 0,
    async (m, w) => {
      const target = pick(m.tournaments, index)
      if (!target) return
      // The edit screen sends the tickets it loaded with their ids; the generated ones replace them.
      const answer = expectNoServerError(
        'editing a tournament',
        await write(w, 'PUT', `/api/v1/event/${m.eventId}/tournaments/${target.id}`, w.owner.token, t),
      )
      const edited = asTournament(answer)
      if (answer.status === 200 && Option.isSome(edited))
        m.tournaments = m.tournaments.map((x) => (x.id === target.id ? edited.value : x))
    },
  )

const removeTournament = (index: number, language: string): Step =>
  step(
    `remove tournament #${index}`,
    language,
    (m) => m.tournaments.length > 0,
    async (m, w) => {
      const target = pick(m.tournaments, index)
      if (!target) return
      const answer = expectNoServerError(
        'removing a tournament',
        await write(w, 'DELETE', `/api/v1/event/${m.eventId}/tournaments/${target.id}`, w.owner.token),
      )
      if (answer.status < 300) m.tournaments = m.tournaments.filter((x) => x.id !== target.id)
    },
  )

const saveProgram = (index: number, days: ReadonlyArray<unknown>, language: string): Step =>
  step(
    `save a program of ${days.length} day(s) for tournament #${index}`,
    language,
    (m) => m.tournaments.length > 0,
    async (m, w) => {
      const target = pick(m.tournaments, index)
      if (!target) return
      expectNoServerError(
        'saving a program',
        await write(w, 'POST', '/api/v1/event/program', w.owner.token, {
          eventId: m.eventId,
          tournamentId: target.id,
          programs: days,
        }),
      )
    },
  )

const editEvent = (general: GeneralBody, additional: unknown, language: string): Step =>
  step(
    `edit the event (${general.dateStart}…${general.dateEnd} ${general.timeZone}, ${general.contents.length} language(s), ${general.locations.length} location(s)${general.isOnline ? ', online' : ''})`,
    language,
    () => true,
    async (m, w) => {
      const answer = expectNoServerError(
        'editing the event',
        await write(w, 'PUT', `/api/v1/event/${m.eventId}`, w.owner.token, {
          generalInformation: general,
          ...(additional === null ? {} : { additionalInformation: additional }),
        }),
      )
      const saved = createdEvent(answer)
      if (answer.status === 200 && Option.isSome(saved)) {
        m.general = general
        m.alias = saved.value.alias
        m.dates = { dateStart: general.dateStart, dateEnd: general.dateEnd }
      }
    },
  )

const messages = fc.constantFrom(
  'The venue moved; new dates follow.',
  'Турнир отменён из-за погоды.',
  '<b>Sorry</b> & see you "soon"',
  'x'.repeat(2000),
)

/** An event action of spec section 4 through its API call; the model takes the state the site answers. */
export const action = (name: string, path: string, body: unknown, language: string): Step =>
  step(
    name,
    language,
    () => true,
    async (m, w) => {
      const answer = expectNoServerError(
        name,
        await write(
          w,
          path === 'delete' ? 'DELETE' : 'PUT',
          `/api/v1/event/${m.eventId}/${path}`,
          w.owner.token,
          body,
        ),
      )
      const transition = transitionOf(answer)
      if (answer.status === 200 && Option.isSome(transition)) m.state = transition.value.to ?? 'deleted'
    },
  )

const Quote = Schema.Struct({ quotedTotalMinor: Schema.Int })

let playerNumber = 0

/** Players enter a tournament as the registration form does: at the price the site quotes. */
const register = (index: number, ticketPick: number, language: string): Step =>
  step(
    `register for tournament #${index}`,
    language,
    // Only a public event takes entries (a draft's tournaments answer 404).
    (m) => m.state === 'accepted' && m.tournaments.length > 0,
    async (m, w) => {
      const target = pick(m.tournaments, index)
      const ticketId = target && pick(target.ticketIds, ticketPick)
      if (!target || ticketId === undefined) return
      const rule = contestantRule(target.type)
      const contestants = Array.from({ length: Math.max(1, Math.min(rule.min, 4)) }, () => {
        const n = ++playerNumber
        return {
          firstName: 'Ona',
          lastName: `Žaidėja${n}`,
          countryCode: 'LT',
          email: `state-player-${n}@example.test`,
          federationId: '',
          ticketId,
          ageCategoryId: null,
        }
      })
      const body = (expectedTotalMinor: number) => ({
        data: {
          contestants,
          teamName: rule.teamName === 'none' ? '' : 'Team Ąžuolas',
          contactEmail: contestants[0]?.email,
        },
        ticket: { expectedTotalMinor, paymentMethod: 'bankTransfer' },
        policy: true,
      })
      const path = `/api/v1/tournament/${target.id}/register`
      let answer = expectNoServerError('registering', await write(w, 'POST', path, null, body(0)))
      const quote = Schema.decodeUnknownOption(Schema.fromJsonString(Quote))(answer.text)
      if (answer.status === 409 && Option.isSome(quote))
        answer = expectNoServerError(
          'registering at the quoted price',
          await write(w, 'POST', path, null, body(quote.value.quotedTotalMinor)),
        )
      if (answer.status === 201) m.registered += 1
    },
  )

const languageArb = fc.constantFrom(...interfaceLocales)

const w = (weight: number, arbitrary: fc.Arbitrary<Step>) => ({ weight, arbitrary })

/** The organiser's steps for an event created with `general`. */
export const stepsArb = (general: GeneralBody, maxSteps: number): fc.Arbitrary<ReadonlyArray<Step>> => {
  const dates = { dateStart: general.dateStart, dateEnd: general.dateEnd }
  const edited = fc
    .tuple(generalArb(today()), fc.integer({ min: 0, max: 4 }))
    // Mostly the same dates (an edit of the texts, places or zone); one edit in five moves them.
    .map(([g, dice]) => (dice === 0 ? g : { ...g, dateStart: general.dateStart, dateEnd: general.dateEnd }))
  // A plain array (not fc.commands, whose sizes favour very short runs): every event goes through at least
  // half the steps asked for; steps that do not apply to the model's state are skipped when run.
  return fc.array(
    fc.oneof(
      // Weighted towards the steps that build what pages show: tournaments, publishing and registering.
      w(
        3,
        fc.tuple(tournamentArb(dates), languageArb).map(([t, l]) => addTournament(t, l)),
      ),
      w(
        2,
        fc.tuple(fc.nat(), tournamentArb(dates), languageArb).map(([i, t, l]) => editTournament(i, t, l)),
      ),
      w(
        1,
        fc.tuple(fc.nat(), languageArb).map(([i, l]) => removeTournament(i, l)),
      ),
      w(
        1,
        fc
          .tuple(fc.nat(), programDaysArb(general.dateStart, general.dateEnd), languageArb)
          .map(([i, d, l]) => saveProgram(i, d, l)),
      ),
      w(
        2,
        fc
          .tuple(edited, fc.option(additionalArb, { nil: null }), languageArb)
          .map(([g, a, l]) => editEvent(g, a, l)),
      ),
      w(
        3,
        fc.tuple(fc.nat(), fc.nat(), languageArb).map(([i, k, l]) => register(i, k, l)),
      ),
      w(
        4,
        languageArb.map((l) => action('publish', 'publish', undefined, l)),
      ),
      w(
        1,
        languageArb.map((l) => action('un-publish', 'un-publish', undefined, l)),
      ),
      w(
        1,
        fc.tuple(messages, languageArb).map(([message, l]) => action('postpone', 'postpone', { message }, l)),
      ),
      w(
        1,
        fc
          .tuple(messages, languageArb)
          .map(([message, l]) =>
            action('un-publish after postponing', 'un-publish-after-postpone', { message }, l),
          ),
      ),
      w(
        1,
        fc.tuple(messages, languageArb).map(([message, l]) => action('cancel', 'cancel', { message }, l)),
      ),
      w(
        1,
        fc
          .tuple(messages, languageArb)
          .map(([message, l]) => action('notify the players', 'notify-event-users', { message }, l)),
      ),
      w(
        1,
        languageArb.map((l) => action('delete', 'delete', undefined, l)),
      ),
    ),
    { minLength: Math.ceil(maxSteps / 2), maxLength: maxSteps },
  )
}

/** Creates the event as the editor's first step does; null when the site refused the shape (a 4xx). */
export const createEvent = async (world: World, general: GeneralBody): Promise<Model | null> => {
  const answer = expectNoServerError(
    `creating an event from ${JSON.stringify(general)}`,
    await write(world, 'POST', '/api/v1/event', world.owner.token, { generalInformation: general }),
  )
  const created = createdEvent(answer)
  if (answer.status !== 200 || Option.isNone(created)) return null
  return {
    eventId: created.value.id,
    alias: created.value.alias,
    state: 'draft',
    dates: { dateStart: general.dateStart, dateEnd: general.dateEnd },
    general,
    tournaments: [],
    registered: 0,
  }
}
