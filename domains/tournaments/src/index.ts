export * from './Tournament.ts'
export * from './TournamentErrors.ts'
export { type EventTournamentSummary, TournamentService, zonedTimeToUtc } from './TournamentService.ts'
