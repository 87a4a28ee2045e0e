import type { TournamentId } from '@kibitz/kernel'
import { Effect } from 'effect'
import { OpenTournament, TournamentRules } from '../Registration.ts'
import { type DeskContext, tournamentsEvent } from './DeskContext.ts'

// Anyone, before registering: the open tournaments of a public event, a tournament's registration form and its
// rules page (part of the registration desk, docs/decisions/020-registration.md).

/** The desk's openTournaments, form and rules. */
export const formDesk = (desk: DeskContext) => {
  const { tournaments, config, refuse, publicEvent, findTournament, methodsOf, formOf } = desk

  const form = Effect.fn('RegistrationDesk.form')(function* (
    eventRef: string,
    tournamentRef: string,
    locale: string,
  ) {
    const event = yield* publicEvent(eventRef, locale)
    const tournament = yield* findTournament(event, tournamentRef)
    if (!tournament.isOpenRegistration) return yield* refuse('closed')
    return formOf(event, tournament)
  })

  const openTournaments = Effect.fn('RegistrationDesk.openTournaments')(function* (
    eventRef: string,
    locale: string,
  ) {
    const event = yield* publicEvent(eventRef, locale)
    const list = yield* tournaments.listForEvent(tournamentsEvent(event))
    return list
      .filter((t) => t.isOpenRegistration)
      .map(
        (t) =>
          new OpenTournament({
            tournamentId: t.tournamentId,
            alias: t.alias,
            name: t.name,
            type: t.type,
            startDate: t.startDate,
            startTime: t.startTime,
          }),
      )
  })

  const rules = Effect.fn('RegistrationDesk.rules')(function* (tournamentId: TournamentId, locale: string) {
    const eventId = (yield* tournaments.eventIdsOf([tournamentId])).get(tournamentId)
    if (eventId === undefined) return yield* refuse('notFound')
    const event = yield* publicEvent(String(eventId), locale)
    const t = yield* findTournament(event, String(tournamentId))
    return new TournamentRules({
      event: { alias: event.alias, name: event.name },
      tournament: {
        tournamentId: t.tournamentId,
        alias: t.alias,
        name: t.name,
        type: t.type,
        rulesFile: t.rulesAndRegulationsFile,
        isOpenRegistration: t.isOpenRegistration,
        verifyPlayer: t.verifyPlayer,
      },
      paymentMethods: t.isOpenRegistration ? methodsOf(event) : null,
      holdHours: config.holdHours,
    })
  })

  return { openTournaments, form, rules }
}
