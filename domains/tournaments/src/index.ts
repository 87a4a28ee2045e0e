export { eventTournamentsLayer } from './EventTournamentsLive.ts'
export * from './TicketSales.ts'
export * from './Tournament.ts'
export { TournamentEditor, TournamentForEdit } from './TournamentEditor.ts'
export * from './TournamentErrors.ts'
export * from './TournamentFileUses.ts'
export * from './TournamentInput.ts'
export { type EventTournamentSummary, TournamentService } from './TournamentService.ts'
export {
  TournamentHasSales,
  TournamentInputInvalid,
  TournamentOrderInvalid,
  TournamentProblem,
  TournamentStore,
  uniqueAlias,
} from './TournamentStore.ts'
