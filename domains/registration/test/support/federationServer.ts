import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A small federation member service on loopback, speaking the protocol of docs/decisions/019-federation-lookup.md:
//   GET /member/{id}                       → 200 { id, firstName, lastName, country, active } | 404
//   GET /member/search?query={q}&limit={n} → 200 { members: [...] }
// with `X-Api-Key` checked when the server has a key. A failure mode makes it answer 500, never answer,
// or answer 200 with a body that is not JSON or not the protocol's shape.

/** A member the server knows, in the shape of the domain's FederationMember. */
export interface TestFederationMember {
  readonly federationId: string
  readonly firstName: string
  readonly lastName: string
  readonly countryCode: string | null
  readonly active: boolean
}

export type FederationFailure = 500 | 'hang' | 'malformedJson' | 'wrongShape'

/** One request the server received: the raw path with its query, the decoded query, and the API key sent. */
export interface FederationRequest {
  readonly method: string
  readonly path: string
  readonly query: string | null
  readonly apiKey: string | null
}

export interface TestFederationServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string
  readonly requests: ReadonlyArray<FederationRequest>
  /** From now on every request fails this way; `null` answers normally again. */
  readonly setFailure: (failure: FederationFailure | null) => void
  readonly close: () => Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const wire = (member: TestFederationMember) => ({
  id: member.federationId,
  firstName: member.firstName,
  lastName: member.lastName,
  country: member.countryCode,
  active: member.active,
})

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Starts the server on a free loopback port. */
export async function startFederationServer(options: {
  readonly members: ReadonlyArray<TestFederationMember>
  readonly apiKey?: string
  readonly failWith?: FederationFailure
  /** Answer a search with every match, as a service that ignores `limit` would. */
  readonly ignoreLimit?: boolean
}): Promise<TestFederationServer> {
  const requests: Array<FederationRequest> = []
  let failure: FederationFailure | null = options.failWith ?? null

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://federation.test')
    const header = req.headers['x-api-key']
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      query: url.searchParams.get('query'),
      apiKey: typeof header === 'string' ? header : null,
    })
    if (failure === 'hang') return // the response is never written; close() drops the connection
    if (failure === 500) return json(res, 500, { error: 'Internal Server Error' })
    if (failure === 'malformedJson') {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end('{"id": "LT-1", "firstName": ')
    }
    if (failure === 'wrongShape') return json(res, 200, { id: 42, name: 'Jonas', members: 'none' })
    if (options.apiKey !== undefined && header !== options.apiKey)
      return json(res, 401, { error: 'Invalid API key' })
    if (req.method !== 'GET') return json(res, 405, { error: 'Method not allowed' })

    if (url.pathname === '/member/search') {
      const query = url.searchParams.get('query')
      const limit = Number(url.searchParams.get('limit'))
      if (query === null || !Number.isInteger(limit) || limit < 1)
        return json(res, 400, { error: 'query and a positive limit are required' })
      const words = folded(query).split(/\s+/).filter(Boolean)
      const found = options.members.filter((m) => {
        const text = folded(`${m.firstName} ${m.lastName} ${m.federationId}`)
        return words.every((word) => text.includes(word))
      })
      return json(res, 200, { members: (options.ignoreLimit ? found : found.slice(0, limit)).map(wire) })
    }
    const id = /^\/member\/([^/]+)$/.exec(url.pathname)?.[1]
    if (id !== undefined) {
      const member = options.members.find((m) => m.federationId === decodeURIComponent(id))
      return member ? json(res, 200, wire(member)) : json(res, 404, { error: 'No such member' })
    }
    return json(res, 404, { error: `No route for ${req.method} ${url.pathname}` })
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.address()
  if (address === null || typeof address === 'string')
    throw new Error('the federation test server has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    setFailure: (next) => {
      failure = next
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
