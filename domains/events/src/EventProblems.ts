import {
  decodeWithProblems,
  EventId,
  FieldProblem,
  OrganiserId,
  TournamentId,
  ValidationRule,
  ValidationRuleSchema,
} from '@kibitz/kernel'
import { Effect, Schema } from 'effect'
import {
  ContentLanguageInput,
  EditorStep,
  EventTypeInput,
  GeneralInformationInput,
  type GeneralInformationInput as GeneralInput,
} from './EventInput.ts'
import { type EventTournamentContext, EventTournaments } from './EventTournaments.ts'
import type { EventEntity } from './internal/entities/EventEntity.ts'

// What an event lacks before it may be public (decision 017): the validate call reports it, publish refuses an
// event that has any of it, and an edit of a public event may add none of it (both in decision 017).

const decodeLanguage = Schema.decodeUnknownSync(ContentLanguageInput)
const decodeEventType = Schema.decodeUnknownSync(EventTypeInput)
const nullable = <A>(value: A | null | undefined): A | null => value ?? null

/** One thing a draft lacks before publication: the step and field to fix, and the rule it breaks. */
export class EventProblem extends Schema.Class<EventProblem>('@kibitz/events/EventProblem')({
  step: EditorStep,
  field: Schema.String,
  rule: ValidationRuleSchema,
  tournamentId: Schema.NullOr(TournamentId),
}) {}

/** The general information of a stored event, as the general-information step shows it. */
export const generalOf = (e: EventEntity): GeneralInput => ({
  contents: e.contents.getItems().map((c) => ({
    language: decodeLanguage(c.language),
    name: c.name,
    description: nullable(c.description),
    isMain: c.isMain,
    type: c.type === 2 ? 2 : 1,
  })),
  type: decodeEventType(Number(e.type)),
  isLive: e.isLive,
  isOnline: e.isOnline,
  editionType: e.editionType === 2 ? 2 : 1,
  editionYear: nullable(e.editionYear),
  editionSeason: nullable(e.editionSeason),
  dateStart: e.dateStart,
  dateEnd: e.dateEnd,
  countryCode: nullable(e.countryCode),
  languages: Schema.decodeUnknownSync(GeneralInformationInput.fields.languages)(e.languages),
  currencyCode: e.currencyCode,
  timeZone: e.timeZone,
  organiserEmail: nullable(e.organiserEmail),
  locations: e.locations.getItems().map((l) => ({
    name: nullable(l.name),
    addressLine: nullable(l.addressLine),
    shortAddressLine: nullable(l.shortAddressLine),
    countryCode: nullable(l.countryCode),
    lat: l.lat == null ? null : Number(l.lat),
    long: l.long == null ? null : Number(l.long),
    dateStart: nullable(l.dateStart),
    dateEnd: nullable(l.dateEnd),
    startTime: nullable(l.startTime),
    endTime: nullable(l.endTime),
    isMain: l.isMain,
    externalUrl: nullable(l.externalUrl),
  })),
  organiserId: OrganiserId.make(e.organiserId),
})

/** The problems of the general and additional steps of a stored event (the tournaments add theirs). */
export const generalProblems = (e: EventEntity): ReadonlyArray<EventProblem> => {
  const problems: Array<EventProblem> = []
  const add = (step: EditorStep, field: string, rule: FieldProblem['rule']) =>
    problems.push(new EventProblem({ step, field, rule, tournamentId: null }))
  const decoded = decodeWithProblems(GeneralInformationInput, generalOf(e))
  if (!decoded.ok) for (const p of decoded.problems) add('general-information', p.field, p.rule)
  const locations = e.locations.getItems()
  const main = locations.find((l) => l.isMain) ?? locations[0]
  if (e.isLive && !e.isOnline) {
    if (!main) add('general-information', 'locations', ValidationRule.required)
    else if (!main.addressLine?.trim() && !main.name?.trim())
      add('general-information', `locations.${locations.indexOf(main)}.addressLine`, ValidationRule.required)
    if (!e.countryCode) add('general-information', 'countryCode', ValidationRule.required)
  }
  // Online events use the main location's external url as their home page (spec section 3).
  if (e.isOnline && !main?.externalUrl && !e.externalPageUrl)
    add(
      'general-information',
      main ? `locations.${locations.indexOf(main)}.externalUrl` : 'locations',
      ValidationRule.required,
    )
  return problems
}

