// A world-sized database for benchmarks: about ten years of a European bridge calendar.
//
//   DATABASE_URL=postgres://… npx node scripts/bench/world.ts [--scale=0.02] [--today=2026-11-25T12:00:00Z]
//   DATABASE_URL=postgres://… npx node scripts/bench/world-check.ts
//
// (`npx node` runs the project's Node 24; the machine's own node may be too old.) Use a fresh database: the
// world refuses one that already has a world. It takes about a minute at scale 1 on a 2-core machine.
//
// At scale 1 it adds, next to the demo data (which it seeds first, after the migrations, when the database has
// no events yet):
// - 2,000 organisers (app_user + organiser: national federations, clubs, individuals in 20 countries; mostly
//   accepted, a few pending or declined), every one activated with the demo password;
// - 5,000 organiser pages. There is no post table in this codebase, so no posts;
// - 50,000 events from nine years before `today` to one year after it, in yearly, monthly and weekly series
//   (federation championships and festivals, club nights, online evenings, leagues), with 1-3 content
//   languages, 1-2 locations, hotels for some festivals, `search_text` from the events domain's own
//   `searchTextOf` and the tournament summary the tournaments domain would record;
// - about 200,000 tournaments with sessions, stages, program days, prizes, 1-3 tickets and their age
//   categories (early birds included);
// - 1,000,000 registrations (entry + contestants) written the way the registration desk writes them: lines,
//   payment methods, RF references, holds, expiries and cancellations, with every `sold` counter equal to the
//   units its pending and confirmed entries hold.
// Smaller scales (`--scale=0.02`) give proportionally smaller worlds for quick checks. The same options always
// give the same rows (seeded PRNG; `today` defaults to now, so pass it to repeat a world exactly). Pending
// registrations wait on a hold that ends at least a day after `today`: with a `today` further back, the
// worker's expiry job will expire them.
//
// Everything is planned in memory, then streamed with COPY over one connection in chunks of events, with
// ids allocated arithmetically so that children reference parents without round trips. The secondary
// indexes of the big tables are dropped around the load and rebuilt from their own definitions, and foreign
// key triggers are skipped while loading when the role may (the rows are consistent by construction; the
// companion check `scripts/bench/world-check.ts` verifies it).
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import type { Duplex } from 'node:stream'
import { ensureDemoLogins } from '@kibitz/accounts'
import { searchTextOf } from '@kibitz/events'
import { migrate, openOrm } from '@kibitz/infra'
import { createPgClient } from '@kibitz/infra/database'
import { demoPassword, seedDemoData } from '@kibitz/infra/seed'
import {
  type ContentLanguage,
  Em,
  isoDate,
  isValidIban,
  isValidTimeZone,
  mod97,
  resolveInterfaceLocale,
  slugify,
} from '@kibitz/kernel'
import { Effect, Schema } from 'effect'
import type { Client, Connection, Submittable } from 'pg'
import { type DescriptionKind, describe } from '../../infra/src/seed/descriptions.ts'
import { demoImageFor } from '../../infra/src/seed/images.ts'
import { localPrice } from '../../infra/src/seed/money.ts'
import { type Person, person, teamName } from '../../infra/src/seed/names.ts'
import {
  type City,
  cities,
  cityName,
  formattedAddress,
  shortAddress,
  type Venue,
} from '../../infra/src/seed/places.ts'
import { createRng, type Rng } from '../../infra/src/seed/random.ts'
import { fill } from '../../infra/src/seed/text.ts'
import {
  type TournamentKind,
  type TournamentKindKey,
  tournamentKinds,
  vocabulary,
} from '../../infra/src/seed/tournamentKinds.ts'
import { fieldScale, hostShare, prizePool, ticketPrices } from '../../infra/src/seed/tournaments.ts'

// ---------------------------------------------------------------------------------------------------------
// Public surface

export interface WorldOptions {
  /** 1 is the full world; 0.02 a fiftieth of it. */
  readonly scale?: number
  /** The calendar's "now": events run from nine years before it to one year after it. */
  readonly today?: Date
  readonly log?: (line: string) => void
}

export interface WorldCounts {
  readonly organisers: number
  readonly pages: number
  /** Always 0: the codebase has no post table yet. */
  readonly posts: number
  readonly events: number
  readonly upcomingEvents: number
  readonly contents: number
  readonly locations: number
  readonly hotels: number
  readonly tournaments: number
  readonly sessions: number
  readonly stages: number
  readonly programDays: number
  readonly prizes: number
  readonly prizeSetups: number
  readonly tickets: number
  readonly ageCategories: number
  readonly entries: number
  readonly contestants: number
  readonly seconds: number
  readonly phases: ReadonlyArray<{ readonly name: string; readonly seconds: number }>
}

/** Full-world sizes; tournaments follow from the events (about four each). */
const fullWorld = { organisers: 2_000, pages: 5_000, events: 50_000, entries: 1_000_000 }

/** World users are recognised by this domain (reserved `.example`: no mail can ever reach anybody). */
export const worldMailDomain = 'world.kibitz.example'

const worldSeed = 0x776f726c
const eventsPerChunk = 2_000
const holdMs = 72 * 3_600_000
const dayMs = 86_400_000

// ---------------------------------------------------------------------------------------------------------
// Small helpers

const at = <T>(items: ReadonlyArray<T>, index: number): T => {
  const item = items[index]
  if (item === undefined) throw new Error(`world: no item at ${index} of ${items.length}`)
  return item
}

/** Mixes numbers into a 32-bit seed, so each event gets its own independent random stream. */
const seedOf = (...parts: ReadonlyArray<number>): number => {
  let h = worldSeed
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x9e3779b1)
    h ^= h >>> 15
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
  }
  return h >>> 0
}

const pad2 = (n: number) => String(n).padStart(2, '0')
const hhmm = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const dayStart = (iso: string) => Date.parse(`${iso}T00:00:00Z`)
const plusDays = (iso: string, days: number) => isoDay(dayStart(iso) + days * dayMs)
const iso = (ms: number) => new Date(ms).toISOString()
const uniform = (rng: Rng, from: number, to: number) => from + rng.next() * (to - from)

