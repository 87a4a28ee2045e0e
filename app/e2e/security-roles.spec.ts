// The security suite's role × ownership matrix (security.spec.ts describes the whole suite): every API operation,
// every organiser screen under /event/manage and every server function, called by each role, the refused ones
// first; the owner's data must be exactly as it was after their calls.
import { expect, test } from '@playwright/test'
import { Schema } from 'effect'
import {
  accessSpec,
  addressOf,
  apiCases,
  deleteCreated,
  getsThrough,
  maySeeOwnersData,
  openApi,
  outcomeOf,
} from './securityAccess.ts'
import {
  expectNoSecrets,
  expectNoServerError,
  expectOwnAccount,
  functionCases,
  isRefusal,
  routeAddress,
} from './securityChecks.ts'
import {
  type Body,
  callServerFunction,
  decodeServerFunction,
  routePaths,
  send,
  serverFunctions,
  writeRoutes,
} from './securitySupport.ts'
import {
  CreatedDraft,
  cleanUpSite,
  everyone,
  freshSession,
  functionNamed,
  generalInformation,
  letters,
  ownersState,
  pdf,
  png,
  type Role,
  roles,
  theSite,
} from './securityWorld.ts'

test.describe.configure({ mode: 'parallel', timeout: 120_000 })

test.afterAll(cleanUpSite)

test.describe('roles and ownership: the API', () => {
  test('every operation of the OpenAPI document is classified, and every classified one exists', async () => {
    const ids = (await openApi()).map((operation) => operation.operationId)
    expect(
      ids.filter((id) => !(id in apiCases)),
      'operations nobody classified (add them to apiCases)',
    ).toEqual([])
    expect(
      Object.keys(apiCases).filter((id) => !ids.includes(id)),
      'classified operations the API lacks',
    ).toEqual([])
  })

  test('organisers creating drafts of one name at the same moment each get a draft, never a 500', async () => {
    const s = await theSite()
    const name = `Security namesake ${letters(8)}`
    const creators = [s.owner, s.another, s.owner, s.another]
    const replies = await Promise.all(
      creators.map((client) =>
        send('POST', '/api/v1/event', {
          client,
          body: { json: { generalInformation: generalInformation(name) } },
        }),
      ),
    )
    await Promise.all(
      replies.map((reply, i) => {
        const client = creators[i]
        return reply.status === 200 && client ? deleteCreated(reply, client) : Promise.resolve()
      }),
    )
    expect
      .soft(
        replies.map((reply) => `${reply.status} ${reply.text.slice(0, 120)}`),
        'each creation through the API answers its draft',
      )
      .toEqual(replies.map(() => expect.stringMatching(/^200 /)))
    // The editor's server function creates drafts the same way.
    const general = generalInformation(`Security namesake ${letters(8)}`)
    const answers = await Promise.all(
      creators.map(async (client) => {
        const reply = await callServerFunction(functionNamed('createEventDraft'), { general }, client)
        try {
          const created = Schema.decodeUnknownOption(CreatedDraft)(decodeServerFunction(reply).result)
          if (created._tag === 'None') return `${reply.status} ${reply.text.slice(0, 200)}`
          const deleted = await send('DELETE', `/api/v1/event/${created.value.event.id}/delete`, { client })
          expect.soft(deleted.status, `deleting draft ${created.value.event.id}`).toBe(200)
          return 'a draft'
        } catch (error) {
          return String(error).slice(0, 300)
        }
      }),
    )
    expect
      .soft(answers, 'each creation through the editor’s server function answers its draft')
      .toEqual(answers.map(() => 'a draft'))
  })

  for (const [operationId, apiCase] of Object.entries(apiCases)) {
    test(`${operationId} ${accessSpec[apiCase.access]}`, async () => {
      const s = await theSite()
      const people = await everyone()
      const operation = (await openApi()).find((o) => o.operationId === operationId)
      if (!operation) throw new Error(`the OpenAPI document has no operation ${operationId}`)
      const callAs = async (role: Role) => {
        const through = getsThrough(apiCase.access, role)
        const own = through && apiCase.consumes ? await apiCase.consumes(s) : {}
        const client = apiCase.endsSession ? await freshSession(people[role]) : people[role]
        const address = addressOf(operation, apiCase, s, own)
        const reply = await send(operation.method, address, {
          client,
          ...(apiCase.body ? { body: apiCase.body(s) } : {}),
        })
        if (apiCase.undo && reply.status < 300) await apiCase.undo(reply, client)
        return { role, reply, label: `${operation.method} ${address} as ${role}` }
      }
      // The refused first, on their own: whatever they sent, the owner's data is as it was.
      const before = await ownersState(s)
      const refused = await Promise.all(roles.filter((r) => !getsThrough(apiCase.access, r)).map(callAs))
      const via = apiCase.viaOwnEvent
      if (via) {
        const address = addressOf(operation, apiCase, s, via.values?.(s) ?? {})
        const body = via.body?.(s) ?? apiCase.body?.(s)
        const reply = await send(operation.method, address, {
          client: people.another,
          ...(body ? { body } : {}),
        })
        const label = `${operation.method} ${address} as another, naming the owner’s tournament through its own draft`
        expectNoServerError(label, reply)
        expect
          .soft([400, 404], `${label} is refused (${reply.status} ${reply.text.slice(0, 200)})`)
          .toContain(reply.status)
        expectNoSecrets(label, reply.text, s)
      }
      expect.soft(await ownersState(s), 'the refused calls left the owner’s data as it was').toBe(before)
      const replies = [
        ...refused,
        ...(await Promise.all(roles.filter((r) => getsThrough(apiCase.access, r)).map(callAs))),
      ]
      const first = replies.find(({ role }) => role === 'guest')?.reply.status
      for (const { role, reply, label } of replies) {
        expectNoServerError(label, reply)
        const status = reply.status
        switch (outcomeOf(apiCase.access, role)) {
          case 'answers':
          case 'passes':
            expect
              .soft(
                [401, 403, 404],
                `${label} gets past the access check (${status} ${reply.text.slice(0, 200)})`,
              )
              .not.toContain(status)
            break
          case 'unauthenticated':
            expect.soft(status, `${label} is asked to sign in`).toBe(401)
            break
          case 'refused':
            expect
              .soft([403, 404], `${label} is refused (${status} ${reply.text.slice(0, 200)})`)
              .toContain(status)
            break
          case 'hidden':
            expect.soft(status, `${label} is answered as if the resource were missing`).toBe(404)
            break
          case 'alike':
            expect.soft(status, `${label} is answered as everyone else`).toBe(first)
            expect
              .soft(status >= 400 && status < 500 && status !== 401, `${label} is refused (${status})`)
              .toBe(true)
            if (apiCase.access === 'webhook') expect.soft(status, `${label} without a signature`).toBe(400)
            break
        }
        if (!maySeeOwnersData(apiCase.access, role)) expectNoSecrets(label, reply.text, s)
        else if (apiCase.shows)
          expect.soft(reply.text, `${label} is answered the owner’s data`).toContain(apiCase.shows(s))
        if (apiCase.ownAccount && role !== 'guest') expectOwnAccount(label, role, reply.text, people)
      }
      await apiCase.afterwards?.(s)
    })
  }
})

