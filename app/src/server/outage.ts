// What an unexpected failure says about the platform's own parts. A request that failed because the database
// could not be reached, or because the disk is full, is not the caller's mistake nor a bug in the code: it is an
// outage, and the answer says so (503 or 507 with Retry-After) so that clients retry instead of giving up.

/** The part that is down: the database (or another service we connect to), or the file store's disk. */
export type Outage = 'unreachable' | 'storageFull'

/** Node's connection failures and PostgreSQL's "not now" states (admin shutdown, starting up, too many clients). */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])

/** SQLSTATE 08P01, in the connection class but caused by what we sent. */
const protocolViolation = '08P01'

const field = (value: object, name: string): unknown => (name in value ? Reflect.get(value, name) : undefined)

/** The outage behind `error` (following its causes), or undefined when it is anything else. */
export const outageOf = (error: unknown): Outage | undefined => {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const code = String(field(current, 'code') ?? '')
    // A protocol violation is a query the server could not read (a NUL character inside its text): the same
    // request fails the same way every time, so it is a bug to fix, never an outage to wait out.
    if (code === protocolViolation) return undefined
    if (code === 'ENOSPC' || code === 'EDQUOT') return 'storageFull'
    // SQLSTATE class 08: connection exceptions.
    if (unreachableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unreachable'
    if (field(current, 'name') === 'ConnectionException') return 'unreachable'
    const message = String(field(current, 'message') ?? '')
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
        message,
      )
    )
      return 'unreachable'
    current = field(current, 'cause')
  }
  return undefined
}

/** How long a client should wait before trying again. */
export const outageRetryAfterSeconds: Record<Outage, number> = { unreachable: 5, storageFull: 60 }
