export * from './config.ts'
export { allEntities, migrate, openOrm, ormConfig, pendingMigrations } from './orm.ts'
export * from './runtime.ts'
