// Work that happens behind the pages: the time from a domain transition's commit to its e-mail leaving the worker,
// against pg-boss's own send-to-handler round trip; and the sitemap of every public event, against reading the
// same rows in one plain query.
import { EventService } from '@kibitz/events'
import { Database, DomainServices, withEm, writeSitemap } from '@kibitz/infra'
import { startWorker } from '@kibitz/jobs'
import { inTransaction, MailMessage, Outbox } from '@kibitz/kernel'
import { startSmtpServer } from '@kibitz/testing'
import { Effect, Layer, ManagedRuntime } from 'effect'
import { PgBoss } from 'pg-boss'
import { type Figure, figure, median, now, percentile } from './measure.ts'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Milliseconds from a committed e-mail to the SMTP server receiving it, and pg-boss's bare round trip. */
export const jobsScenario = async (databaseUrl: string, rounds: number): Promise<ReadonlyArray<Figure>> => {
  const smtp = await startSmtpServer()
  const worker = await startWorker({
    databaseUrl,
    smtpUrl: smtp.url,
    mailFrom: 'Kibitz bench <bench@kibitz.example>',
    mailSweepEverySeconds: 3600,
  })
  const runtime = ManagedRuntime.make(
    DomainServices.pipe(Layer.provideMerge(Database.layer(databaseUrl, { poolMax: 2 }))),
  )
  const mail: Array<number> = []
  try {
    for (let i = -3; i < rounds; i++) {
      const to = `latency-${i + 3}-${Date.now()}@world.kibitz.example`
      const arrived = smtp.waitForMail((m) => m.to.includes(to), 10_000)
      await runtime.runPromise(
        withEm(
          Effect.flatMap(Outbox, (outbox) =>
            inTransaction(
              outbox.enqueue(
                new MailMessage({
                  to,
                  subject: 'Registration received',
                  text: 'Benchmark',
                  html: null,
                  kind: 'bench.latency',
                  language: 'en',
                }),
              ),
            ),
          ),
        ),
      )
      const committed = now()
      await arrived
      if (i >= 0) mail.push(now() - committed)
      // Spread the sends so each one starts from an idle worker, as a transition usually does.
      await pause(40 + Math.random() * 120)
    }
  } finally {
    await runtime.dispose()
    await worker.stop()
    await smtp.close()
  }

  // pg-boss alone: the same instance options and a notify queue, a job sent and handled.
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 2, useListenNotify: true })
  boss.on('error', () => {})
  await boss.start()
  const queue = 'bench.ping'
  await boss.createQueue(queue, { notify: true, deleteAfterSeconds: 60 })
  const handled = new Map<string, () => void>()
  await boss.work<{ id: string }>(
    queue,
    { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 30 },
    async (jobs) => {
      for (const job of jobs) handled.get(job.data.id)?.()
    },
  )
  const ping: Array<number> = []
  try {
    for (let i = -3; i < rounds; i++) {
      const id = `${i}-${Date.now()}`
      const done = new Promise<void>((resolve) => handled.set(id, resolve))
      const sent = now()
      await boss.send(queue, { id })
      await done
      if (i >= 0) ping.push(now() - sent)
      await pause(40 + Math.random() * 120)
    }
  } finally {
    await boss.stop({ graceful: false })
  }
  const section = 'Jobs (commit to e-mail handler)'
  const mailP95 = percentile(mail, 0.95)
  const pingP95 = percentile(ping, 0.95)
  return [
    figure(section, 'jobs.mail.p50', 'committed e-mail to SMTP p50', percentile(mail, 0.5), 'ms', {
      better: 'lower',
    }),
    figure(section, 'jobs.mail.p95', 'committed e-mail to SMTP p95', mailP95, 'ms', {
      better: 'lower',
      goal: 150,
    }),
    figure(section, 'jobs.boss.p95', 'baseline: pg-boss send to handler p95', pingP95, 'ms', {
      better: 'lower',
    }),
    figure(section, 'jobs.ratio', 'e-mail p95 ÷ pg-boss round trip p95', mailP95 / pingP95, '×', {
      better: 'lower',
      tracked: true,
    }),
  ]
}

/** The sitemap of the whole world, against one plain read of the rows it lists. */
export const sitemapScenario = async (databaseUrl: string, runs: number): Promise<ReadonlyArray<Figure>> => {
  const runtime = ManagedRuntime.make(
    EventService.layer.pipe(Layer.provideMerge(Database.layer(databaseUrl, { poolMax: 2 }))),
  )
  try {
    const orm = await runtime.runPromise(Database)
    const generate: Array<number> = []
    let urls = 0
    for (let i = 0; i < runs; i++) {
      const started = now()
      urls = (await runtime.runPromise(writeSitemap('https://bridge.example'))).urls
      generate.push(now() - started)
    }
    const read: Array<number> = []
    for (let i = 0; i < runs; i++) {
      const started = now()
      await orm.em.fork().execute('select id, alias, updated_at from event')
      read.push(now() - started)
    }
    const section = 'Sitemap'
    return [
      figure(section, 'sitemap.urls', 'addresses listed', urls, '', { better: 'higher' }),
      figure(section, 'sitemap.ms', 'generation, all public events', median(generate), 'ms', {
        better: 'lower',
      }),
      figure(section, 'sitemap.read', 'baseline: one plain read of every event', median(read), 'ms', {
        better: 'lower',
      }),
      figure(section, 'sitemap.ratio', 'generation ÷ plain read', median(generate) / median(read), '×', {
        better: 'lower',
        tracked: true,
      }),
    ]
  } finally {
    await runtime.dispose()
  }
}
