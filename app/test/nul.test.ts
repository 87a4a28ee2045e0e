import '../../testing/src/context.ts'
import { Schema } from 'effect'
import { toJSONAsync } from 'seroval'
import { describe, expect, it } from 'vitest'
import { BodyTooLarge } from '../src/edge/body.ts'
import { findNul } from '../src/edge/nul.ts'
import { maxFormBytes, postedFields, withBodyLimit } from '../src/server/forms.server.ts'
import { outageOf } from '../src/server/outage.ts'
import { request } from './support/api.ts'
import { adminEmail, useApiWorld } from './support/apiWorld.ts'
import { generalInformationBody } from './support/editorBodies.ts'
import { eventActors, expectProblem } from './support/eventActors.ts'
import { sendJson, withSession } from './support/userApi.ts'

// A NUL character (U+0000) in any request value is the caller's mistake, refused with 400 naming the field
// before any handler reads it; PostgreSQL refuses it in every text column, and that failure once answered 503
// "briefly unavailable" with Retry-After, so clients retried a permanent error forever. The pages, form posts
// and server functions are checked over HTTP in security/pages.test.ts.

const world = useApiWorld({ poolMax: 1 })

const CountRows = Schema.Array(Schema.Struct({ n: Schema.Int }))

const { signedInOrganiser } = eventActors(() => ({ sql: world.sql, orm: world.orm }), adminEmail)

const eventCount = async () =>
  Schema.decodeUnknownSync(CountRows)(
    await world.orm.em.fork().execute('select count(*)::int as n from event'),
  )[0]?.n

const invalidField = async (response: Response) => {
  expect(response.headers.get('retry-after')).toBeNull()
  const problem = await expectProblem(response, 400, 0)
  return problem.errors?.map((e) => [e.field, e.path, e.message])
}

describe('a NUL character in the API', () => {
  it('is refused with 400 naming the field of a JSON body, never 503 with Retry-After', async () => {
    const owner = await signedInOrganiser()
    const before = await eventCount()
    const body = {
      generalInformation: generalInformationBody({
        contents: [{ language: 'en', name: 'Fest', description: 'Pairs\u0000', isMain: true, type: 1 }],
      }),
    }
    const response = await request('/api/v1/event', {
      method: 'POST',
      headers: { ...withSession(owner.token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(await invalidField(response)).toEqual([
      [
        'description',
        ['payload', 'generalInformation', 'contents', 0, 'description'],
        'The description must not contain a NUL character',
      ],
    ])
    expect(await eventCount()).toBe(before)
  })

  it('is refused in a query parameter, a path segment and a key of the body', async () => {
    expect(
      await invalidField(await request('/api/v1/event/search-future-events/?nameOrLocation=a%00b')),
    ).toEqual([
      ['nameOrLocation', ['query', 'nameOrLocation'], 'The nameOrLocation must not contain a NUL character'],
    ])
    expect(await invalidField(await request('/api/v1/event/fest%00/event-data'))).toEqual([
      ['id', ['path', 'id'], 'The id must not contain a NUL character'],
    ])
    const keyed = await sendJson('/api/v1/user/login', {
      email: 'a@example.test',
      password: 'x',
      'e\u0000': 1,
    })
    expect((await invalidField(keyed))?.[0]?.[1]).toEqual(['payload', 'e\u0000'])
  })
})

describe('findNul', () => {
  const limit = maxFormBytes

  it('reads a form field, an uploaded file name and a server function payload', async () => {
    const form = new FormData()
    form.append('name', 'Ona')
    form.append('file', new File(['x'], 'a\u0000.pdf'))
    expect(
      await findNul(new Request('http://localhost/x', { method: 'POST', body: form }), { limit }),
    ).toEqual({
      path: ['form', 'file'],
      field: 'file',
    })
    const urlencoded = new Request('http://localhost/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%00&password=b',
    })
    expect(await findNul(urlencoded, { limit })).toEqual({ path: ['form', 'email'], field: 'email' })
    const payload = JSON.stringify(await toJSONAsync({ data: { contents: [{ name: 'a\u0000' }] } }))
    const call = new Request('http://localhost/_serverFn/x', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    })
    expect(await findNul(call, { serverFunction: true, limit })).toEqual({
      path: ['data', 'contents', 0, 'name'],
      field: 'name',
    })
    expect(await findNul(new Request('http://localhost/search-filter?q=clean'), { limit })).toBeNull()
  })
})

describe('a form read for a NUL', () => {
  const posted = (body: string) =>
    new Request('http://localhost/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })

  it('is read by findNul within its limit: a larger body is refused unread, the request left readable', async () => {
    const over = posted(`email=${'a'.repeat(maxFormBytes)}`)
    await expect(findNul(over, { limit: maxFormBytes })).rejects.toBeInstanceOf(BodyTooLarge)
    const within = posted('email=a%00')
    expect(await findNul(within, { limit: maxFormBytes })).toEqual({
      path: ['form', 'email'],
      field: 'email',
    })
    expect(await within.text()).toBe('email=a%00')
  })

  it('is refused by the form reader with 400 naming the field, before the handler sees a value', async () => {
    let reached = false
    const handler = withBodyLimit(async (request: Request) => {
      await postedFields(request)
      reached = true
      return new Response(null, { status: 303 })
    })
    const refused = await handler(posted('email=a%40example.test&pass%00word=x'))
    expect([refused.status, await refused.text(), reached]).toEqual([
      400,
      'The pass\\0word must not contain a NUL character',
      false,
    ])
    const clean = await handler(posted('email=a%40example.test&password=x'))
    expect([clean.status, reached]).toEqual([303, true])
  })
})

describe('a NUL character that still reaches PostgreSQL', () => {
  it('fails as a bug (500), never as an outage', async () => {
    const failure = await world.orm.em
      .fork()
      .execute('select ?::text as t', ['a\u0000b'])
      .then(
        () => null,
        (error: unknown) => error,
      )
    // What PostgreSQL answers a NUL inside a query: a protocol violation, in the connection class 08.
    expect(failure).toMatchObject({ code: '08P01' })
    expect(outageOf(failure)).toBeUndefined()
  })
})
