export * from './context.ts'
export * from './domain.ts'
export { type AcquiredPostgres, acquirePostgres } from './pg.ts'
export { cleanupDatabases, freshDatabase, prepareDatabase } from './prepare.ts'
