import { ensureDemoLogins } from '@kibitz/accounts'
import { EventId, EventService } from '@kibitz/events'
import type { FileStorage } from '@kibitz/files'
import { Em } from '@kibitz/kernel'
import { TournamentService } from '@kibitz/tournaments'
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql'
import { Effect, Layer } from 'effect'
import { syncReferenceData } from '../reference.ts'
import { planEvents } from './build.ts'
import { type DemoFilesResult, seedDemoFiles } from './galleries.ts'
import { insertEvents, insertOrganisers } from './insert.ts'
import { organisers } from './organisers.ts'
import type { EventPlan } from './plan.ts'
import { createRng } from './random.ts'
import { countRows } from './sql.ts'

export interface SeedResult {
  /** False when the database already had events and nothing was written. */
  readonly seeded: boolean
  readonly events: number
  readonly tournaments: number
  readonly entries: number
  /** The demo galleries and documents (seedDemoFiles), when a file store was given and the data was seeded. */
  readonly files?: DemoFilesResult
}

/** The demo organisers' password (demo data is never written in production). */
export const demoPassword = 'kibitz-demo'

/** The PRNG seed: the same `today` always gives the same demo data. */
const randomSeed = 0x6b69627a

/** Advisory lock key of the seed, so that a web and a worker process starting together seed once. */
const seedLockKey = 7_061_977

/**
 * Fills an empty database with demo data that looks real to a bridge player: reference data, organisers
 * with their pages, about sixty events around `today` (running, upcoming, just finished, past, canceled,
 * postponed, drafts, online) with tournaments, tickets, prizes, programs, hotels and player lists.
 * Does nothing when the `event` table already has rows. Everything is written in one transaction; then, with
 * `files` (the file store the site serves), a few events get galleries and documents (seedDemoFiles).
 */
export async function seedDemoData(
  orm: MikroORM,
  options?: { today?: Date; files?: Layer.Layer<FileStorage> },
): Promise<SeedResult> {
  const today = options?.today ?? new Date()
  const seeded = await seedDemoRows(orm, today)
  if (!seeded.seeded || options?.files === undefined) return seeded
  return { ...seeded, files: await seedDemoFiles(orm, options.files, today) }
}

async function seedDemoRows(orm: MikroORM, today: Date): Promise<SeedResult> {
  return orm.em.fork().transactional(async (em) => {
    // The second of two concurrent seeders waits here, then finds the first one's events.
    await em.execute('select pg_advisory_xact_lock(?)', [seedLockKey])
    if ((await countRows(em, 'event')) > 0) {
      return {
        seeded: false,
        events: await countRows(em, 'event'),
        tournaments: await countRows(em, 'tournament'),
        entries: await countRows(em, 'entry'),
      }
    }
    // Bootstrap has done this already; a seed run on its own (tests, the benchmark world) needs it too.
    await syncReferenceData(em)
    const organiserIds = await insertOrganisers(em, today)
    // Every demo organiser can log in (see the README); the password is the demo super user's.
    await Effect.runPromise(
      Effect.provideService(
        ensureDemoLogins(
          Object.values(organisers).map((o) => o.email),
          demoPassword,
        ),
        Em,
        em,
      ),
    )
    const events = planEvents(createRng(randomSeed), today)
    await insertEvents(em, events, organiserIds)
    await recordTournamentSummaries(em, events)
    return {
      seeded: true,
      events: events.length,
      tournaments: events.reduce((n, e) => n + e.tournaments.length, 0),
      entries: events.reduce((n, e) => n + e.tournaments.reduce((m, t) => m + t.entries.length, 0), 0),
    }
  })
}

/**
 * The event's tournament count and registration window belong to the tournaments domain, which hands
 * them to the events domain; the seed goes through the same services instead of writing them itself.
 */
async function recordTournamentSummaries(em: EntityManager, events: ReadonlyArray<EventPlan>): Promise<void> {
  const program = Effect.gen(function* () {
    const tournaments = yield* TournamentService
    const eventService = yield* EventService
    for (const event of events) {
      const eventId = EventId.make(event.id)
      const summary = yield* tournaments.summaryForEvent(eventId, event.timeZone)
      yield* eventService.recordTournamentSummary(eventId, summary)
    }
  })
  await Effect.runPromise(
    program.pipe(
      Effect.provide(Layer.mergeAll(TournamentService.layer, EventService.layer)),
      Effect.provideService(Em, em),
    ),
  )
}
