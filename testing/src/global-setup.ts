import type { TestProject } from 'vitest/node'
import './context.ts'
import { acquirePostgres } from './pg.ts'
import { cleanupDatabases, prepareDatabase } from './prepare.ts'

/** vitest globalSetup: one PostgreSQL database for the whole run, handed to tests as `inject('databaseUrl')`. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now()
  const { url, release, description } = await acquirePostgres()
  try {
    await prepareDatabase(url)
  } catch (error) {
    await release()
    throw error
  }
  console.log(`PostgreSQL for tests: ${description}, ready in ${Math.round(performance.now() - started)} ms`)
  project.provide('databaseUrl', url)
  return async () => {
    await cleanupDatabases(url)
    await release()
  }
}
