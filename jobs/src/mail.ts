import {
  claimDueMail,
  keepPendingMail,
  mailOutboxChannel,
  markMailFailed,
  markMailSent,
  releaseClaimedMail,
  releaseOrphanedMail,
} from '@kibitz/infra'
import { holdListen } from '@kibitz/infra/database'
import type { MikroORM } from '@mikro-orm/postgresql'
import nodemailer from 'nodemailer'
import type { PgBoss } from 'pg-boss'

// Delivery of the e-mail outbox. Domains insert rows (and a NOTIFY) in their own transaction; here a LISTEN
// connection and a periodic sweep wake the 'mail.deliver' queue, whose handler claims due rows and sends them.

/** The pg-boss queue whose jobs deliver due outbox rows; a job carries no payload. */
export const mailQueue = 'mail.deliver'

/** Rows claimed at a time. */
const batchSize = 20
/** Batches one job handles before it hands a longer queue over to a new job (so a stop waits little). */
const batchesPerJob = 5
/** After this many failed attempts a message is marked failed and left alone. */
const maxAttempts = 8
/** SMTP connect, greeting and idle timeouts. */
const smtpTimeoutMs = 10_000
/** Long enough for a whole batch at the worst timeouts (20 × 3 × 10 s); a dead worker's rows wait this long. */
const leaseSeconds = 15 * 60

/** A worker silent this long is dead: the e-mails it claimed go back to the queue (its beat comes every 10 s). */
const deadWorkerSeconds = 30

export interface MailDeliveryOptions {
  readonly databaseUrl: string
  /** This worker's id, as its heartbeat names it: its claims are its own while it beats. */
  readonly workerId: string
  /** Where to send; unset, every message is kept in the outbox (status kept) and never sent. */
  readonly smtpUrl: string | undefined
  /** The From header of every message. */
  readonly from: string
  /** The n-th failed attempt is retried after retryBaseSeconds × 2^(n-1); 60 unless a test shortens it. */
  readonly retryBaseSeconds?: number
  /** How often to look for due rows even without a notification; 30 unless a test changes it. */
  readonly sweepEverySeconds?: number
  /**
   * Runs before each delivery: turns requests queued on the outbox's channel into outbox rows (forgot-password
   * requests become reset e-mails), so they leave in the same run.
   */
  readonly prepare?: () => Promise<unknown>
}

export interface MailDelivery {
  /** Stops waking the queue and waits for a running delivery (which stops after its current message). */
  stop(): Promise<void>
}

const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** A 5xx rejection (nodemailer marks it `permanent`) would only be rejected again. */
const isPermanent = (error: unknown): boolean =>
  error instanceof Error && 'permanent' in error && error.permanent === true

/**
 * Starts delivering the outbox through `boss`: registers the queue's handler, listens for new rows, sweeps
 * periodically and once now. Without `smtpUrl` the handler marks pending rows kept instead of sending them.
 */
