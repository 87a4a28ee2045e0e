import {
  decodeWithProblems,
  ErrorCode,
  type FieldProblem,
  localeFromAcceptLanguage,
  ruleMessages,
} from '@kibitz/kernel'
import {
  type CardPaymentFailed,
  RegisterInput,
  type RegistrationActor,
  RegistrationDesk,
  RegistrationReceipt,
  type RegistrationRefused,
  type TicketsChanged,
  type WebhookRejected,
} from '@kibitz/registration'
import type { TicketsUnavailable } from '@kibitz/tournaments'
import { Effect, Schema } from 'effect'
import { HttpEffect, HttpServerRequest, HttpServerResponse } from 'effect/http'
import { HttpApiBuilder } from 'effect/http-api'
import { eventActorOf } from '../server/actor.server.ts'
import { clientIp, sessionOf } from '../server/auth.server.ts'
import { Api } from './Api.ts'
import {
  InvalidRequest,
  invalidQueryField,
  NotFound,
  tooManyRequests,
  UnprocessableContent,
  unknownCode,
} from './Problems.ts'
import {
  CardCheckout,
  defaultRegistrationsPage,
  PaymentUnavailable,
  RegistrationConflict,
  WebhookReceived,
} from './RegistrationApi.ts'
import { CurrentSession } from './UserApi.ts'
import { unitOfWork } from './unitOfWork.server.ts'

// The registration calls over the registration desk. The register body is decoded here with the form rules,
// so every problem is named by its dotted path and rule; the organiser is the session's user only.

const requestLocale = (request: HttpServerRequest.HttpServerRequest) =>
  localeFromAcceptLanguage(request.headers['accept-language'])

/** A personal reply: no cache may keep it, so it carries no validator either (the API caches other GETs). */
const personal = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(
    HttpServerResponse.removeHeader(
      HttpServerResponse.setHeader(response, 'cache-control', 'no-store'),
      'etag',
    ),
  ),
)

const notFound = (detail: string) => new NotFound({ code: unknownCode, detail })

const encodeReceipt = Schema.encodeSync(RegistrationReceipt)

const refusalDetail: Record<RegistrationRefused['reason'], string> = {
  notFound: 'No such registration, event or tournament',
  closed: 'Registration for this tournament is not open',
  wrongState: 'The registration’s state does not allow this',
  incompatible: 'The entry does not fit that tournament',
  paymentUnavailable: 'Card payment is not offered',
  tooLate: 'The registration expires too soon to pay by card',
}

const refusal = (refused: RegistrationRefused) =>
  refused.reason === 'notFound'
    ? notFound(refusalDetail.notFound)
    : new RegistrationConflict({
        code: unknownCode,
        detail: refusalDetail[refused.reason],
        reason: refused.reason,
      })

/** Error 3000: the tickets changed; the problem carries the form as it stands now. */
const ticketsChanged = (changed: TicketsChanged) =>
  new RegistrationConflict({
    code: ErrorCode.ticketsUpdated,
    detail: 'Tournament tickets updated',
    reason: changed.reason,
    form: changed.form,
    ...(changed.quotedTotalMinor === null ? {} : { quotedTotalMinor: changed.quotedTotalMinor }),
  })

const ticketsUnavailable = (unavailable: TicketsUnavailable) =>
  new RegistrationConflict({
    code: unknownCode,
    detail: 'The tickets of that tournament cannot take this entry',
    reason: unavailable.reason,
  })

const cardFailure = (failed: CardPaymentFailed) =>
  Effect.andThen(
    Effect.logWarning('card payment failed', { reason: failed.reason, message: failed.message }),
    Effect.fail(
      new PaymentUnavailable({
        code: unknownCode,
        detail: 'Card payment is not available now',
        reason: failed.reason,
      }),
    ),
  )

/** 400 naming every problem by its dotted path under the body. */
const invalidFields = (problems: ReadonlyArray<FieldProblem>) =>
  new InvalidRequest({
    code: unknownCode,
    detail: `Invalid fields: ${problems.map((p) => p.field || 'payload').join(', ')}`,
    errors: problems.map((p) => ({
      path: [
        'payload',
        ...p.field
          .split('.')
          .filter((s) => s !== '')
          .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
      ],
      field: p.field,
      message: ruleMessages[p.rule].replace('{field}', () => p.field || 'payload'),
      rule: p.rule,
    })),
  })

