import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

// The drills' SMTP server on loopback. It is testing/src/smtp.ts's server (same library, same "accept
// everything" set-up) with what a fault drill needs on top, which that helper does not offer: the Message-ID of
// every message (to tell a duplicate from another message), a configurable delay before each message is
// accepted (so a worker can be killed mid-batch), and going down and coming back on the same port.

/** One message the server accepted (answered 250 to a client that was still connected). */
export interface AcceptedMail {
  /** The Message-ID header as sent, e.g. `<kibitz-mail-42@127.0.0.1>`; null when the message had none. */
  readonly messageId: string | null
  /** The outbox row id carried by a Kibitz Message-ID (`kibitz-mail-{id}@host`); null for other ids. */
  readonly outboxId: number | null
  /** The envelope recipients. */
  readonly to: ReadonlyArray<string>
  readonly subject: string
  /** performance.now() when it was accepted. */
  readonly at: number
}

export interface DrillSmtp {
  readonly url: string
  readonly port: number
  /** Every message accepted so far, oldest first. */
  readonly accepted: ReadonlyArray<AcceptedMail>
  /** Messages whose sender hung up before the answer (a killed worker); never counted as received. */
  readonly abandoned: number
  /** Milliseconds each message waits before it is accepted. */
  delayMs: number
  /** Closes the port and drops every connection: the server is gone. */
  down(): Promise<void>
  /** Listens again on the same port. */
  up(): Promise<void>
  readonly isUp: boolean
  close(): Promise<void>
}

const kibitzMessageId = /^<?kibitz-mail-(\d+)@[^>]+>?$/

/** Starts the server on a free port (or `port`). */
export async function startDrillSmtp(options: { port?: number } = {}): Promise<DrillSmtp> {
  const accepted: Array<AcceptedMail> = []
  let abandoned = 0
  let delayMs = 0
  // A connection that closed before its message was answered: the client never saw a 250.
  const closedSessions = new Set<string>()
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      // Going down must be prompt: connections still open after this are destroyed.
      closeTimeout: 100,
      onClose(session) {
        closedSessions.add(session.id)
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            const messageId = parsed.messageId ?? null
            const match = messageId === null ? null : kibitzMessageId.exec(messageId)
            const accept = () => {
              if (closedSessions.has(session.id)) {
                abandoned += 1
                callback(new Error('connection closed'))
                return
              }
              accepted.push({
                messageId,
                outboxId: match?.[1] === undefined ? null : Number(match[1]),
                to: session.envelope.rcptTo.map((r) => r.address),
                subject: parsed.subject ?? '',
                at: performance.now(),
              })
              callback()
            }
            if (delayMs > 0) setTimeout(accept, delayMs)
            else accept()
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        )
      },
    })

  // A client cut off mid-conversation (the worker killed on purpose) is what the drills do; anything else is told.
  const report = (error: Error) => {
    if (!('code' in error && error.code === 'ECONNRESET'))
      console.error(`drill SMTP server: ${error.message}`)
  }
  let server = make()
  let running = false
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject)
        const address: AddressInfo | string | null = server.server.address()
        resolve(address !== null && typeof address === 'object' ? address.port : port)
      })
    })
  const port = await listen(options.port ?? 0)
  running = true
  server.on('error', report)

  const down = async () => {
    if (!running) return
    running = false
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    get accepted() {
      return [...accepted]
    },
    get abandoned() {
      return abandoned
    },
    get delayMs() {
      return delayMs
    },
    set delayMs(value: number) {
      delayMs = value
    },
    get isUp() {
      return running
    },
    down,
    up: async () => {
      if (running) return
      // A closed SMTPServer cannot listen again; a new one takes the same port and the same records.
      server = make()
      server.on('error', report)
      await listen(port)
      running = true
    },
    close: down,
  }
}