test.describe('roles and ownership: the organiser’s screens', () => {
  test('every page under /event/manage answers its organiser and the super user, sends others away and shows another organiser a not-found', async () => {
    const s = await theSite()
    const people = await everyone()
    const manage = routePaths().filter((route) => route.startsWith('/event/manage/'))
    const addresses = [...new Set(manage.map((route) => routeAddress(route, s)))]
    expect(addresses.length, 'pages under /event/manage').toBeGreaterThan(8)
    // Through a draft of its own, the other organiser still cannot open the owner's tournament.
    const crossed = `/event/manage/${s.anotherDraft}/tournaments/edit-tournament/${s.scratch.tournamentId}`
    for (const address of [...addresses, crossed]) {
      const replies = await Promise.all(
        roles.map(async (role) => ({ role, reply: await send('GET', address, { client: people[role] }) })),
      )
      for (const { role, reply } of replies) {
        const label = `GET ${address} as ${role}`
        const location = reply.headers.get('location') ?? ''
        expectNoServerError(label, reply)
        if (address === crossed) {
          if (role === 'another') expect.soft(reply.status, `${label} is a not-found`).toBe(404)
        } else if (role === 'owner' || role === 'super') expect.soft(reply.status, label).toBe(200)
        else if (role === 'another') expect.soft(reply.status, `${label} is a not-found`).toBe(404)
        else {
          expect
            .soft(reply.status >= 300 && reply.status < 400, `${label} is sent away (${reply.status})`)
            .toBe(true)
          expect.soft(location, `${label} is sent away`).not.toContain('/event/manage/')
          if (role === 'guest') expect.soft(location, `${label} is asked to log in`).toMatch(/^\/login\?/)
        }
        if (!maySeeOwnersData('eventOrganiser', role) || address === crossed)
          expectNoSecrets(label, reply.text, s)
      }
    }
  })

  test('form posts to the owner’s event screens change nothing for anyone else, and do for the owner', async () => {
    const s = await theSite()
    const people = await everyone()
    const posts = writeRoutes().filter((route) => route.path.startsWith('/event/manage/'))
    expect(posts.length, 'form handlers under /event/manage').toBeGreaterThan(0)
    // One form for every screen: a picture for the gallery, a PDF for the file manager.
    const uploads = (): Body => ({
      multipart: () => {
        const form = new FormData()
        form.set('intent', 'upload')
        form.set('target', 'event')
        form.set('alt', 'Security check')
        form.set('image', png(), 'crossed.png')
        form.set('file', pdf(), 'crossed.pdf')
        return form
      },
    })
    const snapshot = async () => {
      const preview = await send('GET', `/api/v1/event/${s.scratch.eventId}/event-preview-data`, {
        client: s.owner,
      })
      const files = await callServerFunction(
        functionNamed('fetchEditorFiles'),
        { eventId: s.scratch.eventId, page: 1 },
        s.owner,
      )
      return `${preview.text}\n${files.text}`
    }
    const before = await snapshot()
    for (const route of posts) {
      const address = routeAddress(route.path, s)
      for (const role of roles.filter((r) => r !== 'owner' && r !== 'super')) {
        for (const method of route.methods) {
          const reply = await send(method, address, { client: people[role], body: uploads() })
          const label = `${method} ${address} as ${role}`
          expectNoServerError(label, reply)
          expect
            .soft(reply.headers.get('location') ?? '', `${label} is not sent back to the saved screen`)
            .not.toContain(address)
        }
      }
    }
    expect(await snapshot(), 'nobody but the owner changed the owner’s event').toBe(before)
    for (const route of posts) {
      const address = routeAddress(route.path, s)
      const reply = await send('POST', address, { client: s.owner, body: uploads() })
      expect
        .soft(reply.headers.get('location') ?? '', `POST ${address} as the owner saves`)
        .toContain(address)
    }
    expect(await snapshot(), 'the same posts change the event for its owner').not.toBe(before)
  })
})

