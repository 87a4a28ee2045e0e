import { AccountService } from '@kibitz/accounts'
import {
  clearHeartbeat,
  Database,
  DomainServices,
  purgeExpiredRows,
  recordHeartbeat,
  withEm,
  writeSitemap,
} from '@kibitz/infra'
import { RegistrationDesk } from '@kibitz/registration'
import { Effect, Layer, ManagedRuntime, Schema } from 'effect'
import { PgBoss } from 'pg-boss'
import { mailQueue, startMailDelivery } from './mail.ts'

/** Queue names; each handler only decodes its payload and calls the domain. */
export const queues = {
  heartbeat: 'system.heartbeat',
  mail: mailQueue,
  maintenance: 'system.maintenance',
  registrationExpiry: 'registration.expiry',
  sitemap: 'site.sitemap',
} as const

/** The sitemap is written anew every hour, and once when a worker starts. */
const sitemapCron = '41 * * * *'

/** Unpaid entries are released every minute, in batches, so a deadline is kept to the minute. */
const expiryCron = '* * * * *'
const expiryBatch = 200

/** When the purge of expired rows runs: hourly, off the top of the hour when other cron jobs crowd in. */
const maintenanceCron = '17 * * * *'

const Heartbeat = Schema.Struct({ workerId: Schema.String.check(Schema.isMaxLength(100)) })
const decodeHeartbeat = Schema.decodeUnknownSync(Heartbeat)

export interface RunningWorker {
  readonly workerId: string
  stop(): Promise<void>
}

/** How often the worker proves its queue round trip (readiness wants a beat within 30 s). */
const beatEveryMs = 10_000

/**
 * Starts the pg-boss worker with its own ManagedRuntime over the domain services. The heartbeat
 * travels through the queue itself, so readiness proves jobs are really being processed.
 */
