export { PageService, PageSummary } from './PageService.ts'
