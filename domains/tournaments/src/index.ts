export * from './Tournament.ts'
export * from './TournamentErrors.ts'
export { type EventTournamentSummary, TournamentService } from './TournamentService.ts'