/** The wizard step a tournament problem belongs to, from its field. */
const stepOfTournamentField = (field: string): EditorStep => {
  const head = field.split('.')[0]
  if (head === 'tickets' || head === 'prizes' || head === 'prizeSetup')
    return 'registration-entry-fees-and-prizes'
  if (head === 'programs') return 'event-program'
  return 'tournaments'
}

/** What a tournament of the event is checked against: the event's zone, currency and dates. */
export const contextOf = (e: EventEntity): EventTournamentContext => ({
  timeZone: e.timeZone,
  currencyCode: e.currencyCode,
  eventStart: e.dateStart,
  eventEnd: e.dateEnd,
})

/** Every problem of a stored event, its tournaments' included: what the validate call reports and publish refuses. */
export const eventProblems = Effect.fn('EventEditor.eventProblems')(function* (e: EventEntity) {
  const tournaments = yield* EventTournaments
  const ofTournaments = yield* tournaments.problemsOf(EventId.make(e.id), contextOf(e))
  return [
    ...generalProblems(e),
    ...ofTournaments.map(
      (p) =>
        new EventProblem({
          step: stepOfTournamentField(p.field),
          field: p.field,
          rule: p.rule,
          tournamentId: p.tournamentId,
        }),
    ),
  ]
})

const problemKey = (p: EventProblem) => `${p.tournamentId ?? ''}|${p.field}|${p.rule}`

/**
 * The problems of `after` that `before` did not have. An edit of a public event may leave a problem it found (one
 * from before these rules held, fixed in a later save), never add one.
 */
export const addedProblems = (
  before: ReadonlyArray<EventProblem>,
  after: ReadonlyArray<EventProblem>,
): ReadonlyArray<EventProblem> => {
  const known = new Set(before.map(problemKey))
  return after.filter((p) => !known.has(problemKey(p)))
}

const distinct = (problems: ReadonlyArray<FieldProblem>): ReadonlyArray<FieldProblem> => {
  const seen = new Map<string, FieldProblem>()
  for (const p of problems) seen.set(`${p.field}|${p.rule}`, p)
  return [...seen.values()]
}

type EventDates = { readonly dateStart: string; readonly dateEnd: string }

/**
 * What a general-information save added, named by the fields of that form: its own problems as they are; a
 * tournament left outside the event's dates on the date that moved in (`excludesTournaments`); a tournament whose
 * stored registration times now fall after its start on the time zone, the only other field its rules read.
 */
export const namedForGeneral = (
  added: ReadonlyArray<EventProblem>,
  previous: EventDates,
  current: EventDates,
): ReadonlyArray<FieldProblem> =>
  distinct(
    added.flatMap((p) => {
      if (p.tournamentId === null) return [new FieldProblem({ field: p.field, rule: p.rule })]
      if (p.rule !== ValidationRule.outsideEvent)
        return [new FieldProblem({ field: 'timeZone', rule: p.rule })]
      const moved = [
        ...(current.dateStart > previous.dateStart ? ['dateStart'] : []),
        ...(current.dateEnd < previous.dateEnd ? ['dateEnd'] : []),
      ]
      return (moved.length > 0 ? moved : ['dateStart', 'dateEnd']).map(
        (field) => new FieldProblem({ field, rule: ValidationRule.excludesTournaments }),
      )
    }),
  )

/** What an additional-information save added: only the website reaches a rule (an online event's home page). */
export const namedForAdditional = (added: ReadonlyArray<EventProblem>): ReadonlyArray<FieldProblem> =>
  distinct(added.map((p) => new FieldProblem({ field: 'externalPageUrl', rule: p.rule })))

/** What a tournament save added, by the tournament form's own dotted paths. */
export const namedForTournament = (added: ReadonlyArray<EventProblem>): ReadonlyArray<FieldProblem> =>
  distinct(added.map((p) => new FieldProblem({ field: p.field, rule: p.rule })))
