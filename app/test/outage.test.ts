import '../../testing/src/context.ts'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { disposeApiHandler } from '../src/api/handler.server.ts'
import { outageOf } from '../src/server/outage.ts'
import { disposeRuntime } from '../src/server/runtime.server.ts'
import { Problem, readJson, request } from './support/api.ts'

// An outage of the platform's own parts is told as one (503 or 507 with Retry-After), so that clients retry
// instead of treating it as the server's bug (500). The fault drills restart PostgreSQL under load; here the
// database is a port where nothing answers.

describe('outageOf', () => {
  const withCause = (cause: unknown) => new Error('query failed', { cause })
  const coded = (code: string, message = code) => Object.assign(new Error(message), { code })

  it('finds the database unreachable, however deep the driver put it', () => {
    expect(outageOf(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe('unreachable')
    expect(
      outageOf(withCause(withCause(coded('57P01', 'terminating connection due to administrator command')))),
    ).toBe('unreachable')
    expect(outageOf(coded('08006'))).toBe('unreachable')
    expect(outageOf(new Error('Connection terminated unexpectedly'))).toBe('unreachable')
    expect(outageOf(Object.assign(new Error('x'), { name: 'ConnectionException' }))).toBe('unreachable')
  })

  it('finds the disk full', () => {
    expect(outageOf(withCause(coded('ENOSPC', 'ENOSPC: no space left on device, write')))).toBe('storageFull')
    expect(outageOf(coded('EDQUOT'))).toBe('storageFull')
  })

  it('finds nothing in a bug or a constraint violation', () => {
    expect(outageOf(new TypeError('undefined is not a function'))).toBeUndefined()
    expect(outageOf(coded('23505', 'duplicate key value violates unique constraint'))).toBeUndefined()
    expect(outageOf('a string')).toBeUndefined()
    expect(outageOf(null)).toBeUndefined()
  })

  it('finds nothing in a protocol violation, which a NUL character in a query causes every time', () => {
    expect(outageOf(withCause(coded('08P01', 'invalid message format')))).toBeUndefined()
  })
})

describe('the API during a database outage', () => {
  let silent: Server
  beforeAll(async () => {
    // A port that accepts connections and closes them at once: PostgreSQL going away mid-handshake.
    silent = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const address = silent.address()
    const port = typeof address === 'object' && address !== null ? address.port : 0
    process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/kibitz`
    process.env.PUBLIC_URL = 'http://localhost'
  })
  afterAll(async () => {
    await disposeApiHandler()
    await disposeRuntime()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('answers 503 with Retry-After and a problem body, never 500', async () => {
    const response = await request('/api/v1/event/future-events?offset=0&limit=5')
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    const problem = await readJson(response, Problem)
    expect(problem).toMatchObject({ status: 503, title: 'Service Unavailable', code: 0 })
  })
})
