import { toJSONAsync } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxFormBytes } from '../../src/server/forms.server.ts'
import { maxServerFunctionBytes } from '../../src/start.ts'
import { type DevApp, startDevApp } from './devApp.ts'
import { useWorld } from './world.ts'

// A request body is never read beyond the cap of the handler it is for, whoever sends it: a form post (64 KiB,
// /login needs no sign-in) and a server function (1 MiB) answer 413 to a larger body while the client is still
// sending it, with the body cancelled, and the NUL check (decision 027) reads within the same cap. Through the
// whole app as the web process runs it (devApp.ts). The client here is a stream that counts what was taken
// from it: nothing is timed.

useWorld('request body limits')

let app: DevApp

beforeAll(async () => {
  app = await startDevApp()
}, 180_000)

afterAll(async () => {
  await app?.close()
})

const chunkBytes = 16 * 1024
const floodBytes = 8 * 1024 * 1024

/** A client body of `total` bytes (after `head`), produced only as the server reads it, counting what it read. */
const flood = (head: string, total = floodBytes) => {
  const sent = { bytes: 0, cancelled: false }
  const first = new TextEncoder().encode(head)
  const filler = new Uint8Array(chunkBytes).fill(0x61)
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent.bytes >= total) return controller.close()
        const chunk = sent.bytes === 0 ? first : filler.slice()
        sent.bytes += chunk.byteLength
        controller.enqueue(chunk)
      },
      cancel() {
        sent.cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { body, sent }
}

const post = (url: string, headers: Record<string, string>, body: ReadableStream<Uint8Array> | string) =>
  app.fetch(
    new Request(`http://localhost${url}`, {
      method: 'POST',
      headers: { origin: 'http://localhost', ...headers },
      body,
      duplex: 'half',
    } as RequestInit),
  )

const serverFunctionUrl = async (file: string, name: string) => {
  const fn = (await app.load(`/src/server/${file}`))[name]
  const url =
    typeof fn === 'function' || (typeof fn === 'object' && fn !== null) ? Reflect.get(fn, 'url') : null
  if (typeof url !== 'string') throw new Error(`${name} has no server-function url`)
  return url
}

const callHeaders = {
  'x-tsr-serverFn': 'true',
  accept: 'application/json',
  'content-type': 'application/json',
}

/** At most the cap and the few chunks in flight between the client and the reader were taken. */
const expectStoppedAt = (sent: { bytes: number; cancelled: boolean }, cap: number) => {
  expect(sent.bytes).toBeLessThanOrEqual(cap + 4 * chunkBytes)
  expect(sent.bytes).toBeLessThan(floodBytes)
  expect(sent.cancelled).toBe(true)
}

describe('a body over the cap of its handler', () => {
  it('sent to /login without a length is refused 413 after the first 64 KiB, the rest never read', async () => {
    const { body, sent } = flood('email=')
    const response = await post('/login', { 'content-type': 'application/x-www-form-urlencoded' }, body)
    expect([response.status, await response.text()]).toEqual([413, 'Request too large'])
    expectStoppedAt(sent, maxFormBytes)
  })

  it('sent to /login with its length declared is refused 413 before any of it is read', async () => {
    const { body, sent } = flood('email=')
    const response = await post(
      '/login',
      { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(floodBytes) },
      body,
    )
    expect(response.status).toBe(413)
    expectStoppedAt(sent, 0)
  })

  it('sent to a server function is refused 413 after the first 1 MiB, the rest never read', async () => {
    const url = await serverFunctionUrl('eventEditor.functions.ts', 'createEventDraft')
    const { body, sent } = flood('{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":1,"s":"')
    const response = await post(url, callHeaders, body)
    expect([response.status, await response.text()]).toEqual([413, 'Payload too large'])
    expectStoppedAt(sent, maxServerFunctionBytes)
  })

  it('sent to a server function as a form is refused the same way', async () => {
    const url = await serverFunctionUrl('account.functions.ts', 'activateAccount')
    const { body, sent } = flood('token=')
    const response = await post(
      url,
      { ...callHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    )
    expect(response.status).toBe(413)
    expectStoppedAt(sent, maxServerFunctionBytes)
  })
})

describe('a body within the cap', () => {
  it('reaches a server function past 64 KiB: an event’s texts in ten languages', async () => {
    const url = await serverFunctionUrl('eventEditor.functions.ts', 'createEventDraft')
    const languages = ['en', 'it', 'lt', 'pl', 'ru', 'es', 'fr', 'de', 'tr', 'et']
    const general = {
      contents: languages.map((language, i) => ({
        language,
        name: `Турнир ${language}`,
        description: 'Шахматы '.repeat(625).trim(),
        isMain: i === 0,
        type: 1,
      })),
    }
    const text = JSON.stringify(await toJSONAsync({ data: { general } }))
    expect(new TextEncoder().encode(text).byteLength).toBeGreaterThan(maxFormBytes)
    const response = await post(url, callHeaders, text)
    expect(response.status).not.toBe(413)
    expect(response.status).toBeLessThan(500)
  })

  it('is still refused 400 naming the field that holds a NUL, for a form post and a server function', async () => {
    const form = new FormData()
    form.append('email', 'a@example.test')
    form.append('file', new File(['x'], 'a\u0000.png'))
    const login = await app.fetch(
      new Request('http://localhost/login', {
        method: 'POST',
        headers: { origin: 'http://localhost' },
        body: form,
      }),
    )
    expect([login.status, await login.text()]).toEqual([400, 'The file must not contain a NUL character'])
    const url = await serverFunctionUrl('account.functions.ts', 'activateAccount')
    const payload = JSON.stringify(await toJSONAsync({ data: { token: 'a\u0000' } }))
    const call = await post(url, callHeaders, payload)
    expect([call.status, await call.text()]).toEqual([400, 'The token must not contain a NUL character'])
  })
})
