export * from './bootstrap.ts'
export * from './config.ts'
export * from './health.ts'
export * from './mail/Outbox.ts'
export { type PurgeReport, purgeExpiredRows } from './maintenance.ts'
export { allEntities, migrate, openOrm, ormConfig, pendingMigrations } from './orm.ts'
export { type ReferenceSyncReport, syncReferenceData } from './reference.ts'
export * from './runtime.ts'
export {
  readSitemapPart,
  type SitemapOptions,
  type SitemapReport,
  sitemapIndexName,
  writeSitemap,
} from './sitemap.ts'
