export { type CatalogueQueryResult, catalogueQueryFor, choosesTime } from './Catalogue.ts'
export * from './Event.ts'
export * from './EventActions.ts'
export * from './EventDirectory.ts'
export * from './EventEditing.ts'
export * from './EventEditor.ts'
export * from './EventEntries.ts'
export * from './EventErrors.ts'
export * from './EventFileUses.ts'
export * from './EventGalleries.ts'
export * from './EventInput.ts'
export * from './EventProblems.ts'
export { EventService } from './EventService.ts'
export { EventsConfig } from './EventsConfig.ts'
export * from './EventTournaments.ts'
export * from './GalleryFileUses.ts'
/** Diagnostics only (the benchmark's EXPLAIN): the SQL a catalogue page runs. */
export {
  asTyped as catalogueAsTyped,
  correctedWords as catalogueCorrectedWords,
  countQuery as catalogueCountSql,
  nearestWordsQuery as catalogueNearestWordsSql,
  pageQuery as cataloguePageSql,
  type TextMatch as CatalogueTextMatch,
  typedWords as catalogueTypedWords,
} from './internal/CatalogueSql.ts'
export { refreshTournamentSummary } from './internal/TournamentSummary.ts'
export { searchTextOf } from './SearchText.ts'
