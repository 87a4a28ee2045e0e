import { EventState } from '@kibitz/events'
import {
  type Em,
  EntryId,
  EventId,
  FieldProblem,
  OrganiserId,
  TournamentId,
  type UserId,
} from '@kibitz/kernel'
import { Tournament } from '@kibitz/tournaments'
import { Context, type Effect, type Option, Schema } from 'effect'
import { ChosenPaymentMethod, type EntryFilter, PaymentMethod } from './RegistrationInput.ts'

// The registration desk's DTOs, errors and the port through which it reads events (implemented in this domain
// over the events domain below it, RegistrationEventsLive.ts; docs/decisions/020 and 038).

/** Where an event's registrations are paid by bank transfer. */
export class BankAccount extends Schema.Class<BankAccount>('@kibitz/registration/BankAccount')({
  beneficiary: Schema.String,
  iban: Schema.String,
  bic: Schema.NullOr(Schema.String),
}) {}

/** An event as registration needs it, named in the reader's language. */
export class RegistrationEvent extends Schema.Class<RegistrationEvent>(
  '@kibitz/registration/RegistrationEvent',
)({
  eventId: EventId,
  alias: Schema.String,
  name: Schema.String,
  organiserId: OrganiserId,
  organiserEmail: Schema.NullOr(Schema.String),
  currencyCode: Schema.String,
  timeZone: Schema.String,
  /** The event's state, as the events domain keeps it. */
  state: EventState,
  /** Public (accepted) and neither postponed nor canceled: only then are registrations taken. */
  accepted: Schema.Boolean,
  bank: Schema.NullOr(BankAccount),
}) {}

/** What the desk asks about events: answered from the events domain's directory (RegistrationEventsLive.ts). */
export class RegistrationEvents extends Context.Service<
  RegistrationEvents,
  {
    /** A public event (accepted, postponed or canceled) by alias or id. */
    publicEvent(aliasOrId: string, locale: string): Effect.Effect<Option.Option<RegistrationEvent>, never, Em>
    /** Any event by id, whatever its state (organiser screens, e-mails after the fact). */
    byId(eventId: EventId, locale: string): Effect.Effect<Option.Option<RegistrationEvent>, never, Em>
    /**
     * The desk, in the transaction that took places of the event's `lines`: when one of their tickets or age
     * categories is now full, the event's registration summary (its card's "registration open") follows.
     */
    placesTaken(
      eventId: EventId,
      lines: ReadonlyArray<{ readonly ticketId: number; readonly ageCategoryId: number | null }>,
    ): Effect.Effect<void, never, Em>
    /** The desk, in the transaction that gave places of the event back (cancel, expiry, move): the same. */
    placesGivenBack(eventId: EventId): Effect.Effect<void, never, Em>
  }
>()('@kibitz/registration/RegistrationEvents') {}

/** Settings: the site's public address (links in e-mails) and how long an unpaid entry holds its places. */
export class RegistrationConfig extends Context.Service<
  RegistrationConfig,
  { readonly publicUrl: string; readonly holdHours: number }
>()('@kibitz/registration/RegistrationConfig') {}

/** How many players an entry takes and whether it has a team name. */
export class ContestantRule extends Schema.Class<ContestantRule>('@kibitz/registration/ContestantRule')({
  min: Schema.Int,
  max: Schema.Int,
  teamName: Schema.Literals(['required', 'none', 'optional']),
}) {}

/** What the registration form needs: the event, the tournament with its tickets as sold now, the rules. */
export class RegistrationForm extends Schema.Class<RegistrationForm>('@kibitz/registration/RegistrationForm')(
  {
    event: RegistrationEvent,
    tournament: Tournament,
    contestants: ContestantRule,
    /** The online payment methods offered; empty: a paid entry is paid at the venue. */
    paymentMethods: Schema.Array(ChosenPaymentMethod),
    /** Whether the federation can check member numbers now (the tournament may ask for them). */
    federationLookup: Schema.Boolean,
  },
) {}