/** `base`, `base-2`, `base-3` …: the first one not taken, which it then takes (the editor's freeAlias). */
const freeAlias = (base: string, taken: Set<string>): string => {
  let candidate = base
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`
  taken.add(candidate)
  return candidate
}

/** The editor's slugOf: a slug of at most 100 characters, or the fallback when nothing is left. */
const slugOf = (text: string, fallback: string) => {
  const slug = slugify(text).slice(0, 100).replace(/-+$/, '')
  return slug.length > 0 ? slug : fallback
}

/** A uuid-shaped key derived from `seed` (v4 layout), so keys repeat with the world. */
const uuidOf = (seed: string): string => {
  const h = createHash('sha256').update(seed).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

// Zone arithmetic as the kernel does it (zonedTimeToUtc), with the formatter and offsets cached: the kernel
// builds an Intl formatter per call, which is too slow for millions of instants. A zone changes its offset at
// most once a day, so a day whose two ends share an offset is cached whole, and only the days the clocks
// change are read hour by hour (European zones change on whole UTC hours).
const zoneFormatters = new Map<string, Intl.DateTimeFormat>()
const zoneDays = new Map<string, Map<number, number>>()
const zoneHours = new Map<string, Map<number, number>>()
const readOffsetMs = (zone: string, hour: number): number => {
  let formatter = zoneFormatters.get(zone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    zoneFormatters.set(zone, formatter)
  }
  const parts = formatter.formatToParts(new Date(hour * 3_600_000))
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? '0')
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return wall - hour * 3_600_000
}
const cachedIn = (maps: Map<string, Map<number, number>>, zone: string): Map<number, number> => {
  let map = maps.get(zone)
  if (!map) {
    map = new Map()
    maps.set(zone, map)
  }
  return map
}
const zoneOffsetMs = (zone: string, ms: number): number => {
  const day = Math.floor(ms / dayMs)
  const days = cachedIn(zoneDays, zone)
  let offset = days.get(day)
  if (offset === undefined) {
    const first = readOffsetMs(zone, day * 24)
    offset = first === readOffsetMs(zone, day * 24 + 23) ? first : Number.NaN
    days.set(day, offset)
  }
  if (!Number.isNaN(offset)) return offset
  const hour = Math.floor(ms / 3_600_000)
  const hours = cachedIn(zoneHours, zone)
  let exact = hours.get(hour)
  if (exact === undefined) {
    exact = readOffsetMs(zone, hour)
    hours.set(hour, exact)
  }
  return exact
}
const zonedToUtc = (date: string, time: string, zone: string): number => {
  const wall = Date.parse(`${date}T${time}:00Z`)
  const firstGuess = wall - zoneOffsetMs(zone, wall)
  return wall - zoneOffsetMs(zone, firstGuess)
}
const localDate = (ms: number, zone: string) => isoDay(ms + zoneOffsetMs(zone, ms))

// ---------------------------------------------------------------------------------------------------------
// COPY over the pg connection. pg has no COPY of its own (pg-copy-streams is not a dependency), but its
// documented Submittable hook hands us the connection once the query is sent; the frames are the protocol's
// CopyData ('d') and CopyDone ('c').

type Cell = string | number | boolean | null

const needsEscape = /[\\\n\r\t]/
const escapes = /[\\\n\r\t]/g
const escaped: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }
const copyText = (cell: Cell): string => {
  if (cell === null) return '\\N'
  if (typeof cell === 'boolean') return cell ? 't' : 'f'
  if (typeof cell === 'number') return String(cell)
  return needsEscape.test(cell) ? cell.replace(escapes, (c) => escaped[c] ?? c) : cell
}

/** Rows of one table in COPY text format, kept in pieces of about a megabyte. */
class Rows {
  readonly table: string
  readonly columns: ReadonlyArray<string>
  count = 0
  private pieces: Array<string> = []
  private current = ''

  constructor(table: string, columns: ReadonlyArray<string>) {
    this.table = table
    this.columns = columns
  }

  add(cells: ReadonlyArray<Cell>): void {
    if (cells.length !== this.columns.length)
      throw new Error(`world: ${this.table} row has ${cells.length} cells for ${this.columns.length} columns`)
    this.current += `${cells.map(copyText).join('\t')}\n`
    this.count++
    if (this.current.length > 1 << 20) {
      this.pieces.push(this.current)
      this.current = ''
    }
  }

  /** The pieces written so far; the buffer starts empty again. */
  take(): ReadonlyArray<string> {
    if (this.current.length > 0) this.pieces.push(this.current)
    const pieces = this.pieces
    this.pieces = []
    this.current = ''
    return pieces
  }
}

class CopyIn implements Submittable {
  readonly done: Promise<void>
  private readonly sql: string
  private readonly pieces: ReadonlyArray<string>
  private readonly resolve: () => void
  private readonly reject: (error: Error) => void
  private failed = false

  constructor(sql: string, pieces: ReadonlyArray<string>) {
    this.sql = sql
    this.pieces = pieces
    const { promise, resolve, reject } = Promise.withResolvers<void>()
    this.done = promise
    this.resolve = resolve
    this.reject = reject
  }

  submit(connection: Connection): void {
    connection.query(this.sql)
  }

  handleCopyInResponse(connection: Connection): void {
    void this.send(connection.stream)
  }

  private async send(stream: Duplex): Promise<void> {
    try {
      for (const piece of this.pieces) {
        if (this.failed) return
        const body = Buffer.from(piece, 'utf8')
        const header = Buffer.allocUnsafe(5)
        header[0] = 0x64
        header.writeInt32BE(body.length + 4, 1)
        stream.write(header)
        if (!stream.write(body)) await once(stream, 'drain')
      }
      stream.write(Buffer.from([0x63, 0, 0, 0, 4]))
    } catch (error) {
      this.handleError(error instanceof Error ? error : new Error(String(error)))
    }
  }

  handleError(error: Error): void {
    this.failed = true
    this.reject(error)
  }

  handleReadyForQuery(): void {
    if (!this.failed) this.resolve()
  }

  // The client calls these for other statements' messages; a COPY FROM STDIN gets none of them.
  handleCommandComplete(): void {
    return
  }
  handleRowDescription(): void {
    return
  }
  handleDataRow(): void {
    return
  }
  handleEmptyQuery(): void {
    return
  }
  handlePortalSuspended(): void {
    return
  }
  handleCopyData(): void {
    return
  }
}

const copyRows = async (client: Client, rows: Rows): Promise<void> => {
  const pieces = rows.take()
  if (pieces.length === 0) return
  const copy = new CopyIn(
    `copy "${rows.table}" (${rows.columns.map((c) => `"${c}"`).join(', ')}) from stdin`,
    pieces,
  )
  client.query(copy)
  await copy.done
}

// ---------------------------------------------------------------------------------------------------------
// The countries of the world: where organisers are, what their events speak, cost and name their venues.

interface Country {
  readonly code: string
  /** The organisers' content language (their events' main content). */
  readonly language: ContentLanguage
  /** Which name pool of the demo seed fits the country's players. */
  readonly pool: string
  readonly timeZone: string
  readonly currency: string
  readonly ibanLength: number
  readonly bic: string
  readonly phone: string
  /** Relative number of organisers. */
  readonly weight: number
  readonly federation: string
  readonly clubs: ReadonlyArray<string>
  readonly streets: ReadonlyArray<string>
  /** d: a digit, A: a letter. */
  readonly postcode: string
  /** Extra towns: [name, lat, long, English name]. */
  readonly towns: ReadonlyArray<readonly [string, number, number, string?]>
}

const countries: ReadonlyArray<Country> = [
  {
    code: 'LT',
    language: 'lt',
    pool: 'LT',
    timeZone: 'Europe/Vilnius',
    currency: 'EUR',
    ibanLength: 20,
    bic: 'CBVILT2X',
    phone: '+370',
    weight: 3,
    federation: 'Lietuvos sportinio bridžo sąjunga',
    clubs: ['Bridžo klubas „{town}“', 'Sporto klubas „{town} bridžas“'],
    streets: ['Vilniaus g.', 'Laisvės al.', 'J. Basanavičiaus g.', 'Maironio g.'],
    postcode: 'LT-ddddd',
    towns: [
      ['Panevėžys', 55.7348, 24.3575],
      ['Alytus', 54.3963, 24.0459],
      ['Marijampolė', 54.5593, 23.3541],
      ['Utena', 55.4976, 25.5997],
      ['Trakai', 54.6379, 24.9346],
      ['Birštonas', 54.6056, 24.0326],
    ],
  },
  {
    code: 'LV',
    language: 'en',
    pool: 'LV',
    timeZone: 'Europe/Riga',
    currency: 'EUR',
    ibanLength: 21,
    bic: 'HABALV22',
    phone: '+371',
    weight: 2,
    federation: 'Latvijas Bridža federācija',
    clubs: ['Bridža klubs „{town}“'],
    streets: ['Brīvības iela', 'Rīgas iela', 'Lāčplēša iela'],
    postcode: 'LV-dddd',
    towns: [
      ['Jūrmala', 56.968, 23.7704],
      ['Daugavpils', 55.8714, 26.5161],
      ['Liepāja', 56.5047, 21.0108],
      ['Jelgava', 56.6511, 23.7214],
      ['Ventspils', 57.3894, 21.5606],
    ],
  },
  {
    code: 'EE',
    language: 'et',
    pool: 'EE',
    timeZone: 'Europe/Tallinn',
    currency: 'EUR',
    ibanLength: 20,
    bic: 'HABAEE2X',
    phone: '+372',
    weight: 2,
    federation: 'Eesti Bridžiliit',
    clubs: ['{town} Bridžiklubi', 'Bridžiklubi {town}'],
    streets: ['Tallinna mnt', 'Pikk tn', 'Rüütli tn', 'Pärnu mnt'],
    postcode: 'ddddd',
    towns: [
      ['Narva', 59.3797, 28.1791],
      ['Viljandi', 58.3639, 25.59],
      ['Haapsalu', 58.9431, 23.5414],
      ['Rakvere', 59.3464, 26.3558],
      ['Kuressaare', 58.2481, 22.5039],
    ],
  },
  {
    code: 'PL',
    language: 'pl',
    pool: 'PL',
    timeZone: 'Europe/Warsaw',
    currency: 'PLN',
    ibanLength: 28,
    bic: 'PKOPPLPW',
    phone: '+48',
    weight: 14,
    federation: 'Polski Związek Brydża Sportowego',
    clubs: ['Klub Brydżowy {town}', 'Sekcja Brydżowa {town}', 'KS Brydż {town}'],
    streets: ['ul. Mickiewicza', 'ul. Kościuszki', 'ul. Słowackiego', 'ul. Piłsudskiego', 'ul. Sienkiewicza'],
    postcode: 'dd-ddd',
    towns: [
      ['Warszawa', 52.2297, 21.0122, 'Warsaw'],
      ['Gdańsk', 54.352, 18.6466],
      ['Poznań', 52.4064, 16.9252],
      ['Lublin', 51.2465, 22.5684],
      ['Szczecin', 53.4285, 14.5528],
      ['Katowice', 50.2649, 19.0238],
      ['Białystok', 53.1325, 23.1688],
      ['Toruń', 53.0138, 18.5984],
      ['Olsztyn', 53.7784, 20.4801],
      ['Rzeszów', 50.0412, 21.9991],
      ['Kielce', 50.8661, 20.6286],
      ['Bydgoszcz', 53.1235, 18.0084],
    ],
  },
  {
    code: 'IT',
    language: 'it',
    pool: 'IT',
    timeZone: 'Europe/Rome',
    currency: 'EUR',
    ibanLength: 27,
    bic: 'BCITITMM',
    phone: '+39',
    weight: 12,
    federation: 'Federazione Bridge Italiana',
    clubs: ['Circolo del Bridge di {town}', 'ASD Bridge {town}', 'Bridge Club {town}'],
    streets: ['Via Roma', 'Via Garibaldi', 'Corso Vittorio Emanuele', 'Via Mazzini', 'Piazza Cavour'],
    postcode: 'ddddd',
    towns: [
      ['Torino', 45.0703, 7.6869, 'Turin'],
      ['Firenze', 43.7696, 11.2558, 'Florence'],
      ['Bologna', 44.4949, 11.3426],
      ['Napoli', 40.8518, 14.2681, 'Naples'],
      ['Genova', 44.4056, 8.9463, 'Genoa'],
      ['Verona', 45.4384, 10.9916],
      ['Padova', 45.4064, 11.8768, 'Padua'],
      ['Bari', 41.1171, 16.8719],
      ['Palermo', 38.1157, 13.3615],
      ['Riccione', 43.9993, 12.6563],
      ['Montecatini Terme', 43.8826, 10.7734],
    ],
  },
  {
    code: 'ES',
    language: 'es',
    pool: 'ES',
    timeZone: 'Europe/Madrid',
    currency: 'EUR',
    ibanLength: 24,
    bic: 'CAIXESBB',
    phone: '+34',
    weight: 5,
    federation: 'Federación Española de Bridge',
    clubs: ['Club de Bridge {town}', 'Club Bridge {town}'],
    streets: ['Calle Mayor', 'Avenida de la Constitución', 'Calle Real', 'Paseo del Prado'],
    postcode: 'ddddd',
    towns: [
      ['Sevilla', 37.3891, -5.9845, 'Seville'],
      ['Bilbao', 43.263, -2.935],
      ['Málaga', 36.7213, -4.4214],
      ['Zaragoza', 41.6488, -0.8891],
      ['Alicante', 38.3452, -0.481],
      ['Granada', 37.1773, -3.5986],
      ['Santander', 43.4623, -3.81],
      ['Salamanca', 40.9701, -5.6635],
    ],
  },
  {
    code: 'FR',
    language: 'fr',
    pool: 'FR',
    timeZone: 'Europe/Paris',
    currency: 'EUR',
    ibanLength: 27,
    bic: 'BNPAFRPP',
    phone: '+33',
    weight: 12,
    federation: 'Fédération Française de Bridge Sportif',
    clubs: ['Bridge Club de {town}', 'Cercle de Bridge de {town}'],
    streets: ['Rue de la République', 'Avenue Jean Jaurès', 'Boulevard Victor Hugo', 'Rue Pasteur'],
    postcode: 'ddddd',
    towns: [
      ['Marseille', 43.2965, 5.3698],
      ['Nice', 43.7102, 7.262],
      ['Bordeaux', 44.8378, -0.5792],
      ['Toulouse', 43.6047, 1.4442],
      ['Lille', 50.6292, 3.0573],
      ['Strasbourg', 48.5734, 7.7521],
      ['Nantes', 47.2184, -1.5536],
      ['Montpellier', 43.6108, 3.8767],
      ['Vichy', 46.1277, 3.4253],
      ['Cannes', 43.5528, 7.0174],
    ],
  },
  {
    code: 'DE',
    language: 'de',
    pool: 'DE',
    timeZone: 'Europe/Berlin',
    currency: 'EUR',
    ibanLength: 22,
    bic: 'COBADEFF',
    phone: '+49',
    weight: 8,
    federation: 'Deutscher Bridge-Verband',
    clubs: ['Bridgeclub {town}', 'Bridge-Club {town} e.V.', 'BC {town}'],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Goethestraße'],
    postcode: 'ddddd',
    towns: [
      ['Hamburg', 53.5511, 9.9937],
      ['München', 48.1351, 11.582, 'Munich'],
      ['Köln', 50.9375, 6.9603, 'Cologne'],
      ['Frankfurt am Main', 50.1109, 8.6821, 'Frankfurt'],
      ['Bonn', 50.7374, 7.0982],
      ['Düsseldorf', 51.2277, 6.7735],
      ['Leipzig', 51.3397, 12.3731],
      ['Dresden', 51.0504, 13.7373],
      ['Wiesbaden', 50.0782, 8.2398],
      ['Bad Nauheim', 50.3647, 8.7386],
    ],
  },
  {
    code: 'NL',
    language: 'en',
    pool: 'NL',
    timeZone: 'Europe/Amsterdam',
    currency: 'EUR',
    ibanLength: 18,
    bic: 'INGBNL2A',
    phone: '+31',
    weight: 8,
    federation: 'Nederlandse Bridge Bond',
    clubs: ['Bridgeclub {town}', 'BC {town}'],
    streets: ['Kerkstraat', 'Dorpsstraat', 'Stationsweg', 'Molenstraat'],
    postcode: 'dddd AA',
    towns: [
      ['Rotterdam', 51.9244, 4.4777],
      ['Den Haag', 52.0705, 4.3007, 'The Hague'],
      ['Utrecht', 52.0907, 5.1214],
      ['Eindhoven', 51.4416, 5.4697],
      ['Groningen', 53.2194, 6.5665],
      ['Maastricht', 50.8514, 5.691],
      ['Veldhoven', 51.4185, 5.4028],
    ],
  },
  {
    code: 'TR',
    language: 'tr',
    pool: 'TR',
    timeZone: 'Europe/Istanbul',
    currency: 'TRY',
    ibanLength: 26,
    bic: 'TCZBTR2A',
    phone: '+90',
    weight: 5,
    federation: 'Türkiye Briç Federasyonu',
    clubs: ['{town} Briç Kulübü', '{town} Briç Derneği'],
    streets: ['Atatürk Caddesi', 'Cumhuriyet Caddesi', 'İnönü Caddesi', 'Gazi Bulvarı'],
    postcode: 'ddddd',
    towns: [
      ['Ankara', 39.9334, 32.8597],
      ['Bursa', 40.1885, 29.061],
      ['Bodrum', 37.0344, 27.4305],
      ['Eskişehir', 39.7767, 30.5206],
      ['Çeşme', 38.3236, 26.3029],
      ['Trabzon', 41.0015, 39.7178],
    ],
  },
  {
    code: 'GB',
    language: 'en',
    pool: 'GB',
    timeZone: 'Europe/London',
    currency: 'GBP',
    ibanLength: 22,
    bic: 'NWBKGB2L',
    phone: '+44',
    weight: 8,
    federation: 'English Bridge Union',
    clubs: ['{town} Bridge Club', '{town} Duplicate Bridge Club'],
    streets: ['High Street', 'Station Road', 'Church Street', 'Victoria Road'],
    postcode: 'AAd dAA',
    towns: [
      ['Manchester', 53.4808, -2.2426],
      ['Birmingham', 52.4862, -1.8904],
      ['Bristol', 51.4545, -2.5879],
      ['Oxford', 51.752, -1.2577],
      ['Cambridge', 52.2053, 0.1218],
      ['Brighton', 50.8225, -0.1372],
      ['Harrogate', 53.9921, -1.5418],
      ['Eastbourne', 50.768, 0.2905],
      ['Leeds', 53.8008, -1.5491],
      ['Glasgow', 55.8642, -4.2518],
      ['Cardiff', 51.4816, -3.1791],
    ],
  },
  {
    code: 'SE',
    language: 'en',
    pool: 'SE',
    timeZone: 'Europe/Stockholm',
    currency: 'SEK',
    ibanLength: 24,
    bic: 'ESSESESS',
    phone: '+46',
    weight: 5,
    federation: 'Svenska Bridgeförbundet',
    clubs: ['{town} Bridgesällskap', 'BK {town}'],
    streets: ['Storgatan', 'Kungsgatan', 'Drottninggatan'],
    postcode: 'ddd dd',
    towns: [
      ['Göteborg', 57.7089, 11.9746, 'Gothenburg'],
      ['Malmö', 55.605, 13.0038],
      ['Uppsala', 59.8586, 17.6389],
      ['Örebro', 59.2753, 15.2134],
      ['Linköping', 58.4108, 15.6214],
      ['Västerås', 59.6099, 16.5448],
    ],
  },
  {
    code: 'NO',
    language: 'en',
    pool: 'NO',
    timeZone: 'Europe/Oslo',
    currency: 'NOK',
    ibanLength: 15,
    bic: 'DNBANOKK',
    phone: '+47',
    weight: 4,
    federation: 'Norsk Bridgeforbund',
    clubs: ['{town} Bridgeklubb', 'BK {town}'],
    streets: ['Storgata', 'Kirkegata', 'Kongens gate'],
    postcode: 'dddd',
    towns: [
      ['Bergen', 60.3913, 5.3221],
      ['Trondheim', 63.4305, 10.3951],
      ['Stavanger', 58.97, 5.7331],
      ['Kristiansand', 58.1599, 8.0182],
      ['Lillehammer', 61.1153, 10.4662],
    ],
  },
  {
    code: 'DK',
    language: 'en',
    pool: 'DK',
    timeZone: 'Europe/Copenhagen',
    currency: 'DKK',
    ibanLength: 18,
    bic: 'DABADKKK',
    phone: '+45',
    weight: 5,
    federation: 'Danmarks Bridgeforbund',
    clubs: ['{town} Bridgeklub', 'BK {town}'],
    streets: ['Vestergade', 'Østergade', 'Algade', 'Nørregade'],
    postcode: 'dddd',
    towns: [
      ['Aarhus', 56.1629, 10.2039],
      ['Odense', 55.4038, 10.4024],
      ['Aalborg', 57.048, 9.9187],
      ['Esbjerg', 55.4765, 8.4594],
      ['Vejle', 55.7113, 9.5364],
    ],
  },
  {
    code: 'AT',
    language: 'de',
    pool: 'DE',
    timeZone: 'Europe/Vienna',
    currency: 'EUR',
    ibanLength: 20,
    bic: 'BKAUATWW',
    phone: '+43',
    weight: 3,
    federation: 'Österreichischer Bridgesportverband',
    clubs: ['Bridgeclub {town}', 'BC {town}'],
    streets: ['Hauptplatz', 'Bahnhofstraße', 'Ringstraße'],
    postcode: 'dddd',
    towns: [
      ['Wien', 48.2082, 16.3738, 'Vienna'],
      ['Graz', 47.0707, 15.4395],
      ['Linz', 48.3069, 14.2858],
      ['Salzburg', 47.8095, 13.055],
      ['Innsbruck', 47.2692, 11.4041],
      ['Bad Ischl', 47.7115, 13.6193],
    ],
  },
  {
    code: 'CH',
    language: 'de',
    pool: 'DE',
    timeZone: 'Europe/Zurich',
    currency: 'CHF',
    ibanLength: 21,
    bic: 'UBSWCHZH',
    phone: '+41',
    weight: 3,
    federation: 'Schweizer Bridgeverband',
    clubs: ['Bridgeclub {town}', 'Bridge Club {town}'],
    streets: ['Bahnhofstrasse', 'Hauptstrasse', 'Seestrasse'],
    postcode: 'dddd',
    towns: [
      ['Zürich', 47.3769, 8.5417, 'Zurich'],
      ['Genève', 46.2044, 6.1432, 'Geneva'],
      ['Basel', 47.5596, 7.5886],
      ['Bern', 46.948, 7.4474],
      ['Lausanne', 46.5197, 6.6323],
      ['Lugano', 46.0037, 8.9511],
    ],
  },
  {
    code: 'BE',
    language: 'fr',
    pool: 'FR',
    timeZone: 'Europe/Brussels',
    currency: 'EUR',
    ibanLength: 16,
    bic: 'GEBABEBB',
    phone: '+32',
    weight: 4,
    federation: 'Fédération Royale Belge de Bridge',
    clubs: ['Bridge Club de {town}', 'Royal Bridge Club {town}'],
    streets: ['Rue Royale', 'Avenue Louise', 'Rue Neuve'],
    postcode: 'dddd',
    towns: [
      ['Bruxelles', 50.8503, 4.3517, 'Brussels'],
      ['Liège', 50.6326, 5.5797],
      ['Namur', 50.4674, 4.872],
      ['Antwerpen', 51.2194, 4.4025, 'Antwerp'],
      ['Gent', 51.0543, 3.7174, 'Ghent'],
      ['Knokke-Heist', 51.35, 3.2667],
    ],
  },
  {
    code: 'PT',
    language: 'en',
    pool: 'ES',
    timeZone: 'Europe/Lisbon',
    currency: 'EUR',
    ibanLength: 25,
    bic: 'CGDIPTPL',
    phone: '+351',
    weight: 2,
    federation: 'Federação Portuguesa de Bridge',
    clubs: ['Clube de Bridge de {town}'],
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua de Santa Catarina'],
    postcode: 'dddd-ddd',
    towns: [
      ['Lisboa', 38.7223, -9.1393, 'Lisbon'],
      ['Porto', 41.1579, -8.6291],
      ['Coimbra', 40.2033, -8.4103],
      ['Faro', 37.0194, -7.9322],
      ['Cascais', 38.6979, -9.4215],
    ],
  },
  {
    code: 'IE',
    language: 'en',
    pool: 'GB',
    timeZone: 'Europe/Dublin',
    currency: 'EUR',
    ibanLength: 22,
    bic: 'AIBKIE2D',
    phone: '+353',
    weight: 3,
    federation: 'Contract Bridge Association of Ireland',
    clubs: ['{town} Bridge Club'],
    streets: ['Main Street', "O'Connell Street", 'Church Road'],
    postcode: 'Add dAdd',
    towns: [
      ['Dublin', 53.3498, -6.2603],
      ['Cork', 51.8985, -8.4756],
      ['Galway', 53.2707, -9.0568],
      ['Limerick', 52.6638, -8.6267],
      ['Killarney', 52.0599, -9.5044],
    ],
  },
  {
    code: 'FI',
    language: 'en',
    pool: 'SE',
    timeZone: 'Europe/Helsinki',
    currency: 'EUR',
    ibanLength: 18,
    bic: 'NDEAFIHH',
    phone: '+358',
    weight: 2,
    federation: 'Suomen Bridgeliitto',
    clubs: ['{town} Bridgekerho', 'Bridgeklubi {town}'],
    streets: ['Mannerheimintie', 'Hämeenkatu', 'Kauppakatu'],
    postcode: 'ddddd',
    towns: [
      ['Helsinki', 60.1699, 24.9384],
      ['Tampere', 61.4978, 23.761],
      ['Turku', 60.4518, 22.2666],
      ['Oulu', 65.0121, 25.4651],
      ['Espoo', 60.2055, 24.6559],
    ],
  },
]

const pattern = (rng: Rng, shape: string) =>
  [...shape]
    .map((c) =>
      c === 'd' ? String(rng.int(0, 9)) : c === 'A' ? String.fromCharCode(65 + rng.int(0, 25)) : c,
    )
    .join('')

/** Every town of a country: the demo seed's cities (with their venues and hotels), then generated ones. */
function townsOf(country: Country): ReadonlyArray<City> {
  const rng = createRng(seedOf(7, country.code.charCodeAt(0), country.code.charCodeAt(1)))
  const known: Array<City> = Object.values(cities).filter((c) => c.country === country.code)
  const street = () => {
    const name = rng.pick(country.streets)
    const number = rng.int(1, 120)
    return country.code === 'GB' || country.code === 'IE' ? `${number} ${name}` : `${name} ${number}`
  }
  const generated = country.towns.map(([name, lat, long, nameEn]): City => {
    const club: Venue = {
      name: fill(rng.pick(country.clubs), { town: name }),
      street: street(),
      postcode: pattern(rng, country.postcode),
    }
    const hall: Venue = {
      name: `Hotel ${rng.pick(['Grand', 'Park', 'Central', 'Europa', 'Plaza', 'Royal'])} ${name}`,
      street: street(),
      postcode: pattern(rng, country.postcode),
    }
    return { name, nameEn: nameEn ?? name, country: country.code, lat, long, venues: [club, hall] }
  })
  return [...known, ...generated]
}

/** A numeric-BBAN IBAN of the country's registered length with valid check digits (demo accounts). */
function ibanFor(country: Country, account: number): string {
  const bban = `${70440 + (account % 9000)}${String(account).padStart(country.ibanLength - 9, '0')}`.slice(
    0,
    country.ibanLength - 4,
  )
  const check = 98 - mod97(`${bban}${country.code}00`)
  const iban = `${country.code}${pad2(check)}${bban}`
  if (!isValidIban(iban)) throw new Error(`world: generated an invalid IBAN ${iban}`)
  return iban
}

// ---------------------------------------------------------------------------------------------------------
// Words

type Localised = Readonly<Record<ContentLanguage, string>>

const pageWords: Readonly<Record<ContentLanguage, ReadonlyArray<string>>> = {
  en: ['Youth', 'League', 'Bridge School', 'Seniors', 'Results', 'Club Nights'],
  it: ['Giovanili', 'Campionati a squadre', 'Scuola Bridge', 'Seniores', 'Risultati', 'Tornei serali'],
  lt: ['Jaunimas', 'Lyga', 'Bridžo mokykla', 'Senjorai', 'Rezultatai', 'Klubo vakarai'],
  pl: ['Młodzież', 'Liga', 'Szkółka brydżowa', 'Seniorzy', 'Wyniki', 'Turnieje klubowe'],
  ru: ['Молодёжь', 'Лига', 'Школа бриджа', 'Ветераны', 'Результаты', 'Клубные вечера'],
  es: ['Juveniles', 'Liga', 'Escuela de Bridge', 'Seniors', 'Resultados', 'Torneos del club'],
  fr: ['Jeunes', 'Ligue', 'École de bridge', 'Seniors', 'Résultats', 'Tournois du club'],
  de: ['Jugend', 'Liga', 'Bridgeschule', 'Senioren', 'Ergebnisse', 'Clubabende'],
  tr: ['Gençler', 'Lig', 'Briç Okulu', 'Büyükler', 'Sonuçlar', 'Kulüp Akşamları'],
  et: ['Noored', 'Liiga', 'Bridžikool', 'Seeniorid', 'Tulemused', 'Klubiõhtud'],
}

const pageDescriptions: Localised = {
  en: '{name}: tournaments, results and news of the bridge community in {town}.',
  it: '{name}: tornei, risultati e notizie del bridge a {town}.',
  lt: '{name}: turnyrai, rezultatai ir bridžo naujienos – {town}.',
  pl: '{name}: turnieje, wyniki i aktualności brydżowe – {town}.',
  ru: '{name}: турниры, результаты и новости бриджа – {town}.',
  es: '{name}: torneos, resultados y noticias del bridge en {town}.',
  fr: '{name} : tournois, résultats et actualités du bridge à {town}.',
  de: '{name}: Turniere, Ergebnisse und Neuigkeiten rund um Bridge in {town}.',
  tr: '{name}: {town} briç turnuvaları, sonuçlar ve haberler.',
  et: '{name}: turniirid, tulemused ja bridžiuudised – {town}.',
}

const stateMessages: Readonly<Record<'postponed' | 'canceled', Localised>> = {
  postponed: {
    en: 'The event is postponed; new dates will be announced soon.',
    it: 'L’evento è rinviato; le nuove date saranno comunicate a breve.',
    lt: 'Renginys atidėtas; naujos datos bus paskelbtos netrukus.',
    pl: 'Wydarzenie zostało przełożone; nowy termin podamy wkrótce.',
    ru: 'Мероприятие перенесено; новые даты будут объявлены позже.',
    es: 'El evento se aplaza; pronto anunciaremos las nuevas fechas.',
    fr: 'L’événement est reporté ; les nouvelles dates seront annoncées prochainement.',
    de: 'Die Veranstaltung wird verschoben; neue Termine folgen in Kürze.',
    tr: 'Etkinlik ertelendi; yeni tarihler yakında duyurulacak.',
    et: 'Üritus lükkub edasi; uued kuupäevad teatame peagi.',
  },
  canceled: {
    en: 'The event is canceled. Entry fees will be refunded.',
    it: 'L’evento è annullato. Le quote di iscrizione saranno rimborsate.',
    lt: 'Renginys atšauktas. Dalyvio mokesčiai bus grąžinti.',
    pl: 'Wydarzenie zostało odwołane. Wpisowe zostanie zwrócone.',
    ru: 'Мероприятие отменено. Взносы будут возвращены.',
    es: 'El evento se cancela. Se devolverán las inscripciones.',
    fr: 'L’événement est annulé. Les droits d’inscription seront remboursés.',
    de: 'Die Veranstaltung ist abgesagt. Startgelder werden erstattet.',
    tr: 'Etkinlik iptal edildi. Katılım ücretleri iade edilecek.',
    et: 'Üritus on tühistatud. Osavõtutasud makstakse tagasi.',
  },
}

// ---------------------------------------------------------------------------------------------------------
// Event kinds: what a calendar is made of. Shares are of events; with these tournament counts an event has
// four tournaments on average.

type KindKey =
  | 'clubNight'
  | 'grandPrix'
  | 'online'
  | 'cup'
  | 'weekend'
  | 'memorial'
  | 'championship'
  | 'teams'
  | 'festival'
  | 'league'
  | 'youth'

type Role = 'federation' | 'club' | 'individual'
type Cadence = 'annual' | 'monthly' | 'weekly' | 'rounds'

interface EventKind {
  readonly share: number
  readonly roles: Readonly<Record<Role, number>>
  /** Weights of event types local 1, national 2, international 3, world class 4. */
  readonly types: readonly [number, number, number, number]
  readonly days: readonly [number, number]
  readonly tournaments: readonly [number, number]
  readonly pool: readonly [TournamentKindKey, ...Array<TournamentKindKey>]
  readonly cadence: Cadence
  /** Days between registration opening and the tournament. */
  readonly lead: readonly [number, number]
  /** Weekdays the event starts on (0 Sunday). */
  readonly weekdays: ReadonlyArray<number>
  /** Month weights for yearly events. */
  readonly months?: ReadonlyArray<number>
  readonly description: DescriptionKind
  readonly names: Localised
  readonly online?: boolean
  readonly season?: boolean
  readonly youth?: boolean
  /** Evening events close registration two hours before the start, on the day. */
  readonly evening?: boolean
}

const summer = [1, 1, 2, 3, 5, 7, 9, 9, 6, 4, 2, 2]
const spring = [4, 5, 6, 6, 5, 3, 1, 1, 4, 6, 6, 4]
const even = [3, 4, 5, 5, 5, 4, 3, 3, 5, 5, 5, 3]

const kinds: Readonly<Record<KindKey, EventKind>> = {
  clubNight: {
    share: 22,
    roles: { federation: 0, club: 10, individual: 1 },
    types: [1, 0, 0, 0],
    days: [1, 1],
    tournaments: [1, 3],
    pool: ['openPairs', 'impPairs', 'individual', 'mixedPairs'],
    cadence: 'monthly',
    lead: [5, 14],
    weekdays: [],
    description: 'club',
    evening: true,
    names: {
      en: '{town} Club Tournament No. {n}',
      it: 'Torneo del Circolo {town} n. {n}',
      lt: 'Klubo turnyras „{town}“ Nr. {n}',
      pl: 'Turniej klubowy {town} nr {n}',
      ru: 'Клубный турнир «{town}» № {n}',
      es: 'Torneo del Club {town} n.º {n}',
      fr: 'Tournoi du club de {town} n° {n}',
      de: 'Clubturnier {town} Nr. {n}',
      tr: '{town} Kulüp Turnuvası No. {n}',
      et: '{town} klubiturniir nr {n}',
    },
  },
  grandPrix: {
    share: 8,
    roles: { federation: 2, club: 8, individual: 1 },
    types: [8, 2, 0, 0],
    days: [1, 1],
    tournaments: [1, 3],
    pool: ['openPairs', 'impPairs', 'mixedPairs'],
    cadence: 'rounds',
    lead: [10, 30],
    weekdays: [0, 3, 6],
    description: 'club',
    names: {
      en: '{town} Grand Prix {year}, Round {n}',
      it: 'Grand Prix {town} {year}, tappa {n}',
      lt: 'Didysis prizas „{town}“ {year}, {n} etapas',
      pl: 'Grand Prix {town} {year}, turniej {n}',
      ru: 'Гран-при «{town}» {year}, этап {n}',
      es: 'Gran Premio {town} {year}, prueba {n}',
      fr: 'Grand Prix de {town} {year}, étape {n}',
      de: 'Grand Prix {town} {year}, Runde {n}',
      tr: '{town} Grand Prix {year}, {n}. ayak',
      et: '{town} Grand Prix {year}, {n}. etapp',
    },
  },
  online: {
    share: 10,
    roles: { federation: 2, club: 6, individual: 4 },
    types: [7, 2, 1, 0],
    days: [1, 1],
    tournaments: [1, 3],
    pool: ['openPairs', 'impPairs', 'individual', 'bam'],
    cadence: 'weekly',
    lead: [3, 10],
    weekdays: [1, 2, 3, 4],
    description: 'online',
    online: true,
    evening: true,
    names: {
      en: '{town} Online Pairs No. {n}',
      it: 'Torneo online {town} n. {n}',
      lt: 'Internetinis turnyras „{town}“ Nr. {n}',
      pl: 'Turniej internetowy {town} nr {n}',
      ru: 'Онлайн-турнир «{town}» № {n}',
      es: 'Torneo online {town} n.º {n}',
      fr: 'Tournoi en ligne de {town} n° {n}',
      de: 'Online-Turnier {town} Nr. {n}',
      tr: '{town} Çevrimiçi Turnuva No. {n}',
      et: '{town} internetiturniir nr {n}',
    },
  },
  cup: {
    share: 10,
    roles: { federation: 2, club: 6, individual: 2 },
    types: [50, 35, 15, 0],
    days: [1, 2],
    tournaments: [3, 6],
    pool: ['openPairs', 'swissTeams', 'mixedPairs', 'patton', 'impPairs'],
    cadence: 'annual',
    lead: [30, 60],
    weekdays: [6],
    months: even,
    description: 'festival',
    names: {
      en: '{town} Bridge Cup {year}',
      it: 'Coppa {town} di Bridge {year}',
      lt: 'Bridžo taurė „{town}“ {year}',
      pl: 'Puchar {town} w Brydżu {year}',
      ru: 'Кубок «{town}» по бриджу {year}',
      es: 'Copa {town} de Bridge {year}',
      fr: 'Coupe de Bridge de {town} {year}',
      de: 'Bridgepokal {town} {year}',
      tr: '{town} Briç Kupası {year}',
      et: '{town} bridžikarikas {year}',
    },
  },
  weekend: {
    share: 14,
    roles: { federation: 1, club: 6, individual: 3 },
    types: [40, 40, 20, 0],
    days: [2, 3],
    tournaments: [4, 7],
    pool: ['openPairs', 'mixedPairs', 'swissTeams', 'impPairs', 'patton', 'bam', 'individual'],
    cadence: 'annual',
    lead: [30, 60],
    weekdays: [5, 6],
    months: even,
    description: 'festival',
    names: {
      en: '{town} Bridge Weekend {year}',
      it: 'Weekend di Bridge a {town} {year}',
      lt: 'Bridžo savaitgalis „{town}“ {year}',
      pl: 'Brydżowy Weekend {town} {year}',
      ru: 'Бридж-уикенд «{town}» {year}',
      es: 'Fin de Semana de Bridge en {town} {year}',
      fr: 'Week-end de Bridge à {town} {year}',
      de: 'Bridgewochenende {town} {year}',
      tr: '{town} Briç Hafta Sonu {year}',
      et: '{town} bridžinädalavahetus {year}',
    },
  },
  memorial: {
    share: 7,
    roles: { federation: 2, club: 8, individual: 1 },
    types: [50, 35, 15, 0],
    days: [1, 2],
    tournaments: [2, 4],
    pool: ['openPairs', 'impPairs', 'swissTeams', 'individual'],
    cadence: 'annual',
    lead: [20, 45],
    weekdays: [0, 6],
    months: even,
    description: 'championship',
    names: {
      en: '{person} Memorial {year}',
      it: 'Memorial {person} {year}',
      lt: '{person} memorialas {year}',
      pl: 'Memoriał {person} {year}',
      ru: 'Мемориал {person} {year}',
      es: 'Memorial {person} {year}',
      fr: 'Mémorial {person} {year}',
      de: '{person}-Gedächtnisturnier {year}',
      tr: '{person} Anma Turnuvası {year}',
      et: '{person} mälestusturniir {year}',
    },
  },
  championship: {
    share: 10,
    roles: { federation: 10, club: 1, individual: 0 },
    types: [0, 80, 20, 0],
    days: [2, 3],
    tournaments: [3, 7],
    pool: ['openPairs', 'mixedPairs', 'seniorPairs', 'impPairs', 'swissTeams', 'individual'],
    cadence: 'annual',
    lead: [30, 60],
    weekdays: [6],
    months: spring,
    description: 'championship',
    names: {
      en: '{town} Open Pairs Championship {year}',
      it: 'Campionato a Coppie di {town} {year}',
      lt: '„{town}“ porų čempionatas {year}',
      pl: 'Mistrzostwa Par {town} {year}',
      ru: 'Парный чемпионат «{town}» {year}',
      es: 'Campeonato de Parejas de {town} {year}',
      fr: 'Championnat par Paires de {town} {year}',
      de: 'Paarmeisterschaft {town} {year}',
      tr: '{town} Çiftler Şampiyonası {year}',
      et: '{town} paarismängu meistrivõistlused {year}',
    },
  },
  teams: {
    share: 4,
    roles: { federation: 8, club: 2, individual: 0 },
    types: [0, 85, 15, 0],
    days: [2, 4],
    tournaments: [1, 3],
    pool: ['swissTeams', 'koTeams', 'patton', 'bam'],
    cadence: 'annual',
    lead: [30, 60],
    weekdays: [5, 6],
    months: spring,
    description: 'championship',
    names: {
      en: '{town} Teams Championship {year}',
      it: 'Campionato a Squadre di {town} {year}',
      lt: '„{town}“ komandinis čempionatas {year}',
      pl: 'Mistrzostwa Drużynowe {town} {year}',
      ru: 'Командный чемпионат «{town}» {year}',
      es: 'Campeonato de Equipos de {town} {year}',
      fr: 'Championnat par Quatre de {town} {year}',
      de: 'Teammeisterschaft {town} {year}',
      tr: '{town} Takımlar Şampiyonası {year}',
      et: '{town} võistkondlikud meistrivõistlused {year}',
    },
  },
  festival: {
    share: 12,
    roles: { federation: 5, club: 4, individual: 2 },
    types: [0, 35, 55, 10],
    days: [5, 9],
    tournaments: [9, 15],
    pool: [
      'openPairs',
      'mixedPairs',
      'swissTeams',
      'impPairs',
      'seniorPairs',
      'patton',
      'bam',
      'individual',
      'koTeams',
      'youthPairs',
    ],
    cadence: 'annual',
    lead: [60, 120],
    weekdays: [1, 5, 6],
    months: summer,
    description: 'festival',
    names: {
      en: '{town} International Bridge Festival {year}',
      it: 'Festival Internazionale di Bridge di {town} {year}',
      lt: 'Tarptautinis bridžo festivalis „{town}“ {year}',
      pl: 'Międzynarodowy Festiwal Brydżowy {town} {year}',
      ru: 'Международный фестиваль бриджа «{town}» {year}',
      es: 'Festival Internacional de Bridge de {town} {year}',
      fr: 'Festival International de Bridge de {town} {year}',
      de: 'Internationales Bridgefestival {town} {year}',
      tr: 'Uluslararası {town} Briç Festivali {year}',
      et: 'Rahvusvaheline {town} bridžifestival {year}',
    },
  },
  league: {
    share: 2,
    roles: { federation: 8, club: 2, individual: 0 },
    types: [0, 1, 0, 0],
    days: [120, 200],
    tournaments: [1, 3],
    pool: ['koTeams', 'swissTeams', 'patton'],
    cadence: 'annual',
    lead: [30, 60],
    weekdays: [5],
    months: [0, 0, 0, 0, 0, 0, 0, 0, 3, 6, 2, 0],
    description: 'championship',
    season: true,
    names: {
      en: '{town} Teams League {season}',
      it: 'Campionato a Squadre {town} {season}',
      lt: 'Komandinė lyga „{town}“ {season}',
      pl: 'Liga Drużynowa {town} {season}',
      ru: 'Командная лига «{town}» {season}',
      es: 'Liga de Equipos {town} {season}',
      fr: 'Ligue par Quatre de {town} {season}',
      de: 'Teamliga {town} {season}',
      tr: '{town} Takımlar Ligi {season}',
      et: '{town} võistkondlik liiga {season}',
    },
  },
  youth: {
    share: 1,
    roles: { federation: 10, club: 1, individual: 0 },
    types: [0, 50, 40, 10],
    days: [3, 6],
    tournaments: [1, 3],
    pool: ['youthPairs', 'swissTeams', 'individual'],
    cadence: 'annual',
    lead: [45, 90],
    weekdays: [1, 6],
    months: summer,
    description: 'festival',
    youth: true,
    names: {
      en: '{town} Youth Bridge Camp {year}',
      it: 'Campus Giovanile di Bridge {town} {year}',
      lt: 'Jaunimo bridžo stovykla „{town}“ {year}',
      pl: 'Młodzieżowy Obóz Brydżowy {town} {year}',
      ru: 'Молодёжный бридж-лагерь «{town}» {year}',
      es: 'Campus Juvenil de Bridge {town} {year}',
      fr: 'Stage Jeunes de Bridge de {town} {year}',
      de: 'Jugend-Bridgecamp {town} {year}',
      tr: '{town} Gençler Briç Kampı {year}',
      et: '{town} noorte bridžilaager {year}',
    },
  },
}
const kindKeys: ReadonlyArray<KindKey> = [
  'clubNight',
  'grandPrix',
  'online',
  'cup',
  'weekend',
  'memorial',
  'championship',
  'teams',
  'festival',
  'league',
  'youth',
]

type Platform = { readonly name: string; readonly short: string; readonly url: (alias: string) => string }
const platforms: ReadonlyArray<Platform> = [
  { name: 'RealBridge', short: 'RealBridge', url: (alias) => `https://realbridge.online/events/${alias}` },
  {
    name: 'BBO – Bridge Base Online',
    short: 'BBO',
    url: (alias) => `https://www.bridgebase.com/v3/?t=${alias}`,
  },
]

