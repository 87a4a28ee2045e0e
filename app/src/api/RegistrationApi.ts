import { EntryId, hasControlCharacters, TournamentId } from '@kibitz/kernel'
import {
  cardAmountLimitMinor,
  EntryFilter,
  EntryPage,
  EntryView,
  MarkPaidResult,
  RegisterInput,
  RegistrationForm,
  RegistrationReceipt,
} from '@kibitz/registration'
import { Schema, SchemaTransformation } from 'effect'
import { HttpApiEndpoint, HttpApiError, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { EventIdParam } from './EventActionsApi.ts'
import { InvalidRequest, NotFound, ProblemCode, TooManyRequests, UnprocessableContent } from './Problems.ts'
import { limitUpTo, queryText, TournamentIdFromString } from './Query.ts'
import { Authenticated } from './UserApi.ts'

// Registration (issue 5): the public form data and registration of spec section 7, the registrant's status
// link and card payment, Stripe's webhook, and the organiser's list, CSV, mark paid, cancel and move.
// Schemas and endpoints only; the registration desk decides everything.

/** The largest id PostgreSQL's integer column holds. */
const maximumId = 2147483647

/** The most entries one mark-paid call takes. */
export const maximumMarkedAtOnce = 100

/** The largest offset into an event's registrations (far past any event's entries; a bigger one is a 400). */
const maximumRegistrationsOffset = 1_000_000

/** The list's and the CSV's filters: tournament, state and searched text (decision 034). */
const registrationsFilters = {
  tournamentId: Schema.optionalKey(TournamentIdFromString),
  status: Schema.optionalKey(
    EntryFilter.annotate({
      description:
        'pending (waiting for payment), unpaid (confirmed, to be paid at the venue), paid, confirmed, canceled ' +
        'or expired.',
    }),
  ),
  q: Schema.optionalKey(
    queryText(
      'Searched text, up to 100 characters: part of a player’s name (either order), e-mail or federation id, ' +
        'the team, the contact e-mail, the payment reference (spaces and case ignored) or #entry number.',
    ).check(Schema.isMaxLength(100)),
  ),
}

/** The largest page of registrations one request may ask for. */
export const maximumRegistrationsPage = 100

/** The page size when none is asked for. */
export const defaultRegistrationsPage = 50

/** Where Stripe delivers its signed events; the CSRF check of start.ts leaves exactly this path alone. */
export const stripeWebhookPath = '/api/v1/payment/stripe/webhook'

const aliasOrId = Schema.String.check(
  Schema.isMaxLength(200),
  Schema.makeFilter((value: string) => !hasControlCharacters(value), {
    expected: 'text without control characters',
  }),
).annotate({ description: 'The alias or numeric id.' })

/** The entry's numeric id in the path. */
const EntryIdParam = Schema.String.annotate({ description: 'The numeric registration (entry) id.' }).pipe(
  Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString),
  Schema.decodeTo(EntryId),
)

const BodyId = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: maximumId }))

/** The secret token of a registration's status link (43 URL-safe characters). */
const StatusToken = Schema.String.check(Schema.isMaxLength(200)).annotate({
  description: 'The status token the registration answered (and e-mailed in the status link).',
})

/**
 * 409: registration is closed, the entry's state does not allow the action, or the tickets changed. `reason`
 * says which; with code 3000 (tournament tickets updated) `form` is the form as it stands now.
 */
export class RegistrationConflict extends HttpApiError.Problem<RegistrationConflict>()(
  'RegistrationConflict',
  { type: 'about:blank', status: 409, title: 'Conflict' },
  {
    code: ProblemCode,
    reason: Schema.String.annotate({
      description:
        'closed, wrongState, incompatible, paymentUnavailable, tooLate; with code 3000 priceChanged, soldOut, ' +
        'notForSale, outsideSalesWindow or unknown; for an organiser’s move or mark paid the tickets’ reason.',
    }),
    form: Schema.optionalKey(RegistrationForm),
    quotedTotalMinor: Schema.optionalKey(
      Schema.Int.annotate({
        description: 'With priceChanged: what the same choice costs now, in minor units.',
      }),
    ),
  },
) {}

/** 503: the card provider cannot be used now (not configured, unreachable, or it refused the request). */
export class PaymentUnavailable extends HttpApiError.Problem<PaymentUnavailable>()(
  'PaymentUnavailable',
  { type: 'about:blank', status: 503, title: 'Service Unavailable' },
  {
    code: ProblemCode,
    reason: Schema.Literals(['notConfigured', 'rejected', 'unavailable']),
  },
) {}

