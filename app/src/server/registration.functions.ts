import { createServerFn } from '@tanstack/react-start'
import { Schema } from 'effect'

// The player's registration screens' server functions (spec section 2: register, payment, status, rules).
// The register input passes as an unknown value: the registration domain checks it field by field.

const Key = Schema.String.check(Schema.isMaxLength(200))
const Token = Schema.String.check(Schema.isMaxLength(100))

/** The registration form of a tournament with the prefill and a no-JavaScript post's state, or why not. */
export const fetchRegistrationForm = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ event: Key, tournament: Key })))
  .handler(async ({ data }) =>
    (await import('./registration.server.ts')).registrationFormData(data.event, data.tournament),
  )

/** Registers an entry: where to go next, the field problems, the changed tickets (3000), or a refusal. */
export const registerEntry = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        event: Key,
        tournament: Key,
        input: Schema.Json,
        requestKey: Schema.optional(Schema.String.check(Schema.isMaxLength(100))),
      }),
    ),
  )
  .handler(async ({ data }) =>
    (await import('./registration.server.ts')).register(
      data.event,
      data.tournament,
      data.input,
      data.requestKey,
    ),
  )

/** The registration of a status link (null: not a valid link); confirms a card return first. */
export const fetchEntry = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token, sessionId: Schema.optional(Token) })))
  .handler(async ({ data }) =>
    (await import('./registration.server.ts')).entryData(data.token, data.sessionId),
  )

/** A tournament's rules page data (null: no public tournament with this id). */
export const fetchRules = createServerFn({ method: 'GET' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        tournamentId: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 })),
      }),
    ),
  )
  .handler(async ({ data }) => (await import('./registration.server.ts')).rulesData(data.tournamentId))
