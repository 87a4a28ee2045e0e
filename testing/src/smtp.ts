import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

// A real SMTP server on loopback for domain, job and browser tests (scripts/e2e.ts too): it accepts every
// message without authentication or TLS and keeps it parsed. No test-runner imports, so any process can use it.

/** One message the test server accepted. */
export interface ReceivedMail {
  /** The envelope recipients (RCPT TO). */
  readonly to: ReadonlyArray<string>
  /** The address of the From header, e.g. `no-reply@example.org`. */
  readonly from: string
  /** The display name of the From header, e.g. `Kibitz`; empty when there is none. */
  readonly fromName: string
  readonly subject: string
  readonly text: string
  readonly html: string | null
  /** Every http(s) URL found in the text and the HTML bodies, each once, in order of appearance. */
  readonly links: ReadonlyArray<string>
  /** The Message-ID header, angle brackets included; empty when there is none. */
  readonly messageId: string
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  readonly url: string
  readonly port: number
  /** Every message received so far, oldest first. */
  readonly messages: ReadonlyArray<ReceivedMail>
  /** The first message, received before or after the call, that satisfies `predicate`; rejects after `timeoutMs`. */
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

const entities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
}
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name) => entities[name] ?? '')

/** http(s) URLs in `text`, without the punctuation that ends a sentence around them. */
const urlsIn = (text: string): ReadonlyArray<string> =>
  [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0].replace(/[.,;:!?)\]]+$/, ''))

/**
 * Starts an SMTP server on 127.0.0.1 (a free port unless `port` is given, e.g. to bring a server up where a
 * worker already points). No authentication, no TLS.
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const messages: Array<ReceivedMail> = []
  const waiters = new Set<(mail: ReceivedMail) => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // A reverse DNS lookup of 127.0.0.1 per connection only adds latency.
    disableReverseLookup: true,
    // Tests close the server while a worker may still hold a connection; do not wait the default 30 s.
    closeTimeout: 100,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const text = parsed.text ?? ''
          const html = typeof parsed.html === 'string' ? parsed.html : null
          const sender = parsed.from?.value[0]
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            from: sender?.address ?? '',
            fromName: sender?.name ?? '',
            subject: parsed.subject ?? '',
            text,
            html,
            links: [...new Set([...urlsIn(text), ...urlsIn(decodeEntities(html ?? ''))])],
            messageId: parsed.messageId ?? '',
          }
          messages.push(mail)
          for (const waiter of waiters) waiter(mail)
          callback()
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  // After start-up a listening error is only logged; a test sees it as a mail that never comes.
  server.on('error', (error) => console.error(`test SMTP server: ${error.message}`))
  const address: AddressInfo | string | null = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('test SMTP server: no TCP address')
  const port = address.port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    get messages() {
      return [...messages]
    },
    waitForMail: (predicate, timeoutMs = 10_000) => {
      const found = messages.find(predicate)
      if (found) return Promise.resolve(found)
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!predicate(mail)) return
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          const seen = messages.map((m) => JSON.stringify(m.subject)).join(', ') || 'none'
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (received: ${seen})`))
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
