import { Option, Schema } from 'effect'

// The ids that cross a domain's boundary (decision 003): a row's serial key, branded by what it names, so a
// tournament's id cannot be passed where an event's is asked for. They live in the kernel because the domains
// below the one that owns a row name it too (files keeps folders per event and tournament). Each is a positive
// PostgreSQL integer; decoding one at the edge (a route's parameter, a server function's input, an API path) is
// what brands it, and `make` brands a value read back from the database. `@kibitz/kernel/ids` is this file for
// the browser.

const serial = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 }))

/** An event (event.id). */
export const EventId = serial.pipe(Schema.brand('EventId'))
export type EventId = typeof EventId.Type

/** A tournament of an event (tournament.id). */
export const TournamentId = serial.pipe(Schema.brand('TournamentId'))
export type TournamentId = typeof TournamentId.Type

/** An organiser (organiser.id): the company or person an event belongs to. */
export const OrganiserId = serial.pipe(Schema.brand('OrganiserId'))
export type OrganiserId = typeof OrganiserId.Type

/** A user account (app_user.id). */
export const UserId = serial.pipe(Schema.brand('UserId'))
export type UserId = typeof UserId.Type

/** An entry: one registration for a tournament with its contestants (entry.id). */
export const EntryId = serial.pipe(Schema.brand('EntryId'))
export type EntryId = typeof EntryId.Type

/** A stored file (stored_file.id). */
export const StoredFileId = serial.pipe(Schema.brand('StoredFileId'))
export type StoredFileId = typeof StoredFileId.Type

/** An id written in a path or a form field (digits only) as `schema` brands it, or null when it is not one. */
export const idFromText = <T>(schema: Schema.Codec<T, number>, raw: string | undefined): T | null =>
  raw !== undefined && /^\d{1,10}$/.test(raw)
    ? Option.getOrNull(Schema.decodeUnknownOption(schema)(Number(raw)))
    : null
