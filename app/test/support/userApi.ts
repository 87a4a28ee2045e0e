import { openOrm } from '@kibitz/infra'
import { Schema } from 'effect'
import { request } from './api.ts'

// Helpers for the REST API user-call tests: JSON requests with the browser's session cookie, reading the
// Set-Cookie lines a reply carries, and reading the e-mail outbox straight from the database.

/** The session cookie's name for the tests' http://localhost requests (loopback gets the __Host- name). */
export const sessionCookieName = '__Host-kibitz_session'
/** The device cookie as the API sets it on loopback (docs/decisions/028-sign-in-throttling.md). */
export const deviceCookieName = '__Host-kibitz_device'

/** Request headers of a signed-in browser (its session cookie) plus any extra ones. */
export const withSession = (token: string, extra: Record<string, string> = {}): Record<string, string> => ({
  cookie: `${sessionCookieName}=${token}`,
  ...extra,
})

/** Sends `body` as JSON with `method` (POST by default). */
export const sendJson = (
  path: string,
  body: unknown,
  options: { readonly method?: string; readonly headers?: Record<string, string> } = {},
): Promise<Response> =>
  request(path, {
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(body),
  })

/** One Set-Cookie line, split into its name, value and attributes (lower-cased names). */
export interface SetCookie {
  readonly name: string
  readonly value: string
  readonly attributes: ReadonlyMap<string, string>
}

/** The Set-Cookie lines of a reply. */
export const setCookies = (response: Response): ReadonlyArray<SetCookie> =>
  response.headers.getSetCookie().map((line) => {
    const [pair = '', ...rest] = line.split(';').map((part) => part.trim())
    const index = pair.indexOf('=')
    return {
      name: pair.slice(0, index),
      value: pair.slice(index + 1),
      attributes: new Map(
        rest.map((attribute) => {
          const at = attribute.indexOf('=')
          return at < 0
            ? [attribute.toLowerCase(), '']
            : [attribute.slice(0, at).toLowerCase(), attribute.slice(at + 1)]
        }),
      ),
    }
  })

/** The Set-Cookie line for `name`, if the reply has one. */
export const cookieSet = (response: Response, name: string): SetCookie | undefined =>
  setCookies(response).find((cookie) => cookie.name === name)

const MailRow = Schema.Struct({
  recipient: Schema.String,
  kind: Schema.String,
  language: Schema.String,
  text_body: Schema.String,
})
/** One e-mail waiting in the outbox. */
export type MailRow = typeof MailRow.Type

/** Plain SQL on the test database: the outbox, throttling counters and roles. */
export interface TestDatabase {
  readonly mails: () => Promise<ReadonlyArray<MailRow>>
  /** The path of the first link to `publicUrl` in the latest e-mail of `kind` to `to`. */
  readonly linkIn: (to: string, kind: string) => Promise<string>
  readonly execute: (sql: string, params?: ReadonlyArray<string | number>) => Promise<void>
  readonly close: () => Promise<void>
}

/** Opens the test database at `url`; e-mailed links are expected to start with `publicUrl`. */
export const openTestDatabase = async (url: string, publicUrl: string): Promise<TestDatabase> => {
  const orm = await openOrm(url, { poolMax: 1 })
  const mails = async () =>
    Schema.decodeUnknownSync(Schema.Array(MailRow))(
      await orm.em.fork().execute('select recipient, kind, language, text_body from mail_outbox order by id'),
    )
  return {
    mails,
    linkIn: async (to, kind) => {
      const mail = (await mails()).filter((m) => m.recipient === to && m.kind === kind).at(-1)
      const link = mail?.text_body.match(/https?:\/\/\S+/g)?.find((l) => l.startsWith(publicUrl))
      if (!link) throw new Error(`no ${kind} e-mail to ${to} with a link`)
      return link.slice(publicUrl.length)
    },
    execute: async (sql, params = []) => {
      await orm.em.fork().execute(sql, [...params])
    },
    close: () => orm.close(true),
  }
}

/** The last path segment of an e-mailed link: its token. */
export const tokenOf = (path: string): string => path.split('/').at(-1) ?? ''