/** Where to send the browser to pay. */
export class CardCheckout extends Schema.Class<CardCheckout>('CardCheckout')({
  url: Schema.String.annotate({ description: 'The hosted card payment page.' }),
}) {}

/** What the webhook answers Stripe. */
export class WebhookReceived extends Schema.Class<WebhookReceived>('WebhookReceived')({
  received: Schema.Boolean,
}) {}

/** A CSV document (RFC 4180, CRLF line ends). */
export const Csv = Schema.String.pipe(HttpApiSchema.asText({ contentType: 'text/csv' })).annotate({
  description: 'A CSV document, one row per player, UTF-8 with CRLF line ends.',
})

const errors = [NotFound, RegistrationConflict]

/** Registration: public calls, the status link, card payment, the webhook and the organiser's calls. */
export class RegistrationGroup extends HttpApiGroup.make('registration')
  .add(
    HttpApiEndpoint.get('registrationForm', '/tournament/:id/register-tournament-data/:event', {
      params: { id: aliasOrId, event: aliasOrId },
      success: RegistrationForm,
      error: errors,
    }).annotate(
      OpenApi.Description,
      'What the registration form of a public event’s tournament needs: the event, the tournament with the ' +
        'tickets and age categories a player can take today (price, places left; a ticket with age categories ' +
        'is sold only through one of them), how many players an entry takes, the payment methods offered ' +
        '(none: a paid entry is paid at the venue). 404 for an unknown event or tournament, 409 closed when ' +
        'registration is not open.',
    ),
    HttpApiEndpoint.post('register', '/tournament/:id/register', {
      params: { id: aliasOrId },
      query: {
        event: Schema.optionalKey(
          queryText(
            'The alias or id of the tournament’s event; needed when the tournament is named by its alias, ' +
              'optional with its numeric id.',
          ),
        ),
      },
      headers: {
        'idempotency-key': Schema.optionalKey(
          Schema.String.check(Schema.isPattern(/^[\x21-\x7e]{1,255}$/u)).annotate({
            description:
              'A key of the client’s for this registration (a UUID): a retry with the same key and body answers ' +
              'the same entry (201, `replayed`: true, header `Idempotent-Replayed`), never a second one; the ' +
              'same key with another body is 422. Kept a day.',
          }),
        ),
      },
      payload: RegisterInput,
      success: RegistrationReceipt.pipe(HttpApiSchema.status(201)),
      error: [...errors, InvalidRequest, UnprocessableContent, TooManyRequests],
    }).annotate(
      OpenApi.Description,
      'Registers an entry, signed in or not (a signed-in user’s id is recorded). The server prices the ' +
        'tickets: `ticket.expectedTotalMinor` must be the total the form showed, else 409 code 3000 with the ' +
        'new `form` (also when the tickets sold out meanwhile); nothing is registered then. Every invalid field ' +
        'is named at once: 400 with `errors[].field` the dotted path (e.g. `data.contestants.1.email`) and ' +
        '`rule`. 201 answers the receipt; `statusToken` is given only here and opens GET registration/status. ' +
        'Send an `Idempotency-Key` to retry safely after a lost answer. One client address may register 30 ' +
        'entries in 15 minutes (429 with Retry-After beyond). ' +
        'Free entries are confirmed at once, bank transfer and card entries wait for payment and expire unpaid. ' +
        'A ticket with age categories needs one (400 `required` at `data.contestants.N.ageCategoryId`); card ' +
        `takes totals Stripe charges exactly, up to ${cardAmountLimitMinor} in Stripe's unit of the currency (otherwise 400 ` +
        "`outOfRange` at `ticket.paymentMethod`). Amounts are integers of the currency's ISO 4217 minor unit (¥5,000 is 5000).",
    ),
    HttpApiEndpoint.get('registrationStatus', '/registration/status', {
      query: {
        token: StatusToken,
        session_id: Schema.optionalKey(
          queryText('The card checkout the browser came back from: its payment is checked first.'),
        ),
      },
      success: EntryView,
      error: [NotFound, PaymentUnavailable],
    }).annotate(
      OpenApi.Description,
      'The registration of a status token (never cached). 404 for an unknown token.',
    ),
    HttpApiEndpoint.post('payByCard', '/registration/pay-by-card', {
      payload: Schema.Struct({ token: StatusToken }),
      success: CardCheckout,
      error: [NotFound, RegistrationConflict, PaymentUnavailable],
    }).annotate(
      OpenApi.Description,
      'A card checkout for an unpaid registration: send the browser to `url`; it comes back to ' +
        '/status?token=…&session_id=…. 409 wrongState when nothing is to be paid, tooLate when the entry ' +
        'expires too soon, paymentUnavailable when card payment is not offered; 503 when the provider fails.',
    ),
    HttpApiEndpoint.post('stripeWebhook', '/payment/stripe/webhook', {
      headers: {
        'stripe-signature': Schema.optionalKey(
          Schema.String.annotate({ description: 't=…,v1=…: Stripe’s signature of the raw body.' }),
        ),
      },
      payload: Schema.Unknown.annotate({ description: 'The Stripe event, exactly as Stripe signed it.' }),
      success: WebhookReceived,
      error: InvalidRequest,
    }).annotate(
      OpenApi.Description,
      'Stripe’s signed events (server to server, no session). A checkout.session.completed for a ' +
        'registration’s checkout, with its amount and currency, marks it paid once however often it is ' +
        'delivered. A missing, wrong or old signature or an unreadable event is 400 (Stripe retries).',
    ),
    HttpApiEndpoint.get('eventRegistrations', '/event/:id/registrations', {
      params: { id: EventIdParam },
      query: {
        ...registrationsFilters,
        offset: Schema.optionalKey(
          queryText(`How many results to skip, 0 to ${maximumRegistrationsOffset}; default 0.`).pipe(
            Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString),
            Schema.decodeTo(
              Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: maximumRegistrationsOffset })),
            ),
          ),
        ),
        limit: Schema.optionalKey(limitUpTo(maximumRegistrationsPage, defaultRegistrationsPage)),
      },
      success: EntryPage,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'A page of the event’s registrations that match the tournament, state and searched text, newest first, ' +
          'with how many match. Each player’s and line’s ticket comes with its type and age category name. A ' +
          'bad filter value is 400 naming the parameter.',
      ),
    HttpApiEndpoint.get('eventRegistrationsCsv', '/event/:id/registrations.csv', {
      params: { id: EventIdParam },
      query: registrationsFilters,
      success: Csv,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'The event’s registrations (those matching the filters; all without) as CSV, one row per player, in the ' +
          'language of Accept-Language: its headings, states and names (tournament, ticket, age category, ' +
          'country), a byte-order mark, and the separator its spreadsheets expect — a semicolon where the decimal ' +
          'mark is a comma (ru, lt, pl, es, it, fr), a comma in English — with amounts in that decimal mark. Cells ' +
          'that begin with = + - or @ get a leading apostrophe.',
      ),
    HttpApiEndpoint.post('markRegistrationsPaid', '/event/:id/registrations/mark-paid', {
      params: { id: EventIdParam },
      payload: Schema.Struct({
        entryIds: Schema.Array(EntryId)
          .check(Schema.isMinLength(1), Schema.isMaxLength(maximumMarkedAtOnce))
          .annotate({ description: `1 to ${maximumMarkedAtOnce} entry ids of this event.` }),
      }),
      success: MarkPaidResult,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Marks several entries of the event paid in one transaction, each as mark-paid does (confirmed, audited, ' +
          'the contact e-mailed). Entries already paid, canceled, expired (mark those one at a time: they come back ' +
          'only if places are left), free, or not of this event are left as they were and listed in `skipped` ' +
          'with the reason (alreadyPaid, canceled, expired, nothingToPay, notFound).',
      ),
    HttpApiEndpoint.put('markPaid', '/registration/:entryId/mark-paid', {
      params: { entryId: EntryIdParam },
      success: EntryView,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'The entry is paid (bank transfer, at the venue): it is confirmed; an expired one comes back if its ' +
          'places are still free (else 409 soldOut). Marking a paid entry again changes nothing.',
      ),
    HttpApiEndpoint.put('cancelRegistration', '/registration/:entryId/cancel', {
      params: { entryId: EntryIdParam },
      success: EntryView,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Cancels the entry and frees its places; 409 wrongState if already over.',
      ),
    HttpApiEndpoint.put('moveRegistration', '/registration/:entryId/move', {
      params: { entryId: EntryIdParam },
      payload: Schema.Struct({
        tournamentId: TournamentId.annotate({
          description: 'Another tournament of the same event and type.',
        }),
        ticketId: BodyId.annotate({ description: 'One of that tournament’s tickets.' }),
      }),
      success: EntryView,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Moves the entry to another tournament of the event on one of its tickets; the price agreed stays. ' +
          '409 incompatible (same tournament, other player count), soldOut, or wrongState.',
      ),
  )
  .prefix('/api/v1')
  .annotateMerge(
    OpenApi.annotations({
      description:
        'Registration for tournaments. The form, register, status, pay-by-card and webhook calls need no ' +
        'session; the event registration calls, mark-paid, cancel and move are the event organiser’s or the ' +
        'super user’s (401 signed out; another organiser’s event or entry is 404 as a missing one is). ' +
        'Personal replies are never cached.',
    }),
  ) {}