const notJson = new InvalidRequest({
  code: unknownCode,
  detail: 'Expected a valid JSON body',
  errors: [{ path: ['payload'], field: 'payload', message: 'Expected a valid JSON body' }],
})

const webhookRejected = (rejected: WebhookRejected) => {
  const onBody = rejected.reason === 'badPayload'
  const field = onBody ? 'payload' : 'stripe-signature'
  const message = onBody ? 'Not a Stripe event' : `Signature refused: ${rejected.reason}`
  return new InvalidRequest({
    code: unknownCode,
    detail: message,
    errors: [{ path: onBody ? ['payload'] : ['headers', field], field, message }],
  })
}

/** The list's searched text: trimmed, none when blank. */
const searchOf = (q: string | undefined) => {
  const text = q?.trim() ?? ''
  return text === '' ? null : text
}

/** A numeric id as the path gives it, when the text is one. */
const numericId = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text) ? Number(text) : null)

/** Registration: form, register, status, pay-by-card, the Stripe webhook and the organiser's calls. */
export const RegistrationHandlers = HttpApiBuilder.group(Api, 'registration', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const desk = yield* RegistrationDesk

    /** The organiser acting: the session's user; one without an organiser account sees no event as theirs. */
    const actor: Effect.Effect<RegistrationActor, never, CurrentSession> = Effect.map(
      CurrentSession,
      ({ user }) => eventActorOf(user) ?? { userId: user.id, organiserId: null, isSuper: false },
    )

    /** A register call without `?event=` names the tournament by its id; the desk reads its event. */
    const checkTournamentRef = (tournamentRef: string, event: string | undefined) =>
      event === undefined && numericId(tournamentRef) === null
        ? Effect.fail(invalidQueryField('event', 'Give the event when the tournament is named by its alias'))
        : Effect.void

    const register = (
      request: HttpServerRequest.HttpServerRequest,
      tournamentRef: string,
      eventRef: string | undefined,
    ) =>
      Effect.gen(function* () {
        const idempotencyKey = request.headers['idempotency-key']
        if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey))
          return yield* new InvalidRequest({
            code: unknownCode,
            detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
            errors: [
              {
                path: ['headers', 'idempotency-key'],
                field: 'idempotency-key',
                message: 'Expected 1 to 255 visible ASCII characters',
              },
            ],
          })
        const text = yield* Effect.mapError(request.text, () => notJson)
        const body = yield* Effect.try({ try: (): unknown => JSON.parse(text), catch: () => notJson })
        const decoded = decodeWithProblems(RegisterInput, body)
        if (!decoded.ok) return yield* invalidFields(decoded.problems)
        yield* checkTournamentRef(tournamentRef, eventRef)
        // Anonymous registration is the rule; a signed-in user is recorded, an ended session is simply nobody.
        const web = yield* Effect.orDie(HttpServerRequest.toWeb(request))
        const session = yield* Effect.promise(() => sessionOf(web))
        const receipt = yield* run(
          desk.register(
            eventRef,
            tournamentRef,
            decoded.value,
            { userId: session.user?.id ?? null, language: requestLocale(request), address: clientIp(web) },
            idempotencyKey === undefined ? {} : { idempotencyKey },
          ),
        ).pipe(
          Effect.catchTags({
            RegistrationRefused: (e) => Effect.fail(refusal(e)),
            RegistrationInvalid: (e) => Effect.fail(invalidFields(e.problems)),
            TicketsChanged: (e) => Effect.fail(ticketsChanged(e)),
            RateLimited: tooManyRequests,
            IdempotencyKeyReused: () =>
              Effect.fail(
                new UnprocessableContent({
                  code: unknownCode,
                  detail: 'This Idempotency-Key was used for another registration',
                }),
              ),
          }),
        )
        // A replay answers exactly what the first request answered, and says so.
        return HttpServerResponse.jsonUnsafe(encodeReceipt(receipt), {
          status: 201,
          headers: receipt.replayed ? { 'idempotent-replayed': 'true' } : {},
        })
      })

    return handlers
      .handle('registrationForm', ({ params, request }) =>
        run(desk.form(params.event, params.id, requestLocale(request))).pipe(Effect.mapError(refusal)),
      )
      .handleRaw('register', ({ params, query, request }) => register(request, params.id, query.event))
      .handle('registrationStatus', ({ query, request }) =>
        Effect.gen(function* () {
          yield* personal
          const sessionId = query.session_id
          const view =
            sessionId === undefined
              ? desk.status(query.token, requestLocale(request))
              : desk.confirmCardReturn(query.token, sessionId)
          return yield* run(view).pipe(
            Effect.catchTags({
              RegistrationRefused: () => Effect.fail(notFound('No registration with this link')),
              CardPaymentFailed: cardFailure,
            }),
          )
        }),
      )
      .handle('payByCard', ({ payload, request }) =>
        Effect.gen(function* () {
          const url = yield* run(desk.payByCard(payload.token, requestLocale(request))).pipe(
            Effect.catchTags({
              RegistrationRefused: (e) => Effect.fail(refusal(e)),
              CardPaymentFailed: cardFailure,
            }),
          )
          return new CardCheckout({ url })
        }),
      )
      .handleRaw('stripeWebhook', ({ request }) =>
        Effect.gen(function* () {
          // The signature covers the body exactly as sent, so it is read raw, never re-encoded.
          const payload = yield* Effect.mapError(request.text, () => notJson)
          const signature = request.headers['stripe-signature'] ?? null
          yield* run(desk.cardWebhook(payload, signature)).pipe(Effect.mapError(webhookRejected))
          return new WebhookReceived({ received: true })
        }),
      )
      .handle('eventRegistrations', ({ params, query, request }) =>
        Effect.gen(function* () {
          yield* personal
          const who = yield* actor
          return yield* run(
            desk.listForEvent(
              who,
              params.id,
              {
                tournamentId: query.tournamentId ?? null,
                status: query.status ?? null,
                search: searchOf(query.q),
                offset: query.offset ?? 0,
                limit: query.limit ?? defaultRegistrationsPage,
              },
              requestLocale(request),
            ),
          ).pipe(Effect.mapError(refusal))
        }),
      )
      .handle('eventRegistrationsCsv', ({ params, query, request }) =>
        Effect.gen(function* () {
          yield* personal
          const who = yield* actor
          const csv = yield* run(
            desk.exportCsv(who, params.id, requestLocale(request), {
              tournamentId: query.tournamentId ?? null,
              status: query.status ?? null,
              search: searchOf(query.q),
            }),
          ).pipe(Effect.mapError(refusal))
          // A byte-order mark, so that a spreadsheet opening the file reads it as UTF-8.
          return HttpServerResponse.text(`\uFEFF${csv}`, {
            contentType: 'text/csv; charset=utf-8',
            headers: { 'content-disposition': `attachment; filename="registrations-${params.id}.csv"` },
          })
        }),
      )
      .handle('markPaid', ({ params }) =>
        Effect.flatMap(actor, (who) =>
          run(desk.markPaid(who, params.entryId)).pipe(
            Effect.catchTags({
              RegistrationRefused: (e) => Effect.fail(refusal(e)),
              TicketsUnavailable: (e) => Effect.fail(ticketsUnavailable(e)),
            }),
          ),
        ),
      )
      .handle('markRegistrationsPaid', ({ params, payload }) =>
        Effect.flatMap(actor, (who) =>
          run(desk.markPaidMany(who, params.id, payload.entryIds)).pipe(Effect.mapError(refusal)),
        ),
      )
      .handle('cancelRegistration', ({ params }) =>
        Effect.flatMap(actor, (who) => run(desk.cancel(who, params.entryId)).pipe(Effect.mapError(refusal))),
      )
      .handle('moveRegistration', ({ params, payload }) =>
        Effect.flatMap(actor, (who) =>
          run(desk.move(who, params.entryId, payload)).pipe(
            Effect.catchTags({
              RegistrationRefused: (e) => Effect.fail(refusal(e)),
              TicketsUnavailable: (e) => Effect.fail(ticketsUnavailable(e)),
            }),
          ),
        ),
      )
  }),
)