/** One open tournament of an event, for the picker. */
export class OpenTournament extends Schema.Class<OpenTournament>('@kibitz/registration/OpenTournament')({
  tournamentId: TournamentId,
  alias: Schema.String,
  name: Schema.String,
  type: Schema.Int,
  startDate: Schema.String,
  startTime: Schema.NullOr(Schema.String),
}) {}

/** A public tournament's rules page: its rules file and, while registration is open, how it works. */
export class TournamentRules extends Schema.Class<TournamentRules>('@kibitz/registration/TournamentRules')({
  event: Schema.Struct({ alias: Schema.String, name: Schema.String }),
  tournament: Schema.Struct({
    tournamentId: TournamentId,
    alias: Schema.String,
    name: Schema.String,
    type: Schema.Int,
    rulesFile: Schema.NullOr(Schema.String),
    isOpenRegistration: Schema.Boolean,
    verifyPlayer: Schema.Boolean,
  }),
  /** The online payment methods while registration is open (empty: paid at the venue); null when closed. */
  paymentMethods: Schema.NullOr(Schema.Array(ChosenPaymentMethod)),
  /** How long an unpaid entry holds its places. */
  holdHours: Schema.Int,
}) {}

export const EntryState = Schema.Literals(['pending', 'confirmed', 'canceled', 'expired'])
export type EntryState = typeof EntryState.Type

/** A ticket line an entry holds: the unit price paid, the units taken, the line's total. */
export class EntryLine extends Schema.Class<EntryLine>('@kibitz/registration/EntryLine')({
  ticketId: Schema.Int,
  ageCategoryId: Schema.NullOr(Schema.Int),
  persons: Schema.Int,
  unitPriceMinor: Schema.Int,
  units: Schema.Int,
  totalMinor: Schema.Int,
  earlyBird: Schema.Boolean,
  /** The ticket's type (spec: 1 basic, 2 medium, 3 advanced, 4 free of charge); null when it was removed. */
  ticketType: Schema.NullOr(Schema.Int),
  /** The age category's name as the organiser named it; null without one (or when it was removed). */
  ageCategoryName: Schema.NullOr(Schema.String),
}) {}

/** What the registrant is given once: the secret status token is never stored in clear. */
export class RegistrationReceipt extends Schema.Class<RegistrationReceipt>(
  '@kibitz/registration/RegistrationReceipt',
)({
  entryId: EntryId,
  status: EntryState,
  paymentMethod: PaymentMethod,
  totalMinor: Schema.Int,
  currencyCode: Schema.String,
  reference: Schema.NullOr(Schema.String),
  statusToken: Schema.String,
  expiresAt: Schema.NullOr(Schema.String),
  /** True when the request repeated an earlier one with the same Idempotency-Key: this is that entry. */
  replayed: Schema.Boolean,
}) {}

export class EntryContestant extends Schema.Class<EntryContestant>('@kibitz/registration/EntryContestant')({
  firstName: Schema.String,
  lastName: Schema.String,
  countryCode: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  federationId: Schema.NullOr(Schema.String),
  federationVerified: Schema.NullOr(Schema.Boolean),
  ticketId: Schema.NullOr(Schema.Int),
  ageCategoryId: Schema.NullOr(Schema.Int),
  /** The player's ticket's type (1 basic, 2 medium, 3 advanced, 4 free of charge); null when unknown. */
  ticketType: Schema.NullOr(Schema.Int),
  /** The player's age category by name; null without one. */
  ageCategoryName: Schema.NullOr(Schema.String),
}) {}