// Which other languages an organiser of each language adds for visitors.
const neighbours: Readonly<Record<ContentLanguage, ReadonlyArray<ContentLanguage>>> = {
  en: ['de', 'fr'],
  it: ['fr', 'de'],
  lt: ['ru', 'pl'],
  pl: ['lt', 'de'],
  ru: ['lt', 'et'],
  es: ['fr', 'it'],
  fr: ['it', 'es'],
  de: ['fr', 'pl'],
  tr: ['ru', 'de'],
  et: ['ru', 'lt'],
}

const resultsBase = 'https://results.kibitz.example'

// ---------------------------------------------------------------------------------------------------------
// Plans

interface Organiser {
  readonly id: number
  readonly userId: number
  readonly index: number
  readonly role: Role
  readonly status: number
  readonly type: number
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly country: Country
  readonly towns: ReadonlyArray<City>
  readonly town: City
  readonly language: ContentLanguage
  readonly contact: Person
  readonly websiteUrl: string | null
  readonly iban: string | null
  /** Relative share of the role's events. */
  readonly activity: number
  /** The weekday of its club nights. */
  readonly clubDay: number
  createdAt: number
}

interface Content {
  readonly language: ContentLanguage
  readonly name: string
  readonly alias: string
  readonly description: string | null
}

