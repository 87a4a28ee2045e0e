export * from './Event.ts'
export * from './EventErrors.ts'
export { EventService } from './EventService.ts'
export { searchTextOf } from './SearchText.ts'