/** A registration as its registrant (status link) and its organiser see it. */
export class EntryView extends Schema.Class<EntryView>('@kibitz/registration/EntryView')({
  entryId: EntryId,
  event: Schema.Struct({
    eventId: EventId,
    alias: Schema.String,
    name: Schema.String,
    timeZone: Schema.String,
  }),
  tournament: Schema.Struct({
    tournamentId: TournamentId,
    alias: Schema.String,
    name: Schema.String,
    type: Schema.Int,
    startDate: Schema.String,
    startTime: Schema.NullOr(Schema.String),
  }),
  status: EntryState,
  paymentMethod: PaymentMethod,
  paid: Schema.Boolean,
  paidAt: Schema.NullOr(Schema.String),
  totalMinor: Schema.Int,
  currencyCode: Schema.String,
  lines: Schema.Array(EntryLine),
  reference: Schema.NullOr(Schema.String),
  bank: Schema.NullOr(BankAccount),
  /** Whether the registrant can pay by card now. */
  canPayByCard: Schema.Boolean,
  expiresAt: Schema.NullOr(Schema.String),
  teamName: Schema.NullOr(Schema.String),
  contactEmail: Schema.NullOr(Schema.String),
  contestants: Schema.Array(EntryContestant),
  createdAt: Schema.String,
}) {}

/** A page of an event's registrations for its organiser. */
export class EntryPage extends Schema.Class<EntryPage>('@kibitz/registration/EntryPage')({
  entries: Schema.Array(EntryView),
  total: Schema.Int,
}) {}

/** Which of an event's registrations the organiser asks for; `search` is the typed text (trimmed, ≤ 100). */
export interface EntryQuery {
  readonly tournamentId: TournamentId | null
  readonly status: EntryFilter | null
  readonly search: string | null
}

/** Why an entry of a "mark selected paid" was left as it was. */
export const MarkPaidSkip = Schema.Literals([
  'alreadyPaid',
  'canceled',
  'expired',
  'notFound',
  'nothingToPay',
])
export type MarkPaidSkip = typeof MarkPaidSkip.Type

/** The outcome of marking several entries paid at once: those marked, and each one left as it was with why. */
export class MarkPaidResult extends Schema.Class<MarkPaidResult>('@kibitz/registration/MarkPaidResult')({
  marked: Schema.Array(EntryId),
  skipped: Schema.Array(Schema.Struct({ entryId: EntryId, reason: MarkPaidSkip })),
}) {}

/** Who acts on an event's registrations: its organiser or the super user. */
export interface RegistrationActor {
  readonly userId: UserId
  readonly organiserId: OrganiserId | null
  readonly isSuper: boolean
}

/**
 * Refused: no such public event or tournament (or another organiser's), registration not open, the entry is
 * in a state that does not allow it, no card payment configured, or too little time left to pay by card.
 */
export class RegistrationRefused extends Schema.TaggedError<RegistrationRefused>()('RegistrationRefused', {
  reason: Schema.Literals([
    'notFound',
    'closed',
    'wrongState',
    'incompatible',
    'paymentUnavailable',
    'tooLate',
  ]),
}) {}

/** An Idempotency-Key already used for a different registration (another body, tournament or event). */
export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()(
  'IdempotencyKeyReused',
  {},
) {}

/** The registration's fields break rules: each problem with its dotted path (`data.contestants.1.email`). */
export class RegistrationInvalid extends Schema.TaggedError<RegistrationInvalid>()('RegistrationInvalid', {
  problems: Schema.Array(FieldProblem),
}) {}

/**
 * Error 3000: the tickets changed while the visitor filled in the form (a price, sold out, no longer for sale,
 * outside its sales window); `form` is the new state to show. Nothing was registered.
 */
export class TicketsChanged extends Schema.TaggedError<TicketsChanged>()('TicketsChanged', {
  reason: Schema.Literals(['priceChanged', 'soldOut', 'notForSale', 'outsideSalesWindow', 'unknown']),
  form: RegistrationForm,
  /** For a changed price: what the same choice costs now (the form cannot always tell, e.g. an early bird ending). */
  quotedTotalMinor: Schema.NullOr(Schema.Int),
}) {}
