import { type Em, EntryId, type EventId, TournamentId } from '@kibitz/kernel'
import { Context, Effect, Layer } from 'effect'
import { ParticipantsCount, PlayerList, PlayerListContestant, PlayerListEntry } from './Entry.ts'
import { EntryRepo } from './internal/EntryRepo.ts'

/** Registrations: public player lists and counts for now. */
export class RegistrationService extends Context.Service<
  RegistrationService,
  {
    /** Anyone, when the tournament's player-list view is enabled (the caller checks): confirmed entries. */
    playerList(tournamentId: TournamentId): Effect.Effect<PlayerList, never, Em>
    /** Anyone: confirmed entries and players per tournament of an event. */
    participantsCount(eventId: EventId): Effect.Effect<ReadonlyArray<ParticipantsCount>, never, Em>
  }
>()('@kibitz/registration/RegistrationService') {
  static readonly layer = Layer.effect(
    RegistrationService,
    Effect.gen(function* () {
      const entries = yield* EntryRepo
      const playerList = Effect.fn('RegistrationService.playerList')(function* (tournamentId: TournamentId) {
        const rows = yield* entries.confirmedForTournament(tournamentId)
        const list = rows.map(
          (e, index) =>
            new PlayerListEntry({
              entryId: EntryId.make(e.id),
              number: index + 1,
              teamName: e.teamName ?? null,
              contestants: e.contestants.getItems().map(
                (c) =>
                  new PlayerListContestant({
                    firstName: c.firstName,
                    lastName: c.lastName,
                    countryCode: c.countryCode ?? null,
                  }),
              ),
            }),
        )
        return new PlayerList({
          tournamentId,
          entries: list,
          playersCount: list.reduce((n, e) => n + e.contestants.length, 0),
        })
      })
      const participantsCount = Effect.fn('RegistrationService.participantsCount')(function* (
        eventId: EventId,
      ) {
        const rows = yield* entries.countsForEvent(eventId)
        return rows.map(
          (r) =>
            new ParticipantsCount({
              tournamentId: TournamentId.make(r.tournament_id),
              entries: r.entries,
              players: r.players,
            }),
        )
      })
      return RegistrationService.of({
        playerList,
        participantsCount,
      })
    }),
  ).pipe(Layer.provide(EntryRepo.layer))
}
