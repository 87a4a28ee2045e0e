import '../../../testing/src/context.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openOrm } from '@kibitz/infra'
import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
import {
  type StripeTestServer,
  startStripeServer,
} from '../../../domains/registration/test/support/stripeServer.ts'
import type { Orm } from '../../../testing/src/domain.ts'
import { freshDatabase } from '../../../testing/src/prepare.ts'
import { disposeApiHandler } from '../../src/api/handler.server.ts'
import { disposeRuntime } from '../../src/server/runtime.server.ts'
import { openTestDatabase, type TestDatabase } from './userApi.ts'

export const publicUrl = 'http://localhost'
export const adminEmail = 'admin@example.test'

/**
 * The usual set-up of an API test file: a database of its own, the app's environment pointing at it, the API
 * handler and runtime disposed after the file, and sign-in counters emptied before each test. Call at the top
 * level of the file; `sql` and `orm` are usable from the first hook on. With `localFiles` the app stores its
 * files in a folder of the file's own (`dataDir`), removed after the file; with `stripe` its card payments go
 * to a local Stripe with those keys (`stripe`), started before the app's runtime is built.
 */
export const useApiWorld = (
  options: {
    readonly poolMax?: number
    readonly localFiles?: boolean
    readonly stripe?: { readonly secretKey: string; readonly webhookSecret: string }
  } = {},
) => {
  let db: { url: string; drop: () => Promise<void> } | undefined
  let sql: TestDatabase | undefined
  let orm: Orm | undefined
  let dataDir: string | undefined
  let stripe: StripeTestServer | undefined

  beforeAll(async () => {
    db = await freshDatabase(inject('databaseUrl'))
    sql = await openTestDatabase(db.url, publicUrl)
    orm = await openOrm(db.url, { poolMax: options.poolMax ?? 1 })
    if (options.stripe) stripe = await startStripeServer(options.stripe)
    process.env.DATABASE_URL = db.url
    process.env.PUBLIC_URL = publicUrl
    process.env.ADMIN_EMAIL = adminEmail
    // Read when the app runtime is built, on the first request: the desk's card payments use the local Stripe.
    if (options.stripe && stripe) {
      process.env.STRIPE_SECRET_KEY = options.stripe.secretKey
      process.env.STRIPE_WEBHOOK_SECRET = options.stripe.webhookSecret
      process.env.STRIPE_API_BASE = stripe.url
    }
    if (options.localFiles) {
      dataDir = mkdtempSync(path.join(tmpdir(), 'kibitz-api-files-'))
      process.env.STORAGE = 'local'
      process.env.DATA_DIR = dataDir
    }
  })

  afterAll(async () => {
    await disposeApiHandler()
    await disposeRuntime()
    await stripe?.close().catch(() => {})
    await orm?.close(true)
    await sql?.close()
    await db?.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  beforeEach(async () => {
    await sql?.execute('delete from auth_attempt')
  })

  return {
    get sql(): TestDatabase {
      if (!sql) throw new Error('the API test database opens in beforeAll')
      return sql
    },
    get orm(): Orm {
      if (!orm) throw new Error('the API test database opens in beforeAll')
      return orm
    },
    get stripe(): StripeTestServer {
      if (!stripe) throw new Error('the local Stripe starts in beforeAll, with stripe')
      return stripe
    },
    get dataDir(): string {
      if (!dataDir) throw new Error('the files folder is made in beforeAll, with localFiles')
      return dataDir
    },
  }
}