interface Slot {
  readonly date: string
  readonly from: number
  readonly to: number
}

interface TournamentPlan {
  readonly kind: TournamentKind
  readonly alias: string
  readonly startDate: string
  readonly endDate: string
  readonly startTime: string
  readonly endTime: string
  readonly slots: ReadonlyArray<Slot>
  /** Null: open as soon as the event is public. */
  readonly registrationStartAt: number | null
  readonly registrationEndAt: number
  readonly startAt: number
  readonly hasRegistration: boolean
  readonly enabled: boolean
  readonly salesStart: string | null
  readonly salesEnd: string
  /** Relative size of the field that registers here; 0 when nobody can. */
  readonly weight: number
  entries: number
}

type EventState = 'pending' | 'accepted' | 'postponed' | 'canceled' | 'draft' | 'postponedToDraft'

interface EventPlan {
  readonly seed: number
  readonly organiser: Organiser
  readonly kind: EventKind
  readonly type: number
  readonly state: EventState
  readonly town: City
  readonly platform: Platform | null
  readonly dateStart: string
  readonly dateEnd: string
  readonly days: number
  readonly editionYear: number
  readonly editionSeason: string | null
  readonly alias: string
  readonly contents: ReadonlyArray<Content>
  readonly createdAt: number
  readonly updatedAt: number
  readonly bank: boolean
  readonly tournaments: ReadonlyArray<TournamentPlan>
  id: number
}

const publicStates: ReadonlySet<EventState> = new Set(['accepted', 'postponed', 'canceled'])

/** Seasons run from August to July, as most federations count them. */
const seasonOf = (date: string) => {
  const year = Number(date.slice(0, 4))
  return Number(date.slice(5, 7)) >= 8 ? `${year}/${year + 1}` : `${year - 1}/${year}`
}

interface Clock {
  readonly now: number
  readonly windowStart: number
  readonly windowEnd: number
}

function planOrganisers(
  rng: Rng,
  count: number,
  ids: { user: number; organiser: number },
  taken: Set<string>,
  clock: Clock,
) {
  const federations = new Set<string>()
  const list: Array<Organiser> = []
  const townsByCountry = new Map(countries.map((c) => [c.code, townsOf(c)]))
  for (let i = 0; i < count; i++) {
    const country = rng.weighted(
      countries,
      countries.map((c) => c.weight),
    )
    const towns = townsByCountry.get(country.code) ?? []
    const town = rng.pick(towns)
    const role: Role = !federations.has(country.code)
      ? 'federation'
      : rng.chance(0.75)
        ? 'club'
        : 'individual'
    if (role === 'federation') federations.add(country.code)
    const contact = { ...person(rng, country.pool), countryCode: country.code }
    const name =
      role === 'federation'
        ? country.federation
        : role === 'club'
          ? fill(rng.pick(country.clubs), { town: town.name })
          : `${contact.firstName} ${contact.lastName}`
    const email = freeAlias(`${slugify(name).slice(0, 40)}.${i + 1}@${worldMailDomain}`, taken)
    // Federations run from the first day; the others joined over the years (moved back before their
    // first event once the calendar is planned).
    const createdAt =
      role === 'federation'
        ? clock.windowStart - rng.int(30, 400) * dayMs
        : uniform(rng, clock.windowStart, clock.now - 30 * dayMs)
    const status = role === 'federation' ? 3 : rng.weighted([3, 1, 2], [94, 4, 2])
    list.push({
      id: ids.organiser + i,
      userId: ids.user + i,
      index: i,
      role,
      status,
      type: role === 'individual' ? 1 : 2,
      name,
      email,
      phone: `${country.phone} ${rng.int(100, 999)} ${rng.int(10000, 99999)}`,
      country,
      towns,
      town,
      language: country.language,
      contact,
      websiteUrl:
        role !== 'individual' && rng.chance(0.5)
          ? `https://www.${slugify(name).slice(0, 40).replace(/-+$/, '')}.example`
          : null,
      iban: role !== 'individual' || rng.chance(0.3) ? ibanFor(country, 100_000 + i) : null,
      // A few very busy organisers and a long tail, as in any federation's club list.
      activity: role === 'federation' ? 1 : 0.2 + rng.next() ** 3 * 4,
      clubDay: rng.int(1, 4),
      createdAt: Math.round(createdAt),
    })
  }
  return list
}

interface PagePlan {
  readonly id: number
  readonly organiser: Organiser
  readonly alias: string
  readonly name: string
  readonly shortName: string
  readonly initials: string
  readonly description: string
  readonly visible: boolean
  readonly createdAt: number
}