export async function startMailDelivery(
  boss: PgBoss,
  orm: MikroORM,
  options: MailDeliveryOptions,
): Promise<MailDelivery> {
  const retryBaseSeconds = options.retryBaseSeconds ?? 60
  // The domain of the From address names the Message-IDs, as mail systems expect.
  const messageIdHost = /@([A-Za-z0-9.-]+)>?\s*$/.exec(options.from)?.[1] ?? 'kibitz.local'
  const transport = options.smtpUrl
    ? nodemailer.createTransport(
        {
          // One reused connection per worker: a batch pays the handshake (and TLS) once, not per message.
          pool: true,
          maxConnections: 1,
          url: options.smtpUrl,
          connectionTimeout: smtpTimeoutMs,
          greetingTimeout: smtpTimeoutMs,
          socketTimeout: smtpTimeoutMs,
        },
        { from: options.from },
      )
    : undefined
  let stopped = false

  // Many notifications at once become one send; pg-boss's 'short' policy then keeps one queued job at most.
  let sending = false
  let again = false
  const wake = () => {
    if (stopped) return
    if (sending) {
      again = true
      return
    }
    sending = true
    boss
      .send(mailQueue, {})
      .catch((error: unknown) => console.error(`worker: ${mailQueue} not queued: ${describeError(error)}`))
      .finally(() => {
        sending = false
        if (again) {
          again = false
          wake()
        }
      })
  }

  /** Sends one claimed batch; false when the worker stopped before the end of it. */
  const deliverBatch = async (
    send: NonNullable<typeof transport>,
    batch: Awaited<ReturnType<typeof claimDueMail>>,
  ): Promise<boolean> => {
    for (const [index, mail] of batch.entries()) {
      if (stopped) {
        await releaseClaimedMail(
          orm,
          batch.slice(index).map((m) => m.id),
        )
        return false
      }
      try {
        await send.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          // One Message-ID per outbox row: should a message ever go out twice (a worker killed between the SMTP
          // server's acceptance and the database's update), mail systems recognise it as the same message.
          messageId: `<kibitz-mail-${mail.id}@${messageIdHost}>`,
          headers: { 'X-Kibitz-Kind': mail.kind },
        })
      } catch (error) {
        const attempts = mail.attempts + 1
        await markMailFailed(orm, mail.id, {
          error: describeError(error),
          retryInSeconds: retryBaseSeconds * 2 ** (attempts - 1),
          giveUp: attempts >= maxAttempts || isPermanent(error),
        })
        continue
      }
      await markMailSent(orm, mail.id)
    }
    return true
  }

  const deliverDue = async (): Promise<void> => {
    // A failing preparation must not hold back the e-mails already in the outbox.
    await options.prepare?.().catch((error: unknown) => {
      console.error(`worker: queued e-mail requests not prepared: ${describeError(error)}`)
    })
    if (!transport) {
      const kept = await keepPendingMail(orm)
      if (kept > 0) console.log(`worker: ${kept} e-mail(s) kept in the outbox (no SMTP_URL); see /dev/outbox`)
      return
    }
    for (let round = 0; round < batchesPerJob; round++) {
      const batch = await claimDueMail(orm, { limit: batchSize, leaseSeconds, workerId: options.workerId })
      if (!(await deliverBatch(transport, batch)) || batch.length < batchSize) return
    }
    wake()
  }

  const queueOptions = {
    expireInSeconds: leaseSeconds,
    retryLimit: 3,
    retryDelay: 10,
    deleteAfterSeconds: 3600,
    // A job wakes the worker through pg-boss's own NOTIFY at once; polling is only the backstop, so an
    // e-mail leaves within milliseconds of its transaction's commit instead of waiting for the next poll.
    notify: true,
  }
  await boss.createQueue(mailQueue, { policy: 'short', ...queueOptions })
  // A database created before notify was switched on keeps its queue: update it in place.
  await boss.updateQueue(mailQueue, queueOptions)
  await boss.work(mailQueue, { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 30 }, async () => {
    await deliverDue()
  })
  const listener = await holdListen(options.databaseUrl, mailOutboxChannel, { onNotify: wake, onReady: wake })
  // The sweep also hands back what dead workers had claimed, then wakes the queue for it.
  const sweepOnce = () => {
    releaseOrphanedMail(orm, deadWorkerSeconds)
      .then((released) => {
        if (released > 0) console.log(`worker: ${released} e-mail(s) of a stopped worker back in the queue`)
      })
      .catch((error: unknown) =>
        console.error(`worker: orphaned e-mails not released: ${describeError(error)}`),
      )
      .finally(wake)
  }
  const sweep = setInterval(sweepOnce, (options.sweepEverySeconds ?? 30) * 1000)
  sweepOnce()

  return {
    stop: async () => {
      stopped = true
      clearInterval(sweep)
      await listener.close()
      await boss.offWork(mailQueue, { wait: true })
      transport?.close()
    },
  }
}
