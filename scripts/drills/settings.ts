// The knobs of `npm run drills`, all from the environment, with defaults that keep a whole run under about
// ten minutes on the 2-core development machine. Each is printed at the start so a report says what ran.

/** A whole number from the environment, or `fallback`; a bad value stops the run before anything starts. */
const whole = (name: string, fallback: number, minimum = 0): number => {
  const raw = process.env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < minimum) {
    console.error(`drills: ${name} must be a whole number from ${minimum} (got ${JSON.stringify(raw)})`)
    process.exit(2)
  }
  return Number(raw)
}

/** DRILL_ONLY=1,4 runs those drills only; empty runs all six. */
const onlyDrills = (): ReadonlySet<number> => {
  const raw = process.env.DRILL_ONLY?.trim() ?? ''
  const picked = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  for (const part of picked) {
    if (!/^[1-6]$/.test(part)) {
      console.error(
        `drills: DRILL_ONLY takes drill numbers 1 to 6, comma-separated (got ${JSON.stringify(raw)})`,
      )
      process.exit(2)
    }
  }
  return new Set(picked.map(Number))
}

export const settings = Object.freeze({
  /** Drill 1: clients registering at once into a tournament with room for all of them. */
  burstClients: whole('DRILL_BURST_CLIENTS', 200, 10),
  /** Drill 2: registrations whose confirmation e-mails the worker is sending when it is killed. */
  mailRegistrations: whole('DRILL_MAIL_REGISTRATIONS', 300, 10),
  /** Drill 2: how long the SMTP server takes to accept each message, so the kill lands mid-batch. */
  smtpDelayMs: whole('DRILL_SMTP_DELAY_MS', 40),
  /** Drill 3: clients registering, spread over a few seconds, while PostgreSQL goes down and up. */
  pgClients: whole('DRILL_PG_CLIENTS', 150, 10),
  /** Drill 3: how long PostgreSQL stays stopped. */
  pgDownSeconds: whole('DRILL_PG_DOWN_SECONDS', 5),
  /** Drill 4: how long the SMTP server stays away. */
  smtpDownSeconds: whole('DRILL_SMTP_DOWN_SECONDS', 60, 1),
  /** Drill 4: registrations made (one e-mail each) while the SMTP server is away. */
  smtpDownRegistrations: whole('DRILL_SMTP_DOWN_REGISTRATIONS', 30, 1),
  /** Drills 2, 4, 6: how long to wait for the last e-mail once the fault is removed. */
  mailWaitSeconds: whole('DRILL_MAIL_WAIT_SECONDS', 300, 10),
  /** Drill 6: clients racing for the places. */
  rushClients: whole('DRILL_RUSH_CLIENTS', 1000, 10),
  /** Drill 6: the places on sale. */
  rushPlaces: whole('DRILL_RUSH_PLACES', 100, 1),
  /** Drill 5: the size of the tmpfs that stands in for a full disk. */
  diskMegabytes: whole('DRILL_DISK_MB', 2, 1),
  /** A client retries (same Idempotency-Key) until it has a definitive answer or this long has passed. */
  giveUpSeconds: whole('DRILL_GIVE_UP_SECONDS', 60, 5),
  /** A client's longest pause between attempts: its backoff doubles from 100 ms up to this (with jitter). */
  backoffCapMs: whole('DRILL_BACKOFF_CAP_MS', 2_000, 100),
  /** One attempt longer than this counts as a hang (and is abandoned and retried). */
  hangSeconds: whole('DRILL_HANG_SECONDS', 30, 1),
  /** The bound on "back": from the fault's removal to /readyz 200 and a registration that succeeds. */
  recoverySeconds: whole('DRILL_RECOVERY_SECONDS', 10, 1),
  /** The pause between killing a process and starting it again. */
  restartDelayMs: whole('DRILL_RESTART_DELAY_MS', 500),
  /** Seeds the random moments (kill points), so a run can be repeated; printed at the start. */
  seed: whole('DRILL_SEED', Math.floor(Math.random() * 1_000_000)),
  /** Which drills run (all when empty). */
  only: onlyDrills(),
  /** DRILL_KEEP=1 keeps the work folder (cluster, logs) for a post-mortem. */
  keep: process.env.DRILL_KEEP === '1',
  /** DRILL_BUILD=1 rebuilds the app first even when a build exists. */
  build: process.env.DRILL_BUILD === '1',
})

export type Settings = typeof settings

/** A small seeded generator (mulberry32): the same DRILL_SEED picks the same kill moments. */
const seeded = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A number in [0, 1) from the run's seed. */
export const random = seeded(settings.seed)

/** A whole number from `low` to `high` (both included) from the run's seed. */
export const between = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1))
