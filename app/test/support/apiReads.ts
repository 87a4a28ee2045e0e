import { fileURLToPath } from 'node:url'
import type { InterfaceLocale } from '@kibitz/kernel'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { freshDatabase } from '../../../testing/src/prepare.ts'
import { disposeApiHandler, makeApiRequestHandler } from '../../src/api/handler.server.ts'
import { disposeRuntime } from '../../src/server/runtime.server.ts'
import { Problem, readJson, request } from './api.ts'
import { type ApiFixtures, insertApiFixtures } from './apiFixtures.ts'

// The set-up the public read API tests share (api.test.ts, api-lookups.test.ts, api-calendar.test.ts): one
// database with the fixtures of apiFixtures.ts, written once for the file and only read, and the replies'
// checks.

/** The set-up of a public read API test file; call at the top level of the file. `fx` is usable in tests. */
export const useApiReads = () => {
  let db: { url: string; drop: () => Promise<void> } | undefined
  let fx: ApiFixtures | undefined

  beforeAll(async () => {
    db = await freshDatabase(inject('databaseUrl'))
    // The web runtime reads DATABASE_URL on first use, as it does behind the launcher.
    process.env.DATABASE_URL = db.url
    fx = await insertApiFixtures(db.url)
  })

  afterAll(async () => {
    await disposeApiHandler()
    await disposeRuntime()
    await db?.drop()
  })

  return {
    get fx(): ApiFixtures {
      if (!fx) throw new Error('the API fixtures are written in beforeAll')
      return fx
    },
  }
}

/**
 * The app's catalogue of `locale` compiled as the Lingui Vite plugin compiles it for the web build (same
 * config, same fallback to English). Tests run without that plugin, so they cannot import the .po files.
 */
const appCatalogue = async (locale: InterfaceLocale): Promise<Messages> => {
  const config = getConfig({ configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)) })
  const [catalog] = await getCatalogs(config)
  if (!catalog) throw new Error('the app has no Lingui catalogue')
  const { messages } = await catalog.getTranslations(locale, {
    sourceLocale: config.sourceLocale,
    fallbackLocales: config.fallbackLocales,
  })
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]))
}

/**
 * The API as the web app serves it, its names read from the app's real catalogues; disposed after the file.
 * Call at the top level of the file, after useApiReads.
 */
export const useTranslatedApi = () => {
  const translatedApi = makeApiRequestHandler(appCatalogue)
  afterAll(() => translatedApi.dispose())
  return translatedApi
}

export const names = (page: { readonly events: ReadonlyArray<{ readonly name: string }> }) =>
  page.events.map((e) => e.name)

export const fillers = Array.from({ length: 8 }, (_, i) => `Filler Cup ${i + 1}`)
export const upcoming = [
  'Kaunas Pairs',
  'Vilnius Spring Cup',
  'Riga Teams',
  'Warsaw Open',
  'Klaipeda Festival',
  ...fillers,
]

/** Expects a 400 problem whose errors name `field`; returns the problem. */
export const expectInvalid = async (path: string, field: string) => {
  const response = await request(path)
  expect(response.status).toBe(400)
  expect(response.headers.get('content-type')).toContain('application/problem+json')
  const problem = await readJson(response, Problem)
  expect(problem).toMatchObject({ type: 'about:blank', status: 400, title: 'Bad Request', code: 0 })
  expect(problem.errors?.map((e) => e.field)).toContain(field)
  return problem
}

export const expectNotFound = async (path: string) => {
  const response = await request(path)
  expect(response.status).toBe(404)
  expect(response.headers.get('content-type')).toContain('application/problem+json')
  expect(await readJson(response, Problem)).toMatchObject({ status: 404, title: 'Not Found', code: 0 })
}