export async function startWorker(options: {
  databaseUrl: string
  workerId?: string
  /** SMTP_URL; unset, e-mails stay in the outbox as kept. */
  smtpUrl?: string
  /** The From of every e-mail (MAIL_FROM). */
  mailFrom: string
  /** Tests shorten the e-mail retry backoff (seconds before the first retry; default 60). */
  mailRetryBaseSeconds?: number
  /** Tests change how often the outbox is swept without a notification (default 30 s). */
  mailSweepEverySeconds?: number
  /** PUBLIC_URL: the sitemap's addresses start with it; without it no sitemap is written. */
  publicUrl?: string
}): Promise<RunningWorker> {
  const workerId = options.workerId ?? `worker-${process.pid}-${Math.random().toString(36).slice(2, 8)}`
  const runtime = ManagedRuntime.make(
    DomainServices.pipe(Layer.provideMerge(Database.layer(options.databaseUrl))),
  )
  const orm = await runtime.runPromise(Database)
  // LISTEN/NOTIFY wakes workers of notify-enabled queues (e-mail) the moment a job is created.
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: 4,
    useListenNotify: true,
  })
  boss.on('error', (error) => console.error(`worker: ${error.message}`))
  await boss.start()
  await boss.createQueue(queues.heartbeat, { retentionSeconds: 600, deleteAfterSeconds: 600 })
  await boss.work(queues.heartbeat, { pollingIntervalSeconds: 1 }, async (jobs) => {
    // A handler trusts no payload: decode it, then call the domain.
    for (const job of jobs) await recordHeartbeat(orm, decodeHeartbeat(job.data).workerId)
  })
  // One purge at a time whatever the number of workers ('stately': one queued, one active); every worker
  // upserts the same schedule, and pg-boss sends one job per occurrence.
  await boss.createQueue(queues.maintenance, {
    policy: 'stately',
    expireInSeconds: 15 * 60,
    retryLimit: 2,
    retryDelay: 60,
    deleteAfterSeconds: 24 * 3600,
  })
  await boss.schedule(queues.maintenance, maintenanceCron)
  await boss.work(queues.maintenance, async () => {
    // No payload to decode: the job only says "now".
    const purged = await runtime.runPromise(purgeExpiredRows(new Date()))
    if (Object.values(purged).some((n) => n > 0)) console.log(`worker: purged ${JSON.stringify(purged)}`)
  })
  // One expiry run at a time whatever the number of workers; each batch is one transaction that locks its
  // entries (skip locked), gives their tickets back and enqueues the e-mails.
  await boss.createQueue(queues.registrationExpiry, {
    policy: 'stately',
    expireInSeconds: 5 * 60,
    retryLimit: 2,
    retryDelay: 30,
    deleteAfterSeconds: 3600,
  })
  await boss.schedule(queues.registrationExpiry, expiryCron)
  await boss.work(queues.registrationExpiry, async () => {
    // No payload: the job only says "now".
    const expired = await expireUnpaid(runtime)
    if (expired > 0) console.log(`worker: ${expired} unpaid registrations expired`)
  })
  const publicUrl = options.publicUrl
  if (publicUrl !== undefined) {
    // One writer at a time whatever the number of workers; a run replaces the whole sitemap in one transaction.
    await boss.createQueue(queues.sitemap, {
      policy: 'stately',
      expireInSeconds: 10 * 60,
      retryLimit: 2,
      retryDelay: 60,
      deleteAfterSeconds: 24 * 3600,
    })
    await boss.schedule(queues.sitemap, sitemapCron)
    await boss.work(queues.sitemap, async () => {
      // No payload: the job only says "now".
      const written = await runtime.runPromise(writeSitemap(publicUrl))
      console.log(`worker: sitemap of ${written.urls} addresses in ${written.parts} part(s)`)
    })
    await boss.send(queues.sitemap, {})
  }
  const mail = await startMailDelivery(boss, orm, {
    databaseUrl: options.databaseUrl,
    workerId,
    smtpUrl: options.smtpUrl,
    from: options.mailFrom,
    retryBaseSeconds: options.mailRetryBaseSeconds,
    sweepEverySeconds: options.mailSweepEverySeconds,
    prepare: () => sendRequestedResets(runtime),
  })
  const beat = () =>
    boss
      .send(queues.heartbeat, { workerId }, { singletonKey: workerId, expireInSeconds: 60 })
      .catch((error) => {
        console.error(
          `worker: heartbeat not queued: ${error instanceof Error ? error.message : String(error)}`,
        )
      })
  await beat()
  const timer = setInterval(beat, beatEveryMs)
  return {
    workerId,
    stop: async () => {
      clearInterval(timer)
      await mail.stop()
      await boss.offWork(queues.maintenance, { wait: true })
      await boss.offWork(queues.registrationExpiry, { wait: true })
      if (publicUrl !== undefined) await boss.offWork(queues.sitemap, { wait: true })
      await boss.stop({ graceful: true, timeout: 5000 })
      await clearHeartbeat(orm, workerId).catch(() => {})
      await runtime.dispose()
    },
  }
}

/** Forgot-password requests one transaction turns into reset e-mails. */
const resetBatch = 20

/** Mails the reset links of every queued forgot-password request, batch after batch; answers how many. */
export const sendRequestedResets = async (runtime: {
  runPromise: <A, E>(effect: Effect.Effect<A, E, AccountService | Database>) => Promise<A>
}): Promise<number> => {
  let total = 0
  for (;;) {
    const n = await runtime.runPromise(
      withEm(AccountService.use((accounts) => accounts.sendRequestedResets(resetBatch))),
    )
    total += n
    if (n < resetBatch) return total
  }
}

/** Expires every unpaid entry past its deadline, batch after batch; answers how many. */
export const expireUnpaid = async (runtime: {
  runPromise: <A, E>(effect: Effect.Effect<A, E, RegistrationDesk | Database>) => Promise<A>
}): Promise<number> => {
  let total = 0
  for (;;) {
    const n = await runtime.runPromise(
      withEm(
        Effect.gen(function* () {
          const desk = yield* RegistrationDesk
          return yield* desk.expireDue(expiryBatch)
        }),
      ),
    )
    total += n
    if (n < expiryBatch) return total
  }
}
