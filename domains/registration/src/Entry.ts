import { EntryId, TournamentId } from '@kibitz/kernel'
import { Schema } from 'effect'

export const EntryStatus = Schema.Literals(['pending', 'confirmed', 'canceled'])
export type EntryStatus = typeof EntryStatus.Type

export class PlayerListContestant extends Schema.Class<PlayerListContestant>(
  '@kibitz/registration/PlayerListContestant',
)({
  firstName: Schema.String,
  lastName: Schema.String,
  countryCode: Schema.NullOr(Schema.String),
}) {}

/** One line of a public player list: a pair, a team or an individual. */
export class PlayerListEntry extends Schema.Class<PlayerListEntry>('@kibitz/registration/PlayerListEntry')({
  entryId: EntryId,
  number: Schema.Int,
  teamName: Schema.NullOr(Schema.String),
  contestants: Schema.Array(PlayerListContestant),
}) {}

export class PlayerList extends Schema.Class<PlayerList>('@kibitz/registration/PlayerList')({
  tournamentId: TournamentId,
  entries: Schema.Array(PlayerListEntry),
  playersCount: Schema.Int,
}) {}

export class ParticipantsCount extends Schema.Class<ParticipantsCount>(
  '@kibitz/registration/ParticipantsCount',
)({
  tournamentId: TournamentId,
  entries: Schema.Int,
  players: Schema.Int,
}) {}