test.describe('roles and ownership: server functions', () => {
  for (const fn of serverFunctions()) {
    const functionCase = functionCases[fn.name]
    test(`${fn.name} ${functionCase ? accessSpec[functionCase.access] : 'is classified'}`, async () => {
      if (!functionCase) throw new Error(`${fn.name} (${fn.file}) is not classified: add it to functionCases`)
      const s = await theSite()
      const people = await everyone()
      const callAs = async (role: Role) => {
        const through = getsThrough(functionCase.access, role)
        const data =
          through && functionCase.consumes ? await functionCase.consumes(s) : functionCase.data?.(s)
        const reply = await callServerFunction(fn, data, people[role])
        return { role, reply, label: `${fn.name} as ${role}` }
      }
      // The refused first, on their own: whatever they sent, the owner's data is as it was.
      const before = await ownersState(s)
      const refused = await Promise.all(roles.filter((r) => !getsThrough(functionCase.access, r)).map(callAs))
      if (functionCase.viaOwnEvent) {
        const reply = await callServerFunction(fn, functionCase.viaOwnEvent(s), people.another)
        const label = `${fn.name} as another, naming the owner’s tournament through its own draft`
        expect.soft(reply.status, label).toBe(200)
        const { result } = decodeServerFunction(reply)
        const text = JSON.stringify(result) ?? 'undefined'
        expect.soft(isRefusal(result), `${label} is refused: ${text.slice(0, 200)}`).toBe(true)
        expectNoSecrets(label, text, s)
      }
      expect.soft(await ownersState(s), 'the refused calls left the owner’s data as it was').toBe(before)
      const answers = [
        ...refused,
        ...(await Promise.all(roles.filter((r) => getsThrough(functionCase.access, r)).map(callAs))),
      ]
      const texts: Array<string> = []
      for (const { role, reply, label } of answers) {
        expect.soft(reply.status, `${label}: ${reply.text.slice(0, 300)}`).toBe(200)
        if (reply.status !== 200) continue
        const { result, error } = decodeServerFunction(reply)
        expect.soft(error, `${label} fails`).toBeUndefined()
        const text = JSON.stringify(result) ?? 'undefined'
        texts.push(text)
        switch (outcomeOf(functionCase.access, role)) {
          case 'answers':
          case 'alike':
            break
          case 'passes':
            expect
              .soft(isRefusal(result), `${label} gets past the access check: ${text.slice(0, 200)}`)
              .toBe(false)
            break
          case 'unauthenticated':
          case 'refused':
          case 'hidden':
            expect.soft(isRefusal(result), `${label} is refused: ${text.slice(0, 200)}`).toBe(true)
            break
        }
        if (!maySeeOwnersData(functionCase.access, role)) expectNoSecrets(label, text, s)
        else if (functionCase.shows)
          expect.soft(text, `${label} is answered the owner’s data`).toContain(functionCase.shows(s))
        if (functionCase.ownAccount && role !== 'guest') expectOwnAccount(label, role, text, people)
      }
      if (functionCase.access === 'token')
        expect.soft(new Set(texts).size, `${fn.name} answers a made-up token alike whoever asks`).toBe(1)
    })
  }
})