function planPages(
  rng: Rng,
  count: number,
  firstId: number,
  organisers: ReadonlyArray<Organiser>,
  taken: Set<string>,
) {
  const accepted = organisers.filter((o) => o.status === 3)
  if (accepted.length === 0) return []
  // Every accepted organiser has its own page first; federations and busy clubs get the rest.
  const owners: Array<Organiser> = accepted.slice(0, count)
  while (owners.length < count) {
    owners.push(
      rng.weighted(
        accepted,
        accepted.map((o) => (o.role === 'federation' ? 12 : o.activity)),
      ),
    )
  }
  const seen = new Map<number, number>()
  return owners.map((o, i): PagePlan => {
    const nth = seen.get(o.id) ?? 0
    seen.set(o.id, nth + 1)
    const words = pageWords[o.language]
    const name =
      nth === 0
        ? o.name
        : `${o.name} – ${at(words, (nth - 1) % words.length)}${nth > words.length ? ` ${nth}` : ''}`
    const initials = name
      .split(/\s+/)
      .map((w) => slugify(w).slice(0, 1).toUpperCase())
      .join('')
      .slice(0, 5)
    return {
      id: firstId + i,
      organiser: o,
      alias: freeAlias(slugOf(name, `page-${firstId + i}`), taken),
      name: name.slice(0, 200),
      shortName: name.slice(0, 60),
      initials: initials.length > 0 ? initials : 'BC',
      description: fill(pageDescriptions[o.language], { name, town: cityName(o.town, o.language) }),
      visible: rng.chance(0.96),
      createdAt: o.createdAt + rng.int(1, 60) * dayMs,
    }
  })
}

/** Editions of a series: the days (UTC midnight) its events start on. */
function editionDays(rng: Rng, kind: EventKind, organiser: Organiser, clock: Clock): Array<number> {
  const align = (ms: number, weekdays: ReadonlyArray<number>) => {
    if (weekdays.length === 0) return ms
    const target = rng.pick(weekdays)
    const dow = new Date(ms).getUTCDay()
    return ms + ((target - dow + 7) % 7) * dayMs
  }
  const span = clock.windowEnd - clock.windowStart
  const days: Array<number> = []
  if (kind.cadence === 'annual') {
    // Most series run through the whole decade; some began or ended within it.
    const editions = rng.weighted([10, 8, 6, 4, 2], [55, 15, 12, 10, 8])
    // A series that began within the decade usually still runs; one that stopped did so years ago.
    const first = rng.chance(0.6) ? 10 - editions : rng.int(0, 10 - editions)
    const month = rng.weighted([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], kind.months ?? even)
    const dom = rng.int(1, 28)
    // Year j of the decade runs from the window's start plus j years; the calendar date falls once in it.
    const startYear = new Date(clock.windowStart).getUTCFullYear()
    const startMonth = new Date(clock.windowStart).getUTCMonth()
    const startDom = new Date(clock.windowStart).getUTCDate()
    for (let e = 0; e < editions; e++) {
      const year = startYear + first + e
      const inYear = Date.UTC(year, month, dom) >= Date.UTC(year, startMonth, startDom) ? year : year + 1
      const aligned = align(Date.UTC(inYear, month, dom) + rng.int(-6, 6) * dayMs, kind.weekdays)
      if (aligned >= clock.windowStart && aligned <= clock.windowEnd) days.push(aligned)
    }
    return days
  }
  const step = kind.cadence === 'monthly' ? 28 : kind.cadence === 'weekly' ? 7 : 35
  const count =
    kind.cadence === 'monthly' ? rng.int(6, 18) : kind.cadence === 'weekly' ? rng.int(6, 26) : rng.int(5, 10)
  const weekdays = kind.cadence === 'monthly' ? [organiser.clubDay] : kind.weekdays
  let day = align(clock.windowStart + Math.floor(rng.next() * span), weekdays)
  for (let e = 0; e < count && day <= clock.windowEnd; e++) {
    days.push(day)
    day += step * dayMs
  }
  return days
}

const stateOf = (
  rng: Rng,
  dateStart: string,
  dateEnd: string,
  localToday: string,
  live: boolean,
): EventState => {
  // The pandemic cancelled most live events of 2020 and early 2021.
  if (
    live &&
    dateStart >= '2020-03-12' &&
    dateStart <= '2021-06-30' &&
    dateEnd < localToday &&
    rng.chance(0.7)
  )
    return 'canceled'
  if (dateEnd < localToday)
    return rng.weighted<EventState>(
      ['accepted', 'canceled', 'postponed', 'draft', 'pending', 'postponedToDraft'],
      [925, 30, 10, 25, 5, 5],
    )
  return rng.weighted<EventState>(
    ['accepted', 'draft', 'postponed', 'canceled', 'postponedToDraft', 'pending'],
    [840, 90, 25, 25, 10, 10],
  )
}

/** Sessions of a tournament, as the demo seed plans them: one or two a day, evenings for side events. */
function slotsOf(kind: EventKind, t: TournamentKind, start: string, length: number): Array<Slot> {
  const slots: Array<{ day: number; from: number; to: number }> = []
  if (length > 3) {
    const evenings = Math.min(6, 3 + Math.floor(length / 60))
    for (let s = 0; s < evenings; s++)
      slots.push({ day: Math.round((s * (length - 1)) / (evenings - 1)), from: 19 * 60, to: 22 * 60 })
  } else if (kind.evening) {
    slots.push({ day: 0, from: kind.online ? 19 * 60 + 30 : 18 * 60, to: kind.online ? 23 * 60 : 22 * 60 })
  } else if (t.evening) {
    slots.push({ day: 0, from: 19 * 60 + 30, to: 23 * 60 })
  } else if (length === 1) {
    if (kind.description === 'club') slots.push({ day: 0, from: 17 * 60, to: 21 * 60 })
    else slots.push({ day: 0, from: 11 * 60, to: 14 * 60 + 30 }, { day: 0, from: 16 * 60, to: 19 * 60 + 30 })
  } else if (length === 2) {
    slots.push(
      { day: 0, from: 10 * 60 + 30, to: 14 * 60 },
      { day: 0, from: 15 * 60 + 30, to: 19 * 60 },
      { day: 1, from: 10 * 60, to: 13 * 60 + 30 },
    )
  } else {
    for (let d = 0; d < 3; d++) slots.push({ day: d, from: 10 * 60, to: 14 * 60 + 30 })
  }
  return slots.map((s) => ({ date: plusDays(start, s.day), from: s.from, to: s.to }))
}

function planTournaments(
  rng: Rng,
  event: {
    readonly kind: EventKind
    readonly type: number
    readonly state: EventState
    readonly dateStart: string
    readonly days: number
    readonly timeZone: string
    readonly createdAt: number
  },
  clock: Clock,
): Array<TournamentPlan> {
  const { kind } = event
  const count = rng.int(kind.tournaments[0], kind.tournaments[1])
  const rest = rng.sample(kind.pool.slice(1), count - 1)
  const picked: Array<TournamentKindKey> = [kind.pool[0], ...rest]
  while (picked.length < count) picked.push(rng.pick(kind.pool))
  const aliases = new Set<string>()
  const league = event.days > 14
  const published = publicStates.has(event.state)
  return picked.map((key, index): TournamentPlan => {
    const t: TournamentKind = tournamentKinds[key]
    const startDay = league
      ? Math.min(index * 7, event.days - 1)
      : Math.min(Math.floor((index * event.days) / count), event.days - 1)
    const length = league ? event.days - startDay : Math.min(t.days, event.days - startDay)
    const start = plusDays(event.dateStart, startDay)
    const slots = slotsOf(kind, t, start, length)
    const first = at(slots, 0)
    const last = at(slots, slots.length - 1)
    const alias = aliases.has(t.alias) ? `${t.alias}-${index + 1}` : t.alias
    aliases.add(alias)
    const startAt = zonedToUtc(first.date, hhmm(first.from), event.timeZone)
    const lead = rng.int(kind.lead[0], kind.lead[1])
    const salesStart = plusDays(start, -lead)
    const openFromPublication = rng.chance(0.08)
    const registrationStartAt = openFromPublication ? null : zonedToUtc(salesStart, '09:00', event.timeZone)
    const registrationEndAt = kind.evening
      ? startAt - 2 * 3_600_000
      : zonedToUtc(plusDays(start, -1), '22:00', event.timeZone)
    const hasRegistration = kind.online ? rng.chance(0.5) : rng.chance(0.96)
    const enabled =
      event.state !== 'canceled' && event.state !== 'postponed' && event.state !== 'postponedToDraft'
    // How many register: the kind's field, scaled by the event's standing, and by how far the window has
    // come (entries start when registration opens, or when the event was published).
    const opensAt = Math.max(registrationStartAt ?? event.createdAt, event.createdAt)
    const closesAt = Math.min(registrationEndAt, startAt)
    let progress = 0
    if (clock.now >= closesAt) progress = 1
    else if (clock.now > opensAt)
      progress = 0.25 + (0.6 * (clock.now - opensAt)) / Math.max(1, closesAt - opensAt)
    const field = ((t.field[0] + t.field[1]) / 2) * (fieldScale[event.type] ?? 0.3) * (kind.online ? 1.2 : 1)
    // A cancellation or postponement stops the registrations that had begun.
    const interrupted = event.state === 'canceled' ? 0.4 : event.state === 'postponed' ? 0.6 : 1
    const weight = published && hasRegistration ? field * progress * interrupted * uniform(rng, 0.5, 1.5) : 0
    return {
      kind: t,
      alias,
      startDate: first.date,
      endDate: last.date,
      startTime: hhmm(first.from),
      endTime: hhmm(last.to),
      slots,
      registrationStartAt,
      registrationEndAt,
      startAt,
      hasRegistration,
      enabled,
      salesStart: registrationStartAt === null ? null : salesStart,
      salesEnd: kind.evening ? start : plusDays(start, -1),
      weight,
      entries: 0,
    }
  })
}

function planEvents(
  rng: Rng,
  count: number,
  organisers: ReadonlyArray<Organiser>,
  taken: Set<string>,
  clock: Clock,
): Array<EventPlan> {
  const accepted = organisers.filter((o) => o.status === 3)
  const byRole: Readonly<Record<Role, ReadonlyArray<Organiser>>> = {
    federation: accepted.filter((o) => o.role === 'federation'),
    club: accepted.filter((o) => o.role === 'club'),
    individual: accepted.filter((o) => o.role === 'individual'),
  }
  const roles: ReadonlyArray<Role> = ['federation', 'club', 'individual']
  const localToday = new Map(countries.map((c) => [c.timeZone, isoDate(new Date(clock.now), c.timeZone)]))
  const events: Array<EventPlan> = []
  let series = 0
  while (events.length < count) {
    series++
    const kindKey = rng.weighted(
      kindKeys,
      kindKeys.map((k) => kinds[k].share),
    )
    const kind = kinds[kindKey]
    const role = rng.weighted(
      roles,
      roles.map((r) => (byRole[r].length > 0 ? kind.roles[r] : 0)),
    )
    const pool = byRole[role].length > 0 ? byRole[role] : accepted
    const organiser = rng.weighted(
      pool,
      pool.map((o) => o.activity),
    )
    const country = organiser.country
    const timeZone = country.timeZone
    const today = localToday.get(timeZone) ?? isoDay(clock.now)
    // Federations travel their country; clubs mostly play at home.
    const town =
      role === 'federation' || (kind.description === 'festival' && rng.chance(0.3))
        ? rng.pick(organiser.towns)
        : organiser.town
    const type = rng.weighted([1, 2, 3, 4], kind.types)
    const platform = kind.online ? rng.pick(platforms) : null
    const extra: Array<ContentLanguage> = []
    const main = organiser.language
    const withEnglish = [0.1, 0.4, 0.85, 1][type - 1] ?? 0
    if (main !== 'en' && rng.chance(withEnglish)) extra.push('en')
    if (type >= 2 && rng.chance(0.2)) {
      const other = rng.pick(neighbours[main])
      if (other !== main && !extra.includes(other)) extra.push(other)
    }
    const languages: Array<ContentLanguage> = [main, ...extra].slice(0, 3)
    const memorialOf = kindKey === 'memorial' ? person(rng, country.pool) : null
    const days = rng.int(kind.days[0], kind.days[1])
    const numberBase = rng.int(1, 150)
    const editions = editionDays(rng, kind, organiser, clock)
    for (const [e, startMs] of editions.entries()) {
      if (events.length >= count) break
      const dateStart = isoDay(startMs)
      const dateEnd = plusDays(dateStart, days - 1)
      const year = Number(dateStart.slice(0, 4))
      const season = seasonOf(dateStart)
      const values = (language: ContentLanguage) => ({
        town: cityName(town, language),
        year,
        season,
        n: numberBase + e,
        person: memorialOf ? `${memorialOf.firstName} ${memorialOf.lastName}` : '',
      })
      const mainName = fill(kind.names[main], values(main))
      const yearText = String(year)
      const alias = freeAlias(
        slugOf(mainName.includes(yearText) ? mainName : `${mainName} ${yearText}`, `event-${year}`),
        taken,
      )
      const eventSeed = seedOf(series, e)
      const erng = createRng(eventSeed)
      const venue = town.venues[0]
      const contents = languages.map((language): Content => {
        const name = fill(kind.names[language], values(language))
        const described = kind.description !== 'club' || erng.chance(0.6)
        return {
          language,
          name,
          alias: freeAlias(slugOf(name, `${alias}-${language}`), taken),
          description: described
            ? describe(kind.description, language, {
                name,
                city: cityName(town, language),
                venue: venue.name,
                days,
                platform: platform?.name ?? '',
              })
            : null,
        }
      })
      const state = stateOf(erng, dateStart, dateEnd, today, !kind.online)
      const startAt = zonedToUtc(dateStart, '09:00', timeZone)
      // Announced before registration opens; an event never claims to be created in the future.
      const createdAt = Math.min(
        startAt - (kind.lead[1] + erng.int(7, 60)) * dayMs,
        clock.now - erng.int(1, 20) * dayMs - erng.int(0, 86_399) * 1000,
      )
      const updatedAt = Math.min(clock.now, createdAt + erng.int(1, 60) * dayMs)
      const tournaments = planTournaments(
        createRng(seedOf(series, e, 1)),
        { kind, type, state, dateStart, days, timeZone, createdAt },
        clock,
      )
      organiser.createdAt = Math.min(organiser.createdAt, createdAt - erng.int(1, 30) * dayMs)
      events.push({
        seed: eventSeed,
        organiser,
        kind,
        type,
        state,
        town,
        platform,
        dateStart,
        dateEnd,
        days,
        editionYear: year,
        editionSeason: kind.season ? season : null,
        alias,
        contents,
        createdAt,
        updatedAt,
        bank: organiser.iban !== null && erng.chance(0.7),
        tournaments,
        id: 0,
      })
    }
  }
  // Ids follow creation, as they do in a live database.
  events.sort((a, b) => a.createdAt - b.createdAt || a.seed - b.seed)
  return events
}

/** Hands out exactly `total` entries in proportion to the tournaments' weights (largest remainders). */
function allocateEntries(events: ReadonlyArray<EventPlan>, total: number): void {
  const all = events.flatMap((e) => e.tournaments)
  const sum = all.reduce((s, t) => s + t.weight, 0)
  if (sum === 0) return
  const remainders: Array<{ index: number; rest: number }> = []
  let given = 0
  for (const [index, t] of all.entries()) {
    const share = (total * t.weight) / sum
    t.entries = Math.floor(share)
    given += t.entries
    if (t.weight > 0) remainders.push({ index, rest: share - t.entries })
  }
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index)
  for (let i = 0; given < total && remainders.length > 0; i = (i + 1) % remainders.length) {
    at(all, at(remainders, i).index).entries++
    given++
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rows

const tableColumns = {
  app_user: [
    'id',
    'email',
    'role',
    'is_company',
    'first_name',
    'last_name',
    'company_name',
    'language',
    'created_at',
    'activated_at',
    'rules_accepted_at',
    'phone',
    'languages',
    'currency_id',
    'country_code',
    'updated_at',
  ],
  organiser: [
    'id',
    'user_id',
    'status',
    'type',
    'name',
    'website_url',
    'email',
    'phone',
    'country_code',
    'created_at',
    'first_name',
    'last_name',
    'company_code',
    'vat_number',
    'decided_at',
  ],
  organiser_page: [
    'id',
    'alias',
    'organiser_id',
    'name',
    'short_name',
    'initials',
    'description',
    'visible',
    'created_at',
  ],
  event: [
    'id',
    'key',
    'alias',
    'organiser_id',
    'status',
    'state',
    'type',
    'is_live',
    'is_online',
    'edition_type',
    'edition_year',
    'edition_season',
    'date_start',
    'date_end',
    'country_code',
    'currency_code',
    'time_zone',
    'organiser_email',
    'image_url',
    'thumb_url',
    'image_alt',
    'live_results_url',
    'has_live_results',
    'has_final_results',
    'external_page_url',
    'is_recommended',
    'is_youth',
    'show_native_name',
    'state_message',
    'tournaments_count',
    'registration_opens_at',
    'registration_closes_at',
    'search_text',
    'created_at',
    'updated_at',
    'registration_windows',
    'languages',
    'payment_beneficiary',
    'payment_iban',
    'payment_bic',
  ],
  event_content: ['id', 'event_id', 'language', 'name', 'description', 'alias', 'is_main', 'type'],
  event_location: [
    'id',
    'event_id',
    'name',
    'address_line',
    'formatted_address',
    'short_address_line',
    'country_code',
    'lat',
    'long',
    'date_start',
    'date_end',
    'has_start_time',
    'has_end_time',
    'start_time',
    'end_time',
    'is_main',
    'type',
    'external_url',
  ],
  hotel: ['id', 'event_id', 'name', 'price_minor', 'website_url', 'address_line', 'stars'],
  tournament: [
    'id',
    'event_id',
    'alias',
    'name',
    'type',
    'is_multi_session',
    'is_complicated',
    'is_complicated_multi_session',
    'is_complicated_multi_round',
    'is_complicated_group',
    'start_date',
    'start_time',
    'end_date',
    'end_time',
    'points_score_type',
    'verify_player',
    'results_source',
    'results_url',
    'registration_url',
    'has_registration',
    'is_registration_enabled',
    'registration_start_at',
    'registration_end_at',
    'order_number',
    'is_main',
    'boards',
    'is_prize_information_enabled',
    'is_player_list_view_enabled',
    'location_name',
  ],
  tournament_session: [
    'id',
    'tournament_id',
    'start_date',
    'end_date',
    'start_time',
    'end_time',
    'type',
    'text',
    'boards',
  ],
  tournament_stage: ['id', 'tournament_id', 'name', 'type', 'order_number', 'results_url'],
  tournament_program_day: ['id', 'tournament_id', 'date', 'tours'],
  prize: [
    'id',
    'tournament_id',
    'place_number',
    'prize_amount_minor',
    'custom_prize',
    'medal_icon_key',
    'cup_icon_key',
    'type',
  ],
  prize_setup: [
    'id',
    'tournament_id',
    'places_number',
    'prize_pool_minor',
    'custom_prize_pool',
    'custom_prize_text',
    'is_formula_used',
  ],
  ticket: [
    'id',
    'tournament_id',
    'type',
    'price_minor',
    'quantity',
    'sold',
    'is_for_sale',
    'is_price_per_team',
  ],
  ticket_age_category: [
    'id',
    'ticket_id',
    'name',
    'age_from',
    'age_to',
    'price_minor',
    'quantity',
    'sold',
    'discount_percent',
    'sales_start_date',
    'sales_end_date',
    'is_early_bird',
    'early_bird_price_minor',
    'early_bird_sales_start_date',
    'early_bird_sales_end_date',
    'early_bird_end_sales_quantity',
    'enabled',
  ],
  entry: [
    'id',
    'tournament_id',
    'event_id',
    'ticket_id',
    'status',
    'team_name',
    'user_id',
    'created_at',
    'contact_email',
    'language',
    'total_minor',
    'currency_code',
    'lines',
    'payment_method',
    'reference',
    'status_token_hash',
    'expires_at',
    'paid_at',
    'canceled_at',
    'card_session_id',
    'updated_at',
  ],
  contestant: [
    'id',
    'entry_id',
    'position',
    'first_name',
    'last_name',
    'country_code',
    'email',
    'federation_id',
    'age_category_id',
    'ticket_id',
    'federation_verified',
  ],
} as const satisfies Record<string, ReadonlyArray<string>>

type Table = keyof typeof tableColumns
const tables: ReadonlyArray<Table> = [
  'app_user',
  'organiser',
  'organiser_page',
  'event',
  'event_content',
  'event_location',
  'hotel',
  'tournament',
  'tournament_session',
  'tournament_stage',
  'tournament_program_day',
  'prize',
  'prize_setup',
  'ticket',
  'ticket_age_category',
  'entry',
  'contestant',
]
/** The tables whose secondary indexes are rebuilt after the load instead of maintained row by row. */
const bulkTables: ReadonlyArray<Table> = [
  'event',
  'event_content',
  'event_location',
  'hotel',
  'tournament',
  'ticket',
  'ticket_age_category',
  'entry',
  'contestant',
]

const newRows = (table: Table) => new Rows(table, tableColumns[table])

/** The creditor reference the registration desk gives a bank-transfer entry (ISO 11649, "RF…KBZ00000042"). */
const referenceOf = (entryId: number) => {
  const base = `KBZ${String(entryId).padStart(8, '0')}`
  return `RF${pad2(98 - mod97(`${base}RF00`))}${base}`
}

interface CategoryRow {
  readonly id: number
  readonly name: string
  readonly ageFrom: number | null
  readonly ageTo: number | null
  readonly priceMinor: number
  readonly discountPercent: number
  readonly early: {
    readonly priceMinor: number
    readonly startDate: string | null
    readonly endDate: string
    readonly endSalesQuantity: number
  } | null
  readonly capped: boolean
  sold: number
  /** Units reserved so far in registration order (the early-bird quantity counts them). */
  running: number
}

interface TicketRow {
  readonly id: number
  readonly type: number
  readonly priceMinor: number
  readonly perTeam: boolean
  readonly forSale: boolean
  readonly categories: Array<CategoryRow>
  sold: number
  quantity: number
}

interface Tally {
  events: number
  upcomingEvents: number
  contents: number
  locations: number
  hotels: number
  tournaments: number
  sessions: number
  stages: number
  programDays: number
  prizes: number
  prizeSetups: number
  tickets: number
  ageCategories: number
  entries: number
  contestants: number
}

interface Ids {
  event: number
  event_content: number
  event_location: number
  hotel: number
  tournament: number
  tournament_session: number
  tournament_stage: number
  tournament_program_day: number
  prize: number
  prize_setup: number
  ticket: number
  ticket_age_category: number
  entry: number
  contestant: number
}

/** Whose players come to an event: the host country mostly, the rest of the world by event type. */
const entrantCountry = (rng: Rng, host: Country, type: number, online: boolean): Country =>
  rng.chance(online ? 0.6 : (hostShare[type] ?? 0.9)) ? host : rng.pick(countries)

// Players' names repeat endlessly; their slugs are worked out once.
const slugs = new Map<string, string>()
const slugOnce = (text: string) => {
  let slug = slugs.get(text)
  if (slug === undefined) {
    slug = slugify(text)
    slugs.set(text, slug)
  }
  return slug
}

const playerEmail = (rng: Rng, p: Person) =>
  `${slugOnce(p.firstName)}.${slugOnce(p.lastName)}${rng.int(1, 99)}@${rng.pick(['mail.example', 'post.example', 'bridge-players.example'])}`

/** Builds every row of a chunk of events: the tickets' counters come out of the entries generated here. */
function writeChunk(
  events: ReadonlyArray<EventPlan>,
  ids: Ids,
  rows: Readonly<Record<Table, Rows>>,
  tally: Tally,
  clock: Clock,
): void {
  for (const event of events) {
    const rng = createRng(seedOf(event.seed, 2))
    const { kind, organiser, town } = event
    const country = organiser.country
    const timeZone = country.timeZone
    const currency = country.currency
    const localToday = localDate(clock.now, timeZone)
    const published = publicStates.has(event.state)
    const running = event.dateStart <= localToday && localToday <= event.dateEnd
    const past = event.dateEnd < localToday
    const eventResults = `${resultsBase}/${event.alias}`
    const mainLanguage = organiser.language
    const words = vocabulary[mainLanguage]

    tally.events++
    if (event.dateEnd >= localToday) tally.upcomingEvents++

    // Locations: a platform, or the town's venue and sometimes a second hall for the team events.
    const times = {
      start: [...event.tournaments.map((t) => t.startTime)].sort()[0] ?? null,
      end: [...event.tournaments.map((t) => t.endTime)].sort().at(-1) ?? null,
    }
    const locations: Array<{
      name: string
      addressLine: string | null
      formatted: string | null
      short: string
      country: string | null
      lat: number | null
      long: number | null
      dateStart: string
      externalUrl: string | null
    }> = []
    if (event.platform) {
      locations.push({
        name: event.platform.name,
        addressLine: null,
        formatted: null,
        short: `Online – ${event.platform.short}`,
        country: null,
        lat: null,
        long: null,
        dateStart: event.dateStart,
        externalUrl: event.platform.url(event.alias),
      })
    } else {
      const second = event.days > 1 && (kind.description === 'festival' || rng.chance(0.2))
      const venues = second ? town.venues.slice(0, 2) : town.venues.slice(0, 1)
      for (const [i, venue] of venues.entries()) {
        const round = (n: number) => Math.round(n * 1e6) / 1e6
        locations.push({
          name: venue.name,
          addressLine: venue.street,
          formatted: formattedAddress(town, venue),
          short: shortAddress(town),
          country: town.country,
          lat: round(town.lat + 0.0037 * (i + 1)),
          long: round(town.long - 0.0049 * (i + 1)),
          dateStart:
            i === 0
              ? event.dateStart
              : ([plusDays(event.dateStart, 1), event.dateEnd].sort()[0] ?? event.dateEnd),
          externalUrl: null,
        })
      }
    }
    const secondVenue = locations[1]?.name ?? null

    // Tournaments with their tickets, then the entries that fill them.
    const tournamentIds: Array<number> = []
    const tickets: Array<Array<TicketRow>> = []
    for (const [index, t] of event.tournaments.entries()) {
      const tournamentId = ids.tournament++
      tournamentIds.push(tournamentId)
      const k = t.kind
      const started = t.startDate <= localToday
      const finished = t.endDate < localToday
      const resultsUrl = started && published ? `${eventResults}/${t.alias}` : null
      const stages: Array<{ name: string; type: number }> = k.knockout
        ? [
            { name: words.roundRobin, type: 1 },
            { name: words.knockout, type: 2 },
            { name: words.semiAndFinal, type: 2 },
          ]
        : k.type === 1 && kind.description === 'championship' && !kind.online
          ? [
              { name: words.qualification, type: 1 },
              { name: words.finalA, type: 2 },
              { name: words.finalB, type: 2 },
            ]
          : []
      const boardsPerSession = kind.online ? Math.min(k.boardsPerSession, 20) : k.boardsPerSession
      const withPrizes = rng.chance(kind.description === 'club' ? 0.4 : 0.8)
      rows.tournament.add([
        tournamentId,
        event.id,
        t.alias,
        k.names[mainLanguage],
        k.type,
        t.slots.length > 1,
        stages.length > 0,
        stages.length > 0 && t.slots.length > 1,
        k.knockout === true,
        stages.length > 0 && !k.knockout,
        t.startDate,
        t.startTime,
        t.endDate,
        t.endTime,
        k.scoring,
        kind.description === 'championship',
        resultsUrl ? 1 : null,
        resultsUrl,
        t.hasRegistration
          ? null
          : (event.platform?.url(event.alias) ??
            `${organiser.websiteUrl ?? 'https://entries.kibitz.example'}/${event.alias}`),
        t.hasRegistration,
        t.enabled,
        t.registrationStartAt === null ? null : iso(t.registrationStartAt),
        iso(t.registrationEndAt),
        index + 1,
        index === 0,
        boardsPerSession * t.slots.length,
        withPrizes,
        rng.chance(0.9),
        secondVenue && k.type !== 1 && k.type !== 3 ? secondVenue : null,
      ])
      tally.tournaments++
      for (const [i, slot] of t.slots.entries()) {
        rows.tournament_session.add([
          ids.tournament_session++,
          tournamentId,
          slot.date,
          slot.date,
          hhmm(slot.from),
          hhmm(slot.to),
          1,
          t.slots.length > 1 ? `${words.session} ${i + 1}` : words.session,
          boardsPerSession,
        ])
        tally.sessions++
      }
      for (const [i, stage] of stages.entries()) {
        rows.tournament_stage.add([
          ids.tournament_stage++,
          tournamentId,
          stage.name,
          stage.type,
          i + 1,
          finished && resultsUrl ? `${resultsUrl}/${slugify(stage.name)}` : null,
        ])
        tally.stages++
      }
      const programDates = [...new Set(t.slots.map((s) => s.date))]
      for (const [d, date] of programDates.entries()) {
        const tours = t.slots
          .filter((s) => s.date === date)
          .map((s) => ({
            time: hhmm(s.from),
            name: t.slots.length > 1 ? `${words.session} ${t.slots.indexOf(s) + 1}` : words.session,
          }))
        const closing =
          d === programDates.length - 1 && !kind.online ? [{ time: t.endTime, name: words.prizeGiving }] : []
        rows.tournament_program_day.add([
          ids.tournament_program_day++,
          tournamentId,
          date,
          JSON.stringify([...tours, ...closing]),
        ])
        tally.programDays++
      }
      if (withPrizes) {
        const medals: ReadonlyArray<string> = ['gold', 'silver', 'bronze']
        if (event.type >= 2 && !kind.online && rng.chance(0.65)) {
          const pool = localPrice(
            Math.round((prizePool[event.type] ?? 100000) * (0.7 + rng.next() * 0.8)),
            currency,
          )
          for (const [i, share] of [0.5, 0.3, 0.2].entries()) {
            rows.prize.add([
              ids.prize++,
              tournamentId,
              i + 1,
              Math.round((pool * share) / 100) * 100,
              null,
              medals[i] ?? null,
              null,
              1,
            ])
            tally.prizes++
          }
          const formula = rng.chance(0.3)
          rows.prize_setup.add([
            ids.prize_setup++,
            tournamentId,
            formula ? 7 : 3,
            pool,
            null,
            formula ? words.formula : null,
            formula,
          ])
        } else {
          for (const [i, text] of words.prizes.entries()) {
            rows.prize.add([ids.prize++, tournamentId, i + 1, null, text, null, medals[i] ?? null, 2])
            tally.prizes++
          }
          rows.prize_setup.add([ids.prize_setup++, tournamentId, 3, null, words.prizePool, null, false])
        }
        tally.prizeSetups++
      }

      // Tickets and their age categories, priced as the demo seed prices them.
      const forSale = event.state !== 'canceled'
      const own = ticketPrices(rng, {
        eventType: event.type,
        kind: k,
        feeFactor: kind.online ? 0.25 : kind.description === 'club' ? 0.5 : 1,
        currency,
        salesStart: t.salesStart,
        salesEnd: t.salesEnd,
      }).map(
        (ticket): TicketRow => ({
          id: ids.ticket++,
          type: ticket.type,
          priceMinor: ticket.priceMinor,
          perTeam: ticket.isPricePerTeam,
          forSale,
          categories: ticket.categories.map(
            (c): CategoryRow => ({
              id: ids.ticket_age_category++,
              name: c.name,
              ageFrom: c.ageFrom,
              ageTo: c.ageTo,
              priceMinor: c.priceMinor,
              discountPercent: c.discountPercent,
              early: c.earlyBird,
              capped: c.name !== 'Open' && rng.chance(0.15),
              sold: 0,
              running: 0,
            }),
          ),
          sold: 0,
          quantity: 0,
        }),
      )
      tickets.push(own)
    }

    // Entries, in registration order per tournament.
    for (const [index, t] of event.tournaments.entries()) {
      const tournamentId = at(tournamentIds, index)
      const own = at(tickets, index)
      if (t.entries > 0) {
        const k = t.kind
        const from = Math.max(t.registrationStartAt ?? event.createdAt, event.createdAt + 3_600_000)
        const to = Math.max(from, Math.min(t.registrationEndAt, t.startAt, clock.now - 60_000))
        const createdTimes = Array.from({ length: t.entries }, () => Math.round(uniform(rng, from, to))).sort(
          (a, b) => a - b,
        )
        const usedTeamNames = new Set<string>()
        for (const created of createdTimes) {
          const entryId = ids.entry++
          const host = entrantCountry(rng, country, event.type, kind.online === true)
          const size =
            k.type === 1
              ? 2
              : k.type === 3
                ? 1
                : k.type === 4
                  ? rng.weighted([4, 5], [85, 15])
                  : rng.weighted([4, 5, 6], [50, 25, 25])
          const people: Array<Person & { readonly country: Country }> = []
          for (let p = 0; p < size; p++) {
            const from =
              p === 0 || rng.chance(0.85)
                ? host
                : entrantCountry(rng, country, event.type, kind.online === true)
            const gender = k.mixed ? (p === 0 ? 'male' : 'female') : undefined
            people.push({ ...person(rng, from.pool, gender), countryCode: from.code, country: from })
          }
          const ticket = rng.weighted(
            own,
            own.map((x) => (x.type === 1 || x.type === 4 ? 70 : x.type === 2 ? 20 : 10)),
          )
          const pickCategory = (): CategoryRow | null => {
            const find = (name: string) => ticket.categories.find((c) => c.name === name)
            if (k.youth) return find('Juniors U26') ?? null
            if (k.seniors) return find('Seniors 62+') ?? find('Open') ?? null
            const options = [find('Open'), find('Juniors U26'), find('Seniors 62+')].filter(
              (c): c is CategoryRow => c !== undefined,
            )
            if (options.length === 0) return null
            return rng.weighted(
              options,
              options.map((c) => (c.name === 'Open' ? 75 : c.name === 'Juniors U26' ? 8 : 17)),
            )
          }
          // A per-team ticket is one line for the whole entry, without a category (as the seed's teams);
          // per-person tickets group the players by category, in the order they come (saleLinesOf).
          const chosen = people.map(() => (ticket.perTeam ? null : pickCategory()))
          const groups = new Map<string, { category: CategoryRow | null; persons: number }>()
          for (const c of chosen) {
            const key = c ? String(c.id) : ''
            const group = groups.get(key)
            if (group) group.persons++
            else groups.set(key, { category: c, persons: 1 })
          }
          const today = localDate(created, timeZone)
          const lines = [...groups.values()].map(({ category: c, persons }) => {
            const units = ticket.perTeam ? 1 : persons
            let unit = ticket.type === 4 ? 0 : ticket.priceMinor
            let earlyBird = false
            if (c) {
              earlyBird =
                c.early !== null &&
                (c.early.startDate === null || c.early.startDate <= today) &&
                today <= c.early.endDate &&
                c.running < c.early.endSalesQuantity
              unit = ticket.type === 4 ? 0 : earlyBird && c.early ? c.early.priceMinor : c.priceMinor
              c.running += units
            }
            return {
              ticketId: ticket.id,
              ageCategoryId: c ? c.id : null,
              persons,
              unitPriceMinor: unit,
              units,
              totalMinor: unit * (ticket.perTeam ? 1 : persons),
              earlyBird,
            }
          })
          const total = lines.reduce((s, l) => s + l.totalMinor, 0)

          // Status and payment, as the desk and its later transitions leave them.
          const method =
            total === 0 ? 'free' : !event.bank ? 'atVenue' : rng.chance(0.85) ? 'bankTransfer' : 'card'
          // A hold still running ends paid or waiting; pending ones keep at least a day of it (the worker
          // would expire them at once otherwise); only a hold that ran out can have expired.
          const holdRunning = created + holdMs > clock.now
          const mayWait = created + holdMs - clock.now > dayMs
          const paidWithin = (most: number) =>
            created + Math.floor(rng.next() * Math.min(most, clock.now - created))
          let status: 'pending' | 'confirmed' | 'canceled' | 'expired' = 'confirmed'
          let paidAt: number | null = null
          let expiresAt: number | null = null
          let canceledAt: number | null = null
          let cardSession = false
          if (event.state === 'canceled') {
            status = 'canceled'
          } else if (method === 'bankTransfer') {
            status = mayWait
              ? 'pending'
              : holdRunning
                ? rng.weighted(['confirmed', 'canceled'], [95, 5])
                : rng.weighted(['confirmed', 'expired', 'canceled'], [90, 5, 5])
            if (status === 'confirmed') paidAt = paidWithin(70 * 3_600_000)
          } else if (method === 'card') {
            status =
              mayWait && rng.chance(0.5)
                ? 'pending'
                : holdRunning
                  ? 'confirmed'
                  : rng.weighted(['confirmed', 'expired'], [95, 5])
            cardSession = status !== 'pending' || rng.chance(0.5)
            if (status === 'confirmed') paidAt = paidWithin(10 * 60_000)
          } else if (rng.chance(0.03)) {
            status = 'canceled'
          } else if (method === 'atVenue' && t.startAt <= clock.now && rng.chance(0.85)) {
            paidAt = t.startAt - 20 * 60_000
          }
          if (status === 'pending' || status === 'expired') expiresAt = created + holdMs
          if (status === 'canceled')
            canceledAt = Math.min(clock.now, created + rng.int(1, 20 * 24) * 3_600_000)
          const holds = status === 'pending' || status === 'confirmed'
          if (holds) {
            for (const line of lines) {
              ticket.sold += line.units
              const c = ticket.categories.find((x) => x.id === line.ageCategoryId)
              if (c) c.sold += line.units
            }
          }
          const captain = at(people, 0)
          const team =
            k.type === 2 || (k.type === 4 && rng.chance(0.5))
              ? teamName(rng, captain.countryCode, captain, usedTeamNames)
              : null
          const emails = people.map((p) => playerEmail(rng, p))
          const updated = Math.max(
            created,
            paidAt ?? 0,
            canceledAt ?? 0,
            status === 'expired' ? (expiresAt ?? 0) : 0,
          )
          rows.entry.add([
            entryId,
            tournamentId,
            event.id,
            ticket.id,
            status,
            team,
            null,
            iso(created),
            at(emails, 0),
            resolveInterfaceLocale(captain.country.language),
            total,
            currency,
            JSON.stringify(lines),
            method,
            method === 'bankTransfer' ? referenceOf(entryId) : null,
            createHash('sha256').update(`kibitz-world-entry-${entryId}`).digest('hex'),
            expiresAt === null ? null : iso(expiresAt),
            paidAt === null ? null : iso(paidAt),
            canceledAt === null ? null : iso(canceledAt),
            cardSession ? `cs_world_${entryId}` : null,
            iso(updated),
          ])
          tally.entries++
          for (const [position, p] of people.entries()) {
            const c = at(chosen, position)
            rows.contestant.add([
              ids.contestant++,
              entryId,
              position,
              p.firstName,
              p.lastName,
              p.countryCode,
              at(emails, position),
              kind.description === 'championship' ? String(rng.int(10000, 999999)) : null,
              c ? c.id : null,
              ticket.id,
              null,
            ])
            tally.contestants++
          }
        }
      }
      // Organisers size quantities in round numbers above what sold; now and then an open one sells out.
      for (const ticket of own) {
        const offered = ticket.perTeam ? rng.int(3, 6) * 8 : rng.int(4, 20) * 10
        ticket.quantity =
          ticket.sold > 0 && t.startAt > clock.now && rng.chance(0.04)
            ? ticket.sold
            : Math.max(offered, Math.ceil((ticket.sold + rng.int(0, 8)) / 10) * 10)
        rows.ticket.add([
          ticket.id,
          tournamentId,
          ticket.type,
          ticket.priceMinor,
          ticket.quantity,
          ticket.sold,
          ticket.forSale,
          ticket.perTeam,
        ])
        tally.tickets++
        for (const c of ticket.categories) {
          rows.ticket_age_category.add([
            c.id,
            ticket.id,
            c.name,
            c.ageFrom,
            c.ageTo,
            c.priceMinor,
            c.capped ? Math.max(c.sold, rng.int(2, 6) * 5) : null,
            c.sold,
            c.discountPercent,
            t.salesStart,
            t.salesEnd,
            c.early !== null,
            c.early?.priceMinor ?? null,
            c.early?.startDate ?? null,
            c.early?.endDate ?? null,
            c.early?.endSalesQuantity ?? null,
            true,
          ])
          tally.ageCategories++
        }
      }
    }

    // The tournaments domain's summary (TournamentService.summaryForEvent): open tournaments' windows.
    const windows: Array<{ opens: number | null; closes: number }> = []
    for (const [index, t] of event.tournaments.entries()) {
      if (!t.hasRegistration || !t.enabled) continue
      if (!at(tickets, index).some((k) => k.forSale && k.sold < k.quantity)) continue
      windows.push({ opens: t.registrationStartAt, closes: Math.min(t.registrationEndAt, t.startAt) })
    }
    const starts = windows.map((w) => w.opens)
    const opensAt =
      starts.length === 0 || starts.includes(null)
        ? null
        : Math.min(...starts.flatMap((o) => (o === null ? [] : [o])))
    const closesAt = windows.length === 0 ? null : Math.max(...windows.map((w) => w.closes))
    const registrationWindows = windows
      .sort((a, b) => (a.opens ?? 0) - (b.opens ?? 0) || a.closes - b.closes)
      .map((w) => ({ opensAt: w.opens === null ? null : iso(w.opens), closesAt: iso(w.closes) }))

    // The event itself, with the search text the editor computes from its contents and locations.
    const searchText = searchTextOf(
      [event.alias, ...event.contents.map((c) => c.alias)],
      [
        ...event.contents.map((c) => c.name),
        ...locations.flatMap((l) => [l.name, l.short, l.addressLine ?? '']),
      ],
      [country.code, ...locations.map((l) => l.country)],
    )
    const image = demoImageFor(event.alias, { online: kind.online === true, worldClass: event.type === 4 })
    const hasLiveResults = published && event.state === 'accepted' && running && !kind.online
    const hasFinalResults = published && event.state === 'accepted' && past && rng.chance(0.85)
    const messageLanguage = mainLanguage
    rows.event.add([
      event.id,
      uuidOf(`kibitz-world-event-${event.seed}-${event.alias}`),
      event.alias,
      organiser.id,
      published ? 2 : 1,
      event.state,
      event.type,
      !kind.online,
      kind.online === true,
      kind.season ? 2 : 1,
      event.editionYear,
      event.editionSeason,
      event.dateStart,
      event.dateEnd,
      country.code,
      currency,
      timeZone,
      organiser.email,
      image?.url ?? null,
      image?.thumbUrl ?? null,
      image?.alt ?? null,
      hasLiveResults || hasFinalResults ? eventResults : null,
      hasLiveResults,
      hasFinalResults,
      organiser.websiteUrl && rng.chance(0.3) ? `${organiser.websiteUrl}/${event.alias}` : null,
      event.type >= 3 && rng.chance(0.05),
      kind.youth === true,
      mainLanguage !== 'en' && event.contents.length > 1 && rng.chance(0.1),
      event.state === 'postponed' || event.state === 'postponedToDraft'
        ? stateMessages.postponed[messageLanguage]
        : event.state === 'canceled'
          ? stateMessages.canceled[messageLanguage]
          : null,
      event.tournaments.length,
      opensAt === null ? null : iso(opensAt),
      closesAt === null ? null : iso(closesAt),
      searchText,
      iso(event.createdAt),
      iso(event.updatedAt),
      JSON.stringify(registrationWindows),
      JSON.stringify(event.contents.map((c) => c.language)),
      event.bank ? organiser.name.slice(0, 140) : null,
      event.bank ? organiser.iban : null,
      event.bank ? country.bic : null,
    ])
    for (const [i, c] of event.contents.entries()) {
      rows.event_content.add([
        ids.event_content++,
        event.id,
        c.language,
        c.name,
        c.description,
        c.alias,
        i === 0,
        i === 0 ? 2 : 1,
      ])
      tally.contents++
    }
    for (const [i, l] of locations.entries()) {
      rows.event_location.add([
        ids.event_location++,
        event.id,
        l.name,
        l.addressLine,
        l.formatted,
        l.short,
        l.country,
        l.lat,
        l.long,
        l.dateStart,
        event.dateEnd,
        times.start !== null,
        times.end !== null,
        times.start,
        times.end,
        i === 0,
        1,
        l.externalUrl,
      ])
      tally.locations++
    }
    if (!kind.online && kind.description === 'festival' && event.days > 1 && town.hotels) {
      for (const h of rng.sample(town.hotels, Math.min(town.hotels.length, rng.int(2, 3)))) {
        rows.hotel.add([
          ids.hotel++,
          event.id,
          h.name,
          localPrice(h.euroMinor, currency),
          `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${h.name} ${town.nameEn}`)}`,
          `${h.street}, ${town.name}`,
          h.stars,
        ])
        tally.hotels++
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The load

const decodeMaxIds = Schema.decodeUnknownSync(
  Schema.Array(Schema.Struct({ t: Schema.String, max: Schema.Number })),
)
const decodeStrings = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ v: Schema.String })))
const decodeCurrencies = Schema.decodeUnknownSync(
  Schema.Array(Schema.Struct({ code: Schema.String, id: Schema.Number })),
)
const decodeCount = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ n: Schema.Number })))
const decodeIndexes = Schema.decodeUnknownSync(
  Schema.Array(Schema.Struct({ name: Schema.String, def: Schema.String })),
)

const strings = async (client: Client, sql: string, params: ReadonlyArray<unknown> = []) =>
  decodeStrings((await client.query(sql, [...params])).rows).map((r) => r.v)

const countOf = async (client: Client, sql: string, params: ReadonlyArray<unknown> = []) =>
  decodeCount((await client.query(sql, [...params])).rows)[0]?.n ?? 0

/**
 * Seeds the world into the database at `databaseUrl`: migrates it and seeds the demo data first when it has
 * no events, then adds the world next to them. Refuses a database that already has a world.
 */
export async function seedWorld(databaseUrl: string, options: WorldOptions = {}): Promise<WorldCounts> {
  const scale = options.scale ?? 1
  if (!(scale > 0 && scale <= 1)) throw new Error(`world: scale must be in (0, 1], got ${scale}`)
  const today = options.today ?? new Date()
  const log = options.log ?? ((line: string) => console.log(line))
  const started = performance.now()
  const phases: Array<{ name: string; seconds: number }> = []
  const timed = async <T>(name: string, run: () => Promise<T> | T): Promise<T> => {
    const from = performance.now()
    const result = await run()
    const seconds = (performance.now() - from) / 1000
    phases.push({ name, seconds })
    log(`${name.padEnd(24)} ${seconds.toFixed(1)} s`)
    return result
  }
  const target = {
    organisers: Math.max(1, Math.round(fullWorld.organisers * scale)),
    pages: Math.max(1, Math.round(fullWorld.pages * scale)),
    events: Math.max(1, Math.round(fullWorld.events * scale)),
    entries: Math.round(fullWorld.entries * scale),
  }
  const now = today.getTime()
  const clock: Clock = {
    now,
    windowStart: Date.UTC(today.getUTCFullYear() - 9, today.getUTCMonth(), today.getUTCDate()),
    windowEnd: Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()),
  }

  // The schema, the reference tables, the demo organisers and their logins come from the app's own code.
  const orm = await openOrm(databaseUrl, { poolMax: 2 })
  try {
    await timed('migrate + demo seed', async () => {
      await migrate(orm)
      const found = await orm.em.fork().execute('select count(*)::int as n from event')
      if ((decodeCount(found)[0]?.n ?? 0) === 0) await seedDemoData(orm, { today })
    })

    const client = createPgClient(databaseUrl, { connectionTimeoutMillis: 10_000 })
    await client.connect()
    try {
      if (
        (await countOf(client, 'select count(*)::int as n from app_user where email like $1', [
          `%@${worldMailDomain}`,
        ])) > 0
      )
        throw new Error('world: this database already has a world; seed a fresh one')
      for (const c of countries)
        if (!isValidTimeZone(c.timeZone)) throw new Error(`world: Intl does not know ${c.timeZone}`)
      const zones = new Set(
        await strings(client, 'select name as v from pg_timezone_names where name = any($1::text[])', [
          countries.map((c) => c.timeZone),
        ]),
      )
      const missingZone = countries.find((c) => !zones.has(c.timeZone))
      if (missingZone) throw new Error(`world: PostgreSQL does not know ${missingZone.timeZone}`)
      const currencyIds = new Map(
        decodeCurrencies((await client.query('select code, id from currency')).rows).map((r) => [
          r.code,
          r.id,
        ]),
      )
      const missingCurrency = countries.find((c) => !currencyIds.has(c.currency))
      if (missingCurrency) throw new Error(`world: the currency table lacks ${missingCurrency.currency}`)

      const maxIds = new Map(
        decodeMaxIds(
          (
            await client.query(
              tables
                .map((t) => `select '${t}' as t, coalesce(max(id), 0)::int as max from "${t}"`)
                .join(' union all '),
            )
          ).rows,
        ).map((r) => [r.t, r.max]),
      )
      const firstId = (t: Table) => (maxIds.get(t) ?? 0) + 1
      const eventAliases = new Set(
        await strings(client, 'select alias as v from event union all select alias as v from event_content'),
      )
      const pageAliases = new Set(await strings(client, 'select alias as v from organiser_page'))
      const emails = new Set(await strings(client, 'select email as v from app_user'))

      // Plan the whole calendar first: entries are shared out over every tournament of the decade.
      const rng = createRng(worldSeed)
      const { organisers, pages, events } = await timed('plan', () => {
        const organisers = planOrganisers(
          rng,
          target.organisers,
          { user: firstId('app_user'), organiser: firstId('organiser') },
          emails,
          clock,
        )
        const events = planEvents(rng, target.events, organisers, eventAliases, clock)
        for (const [i, e] of events.entries()) e.id = firstId('event') + i
        allocateEntries(events, target.entries)
        const pages = planPages(rng, target.pages, firstId('organiser_page'), organisers, pageAliases)
        return { organisers, pages, events }
      })

      await timed('organisers + pages', async () => {
        const users = newRows('app_user')
        const orgs = newRows('organiser')
        for (const o of organisers) {
          const company = o.type === 2
          const decided = o.status === 1 ? null : o.createdAt + (1 + (o.index % 5)) * dayMs
          users.add([
            o.userId,
            o.email,
            1,
            company,
            o.contact.firstName,
            o.contact.lastName,
            company ? o.name.slice(0, 200) : null,
            o.language,
            iso(o.createdAt),
            iso(o.createdAt + 10 * 60_000),
            iso(o.createdAt),
            o.phone,
            JSON.stringify(o.language === 'en' ? ['en'] : [o.language, 'en']),
            currencyIds.get(o.country.currency) ?? null,
            o.country.code,
            iso(o.createdAt),
          ])
          orgs.add([
            o.id,
            o.userId,
            o.status,
            o.type,
            o.name.slice(0, 200),
            o.websiteUrl,
            o.email,
            o.phone,
            o.country.code,
            iso(o.createdAt),
            o.contact.firstName,
            o.contact.lastName,
            company ? String(100_000_000 + o.index * 7919) : null,
            company ? `${o.country.code}${String(200_000_000 + o.index * 104_729)}` : null,
            decided === null ? null : iso(decided),
          ])
        }
        const pageRows = newRows('organiser_page')
        for (const p of pages)
          pageRows.add([
            p.id,
            p.alias,
            p.organiser.id,
            p.name,
            p.shortName,
            p.initials,
            p.description,
            p.visible,
            iso(p.createdAt),
          ])
        await client.query('begin')
        await copyRows(client, users)
        await copyRows(client, orgs)
        await copyRows(client, pageRows)
        await client.query('commit')
        // One Argon2id hash from the accounts domain, shared by every world organiser (a PHC string carries
        // its own salt), so they all log in with the demo password.
        const first = organisers[0]
        if (first) {
          await Effect.runPromise(
            Effect.provideService(ensureDemoLogins([first.email], demoPassword), Em, orm.em.fork()),
          )
          await client.query(
            `update app_user set password_hash = (select password_hash from app_user where email = $1)
             where email like $2 and password_hash is null`,
            [first.email, `%@${worldMailDomain}`],
          )
        }
      })

      // The big tables load in one transaction: their secondary indexes are dropped and rebuilt from their
      // own definitions (a sorted build beats millions of single inserts), and foreign-key triggers are
      // skipped when the role may, since every reference points at a row of this load or of the demo.
      let triggersSkipped = true
      try {
        await client.query('set session_replication_role = replica')
      } catch {
        triggersSkipped = false
      }
      log(`foreign keys: ${triggersSkipped ? 'triggers skipped during the load' : 'checked row by row'}`)
      await client.query('begin')
      await client.query(`set local maintenance_work_mem = '512MB'`)
      const indexes = [
        ...decodeIndexes(
          (
            await client.query(
              `select i.indexname as name, i.indexdef as def
             from pg_indexes i
             where i.schemaname = current_schema() and i.tablename = any($1::text[])
               and not exists (select 1 from pg_constraint c
                               where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
              [[...bulkTables]],
            )
          ).rows,
        ),
      ]
      for (const index of indexes) await client.query(`drop index "${index.name}"`)

      const ids: Ids = {
        event: firstId('event'),
        event_content: firstId('event_content'),
        event_location: firstId('event_location'),
        hotel: firstId('hotel'),
        tournament: firstId('tournament'),
        tournament_session: firstId('tournament_session'),
        tournament_stage: firstId('tournament_stage'),
        tournament_program_day: firstId('tournament_program_day'),
        prize: firstId('prize'),
        prize_setup: firstId('prize_setup'),
        ticket: firstId('ticket'),
        ticket_age_category: firstId('ticket_age_category'),
        entry: firstId('entry'),
        contestant: firstId('contestant'),
      }
      const tally: Tally = {
        events: 0,
        upcomingEvents: 0,
        contents: 0,
        locations: 0,
        hotels: 0,
        tournaments: 0,
        sessions: 0,
        stages: 0,
        programDays: 0,
        prizes: 0,
        prizeSetups: 0,
        tickets: 0,
        ageCategories: 0,
        entries: 0,
        contestants: 0,
      }
      const groups: ReadonlyArray<readonly [string, ReadonlyArray<Table>]> = [
        ['copy events', ['event', 'event_content', 'event_location', 'hotel']],
        [
          'copy tournaments',
          [
            'tournament',
            'tournament_session',
            'tournament_stage',
            'tournament_program_day',
            'prize',
            'prize_setup',
          ],
        ],
        ['copy tickets', ['ticket', 'ticket_age_category']],
        ['copy entries', ['entry', 'contestant']],
      ]
      const spent = new Map<string, number>()
      const spend = (name: string, ms: number) => spent.set(name, (spent.get(name) ?? 0) + ms)
      const chunkRows: Record<Table, Rows> = {
        app_user: newRows('app_user'),
        organiser: newRows('organiser'),
        organiser_page: newRows('organiser_page'),
        event: newRows('event'),
        event_content: newRows('event_content'),
        event_location: newRows('event_location'),
        hotel: newRows('hotel'),
        tournament: newRows('tournament'),
        tournament_session: newRows('tournament_session'),
        tournament_stage: newRows('tournament_stage'),
        tournament_program_day: newRows('tournament_program_day'),
        prize: newRows('prize'),
        prize_setup: newRows('prize_setup'),
        ticket: newRows('ticket'),
        ticket_age_category: newRows('ticket_age_category'),
        entry: newRows('entry'),
        contestant: newRows('contestant'),
      }
      const loadStarted = performance.now()
      for (let from = 0; from < events.length; from += eventsPerChunk) {
        const chunk = events.slice(from, from + eventsPerChunk)
        const generating = performance.now()
        writeChunk(chunk, ids, chunkRows, tally, clock)
        spend('generate rows', performance.now() - generating)
        for (const [name, group] of groups) {
          const copying = performance.now()
          for (const t of group) await copyRows(client, chunkRows[t])
          spend(name, performance.now() - copying)
        }
        log(
          `  events ${tally.events}/${events.length}, tournaments ${tally.tournaments}, entries ${tally.entries} ` +
            `(${((performance.now() - loadStarted) / 1000).toFixed(1)} s)`,
        )
      }
      for (const [name, ms] of spent) {
        phases.push({ name, seconds: ms / 1000 })
        log(`${name.padEnd(24)} ${(ms / 1000).toFixed(1)} s`)
      }
      await timed('rebuild indexes', async () => {
        for (const index of indexes) await client.query(index.def)
      })
      await timed('sequences', async () => {
        for (const t of tables)
          await client.query(
            `select setval(pg_get_serial_sequence('"${t}"', 'id'), max(id)) from "${t}" having max(id) is not null`,
          )
      })
      // The catalogue's word list is kept by triggers on event, which the load skipped (Migration20261125180000).
      await timed('word list', () =>
        client.query(
          `insert into event_word (word)
           select distinct w from event e, event_words_of(e.search_text) w
            where e.state in ('accepted', 'postponed', 'canceled') order by 1
           on conflict do nothing`,
        ),
      )
      await client.query('commit')
      if (triggersSkipped) await client.query('reset session_replication_role')
      // A database in use has been vacuumed by autovacuum long since. Right after a load of millions of rows it has
      // not: autovacuum would go through them in the background while the scenarios measure (taking a core from
      // the web process and PostgreSQL alike, one run's figures far from the next), and until it has, the
      // visibility map is empty and an index-only scan reads every row anyway. So the load ends as such a
      // database is: vacuumed, with fresh statistics.
      await timed('vacuum and analyze', () => client.query('vacuum (analyze)'))

      const seconds = (performance.now() - started) / 1000
      return {
        organisers: organisers.length,
        pages: pages.length,
        posts: 0,
        ...tally,
        seconds,
        phases,
      }
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    } finally {
      await client.end()
    }
  } finally {
    await orm.close(true)
  }
}

// ---------------------------------------------------------------------------------------------------------
// CLI

if (import.meta.main) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const url = process.env.DATABASE_URL
  const scale = Number(arg('scale') ?? 1)
  const todayText = arg('today')
  const today = todayText ? new Date(todayText) : new Date()
  if (!url) {
    console.error('world: set DATABASE_URL to the database to fill')
    process.exit(1)
  }
  if (Number.isNaN(today.getTime())) {
    console.error(`world: --today must be a date (got ${todayText})`)
    process.exit(1)
  }
  const counts = await seedWorld(url, { scale, today })
  const { phases, seconds, ...rest } = counts
  console.log('')
  for (const [name, value] of Object.entries(rest))
    console.log(`${name.padEnd(24)} ${value.toLocaleString('en')}`)
  console.log('posts: 0, there is no post table in this codebase yet')
  console.log(`total                    ${seconds.toFixed(1)} s`)
}
