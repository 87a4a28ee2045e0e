import { type EventActor, EventGalleries } from '@kibitz/events'
import { EventFiles, type FileStorage, FilesConfig, FileUsage, FsUploads } from '@kibitz/files'
import { Em, EventId, OrganiserId, TournamentId, UserId } from '@kibitz/kernel'
import { eventTournamentsLayer } from '@kibitz/tournaments'
import type { MikroORM } from '@mikro-orm/postgresql'
import { Effect, Layer, Schema } from 'effect'
import sharp from 'sharp'

// Demo galleries and documents (issue 17, docs/decisions/041): the first public demo events get an event gallery
// of a few pictures, their first tournament a small gallery, and documents (ticket policy, rules and regulations),
// so a newcomer sees them on the public pages and in the editor. They go through the same services as an
// organiser's upload (re-encoded by sharp with every thumbnail width, stored in the configured file store), after
// the demo data's own transaction, and only on the start that seeded it.

/** How many demo events get a gallery and documents. */
const demoEventCount = 4

const suits = ['♠', '♥', '♦', '♣'] as const

/** A drawn picture: a gradient of two colours with a big suit symbol and a caption, `width`×`height`. */
const picture = (from: string, to: string, suit: string, caption: string, width = 960, height = 640) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.72}" cy="${height * 0.38}" r="${height * 0.3}" fill="#ffffff" fill-opacity="0.12"/>
  <text x="50%" y="56%" text-anchor="middle" font-family="serif" font-size="${height * 0.42}"
        fill="#ffffff" fill-opacity="0.9">${suit}</text>
  <text x="50%" y="88%" text-anchor="middle" font-family="sans-serif" font-size="${height * 0.06}"
        fill="#ffffff">${caption}</text></svg>`)

/** The demo pictures, with their titles: a few landscape photos and one portrait, small enough to seed fast. */
const pictures: ReadonlyArray<{ readonly svg: Buffer; readonly filename: string; readonly title: string }> = [
  {
    svg: picture('#0f5132', '#198754', suits[0], 'Opening round'),
    filename: 'opening-round.webp',
    title: 'The opening round',
  },
  {
    svg: picture('#6f1d1b', '#bb3e03', suits[1], 'Prize giving'),
    filename: 'prize-giving.webp',
    title: 'Prize giving',
  },
  {
    svg: picture('#003049', '#1d6fa5', suits[2], 'The playing hall'),
    filename: 'playing-hall.webp',
    title: 'The playing hall',
  },
  {
    svg: picture('#3c096c', '#7b2cbf', suits[3], 'Bidding boxes', 600, 800),
    filename: 'bidding-boxes.webp',
    title: 'Bidding boxes',
  },
  { svg: picture('#283618', '#606c38', suits[0], 'Table 1'), filename: 'table-one.webp', title: '' },
]

/** A one-page PDF saying `title` and `line` (hand-made: the objects, their offsets and the trailer). */
export const demoPdf = (title: string, line: string): Uint8Array => {
  const text = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`)
  const stream = `BT /F1 24 Tf 72 760 Td (${text(title)}) Tj ET\nBT /F1 12 Tf 72 730 Td (${text(line)}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: Array<number> = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}

const EventRows = Schema.Array(
  Schema.Struct({
    id: Schema.Int,
    organiserId: Schema.Int,
    userId: Schema.Int,
    tournamentId: Schema.NullOr(Schema.Int),
  }),
)

/** What the demo files added. */
export interface DemoFilesResult {
  readonly galleries: number
  readonly images: number
  readonly documents: number
}

/**
 * After the demo data is seeded: galleries and documents for the first `demoEventCount` public demo events that
 * have not ended by `today` (by start date), stored through `storage`. Each event's own gallery gets four
 * pictures, every other event's first tournament two; the event a ticket policy, the tournament its rules.
 */
export async function seedDemoFiles(
  orm: MikroORM,
  storage: Layer.Layer<FileStorage>,
  today: Date,
): Promise<DemoFilesResult> {
  const rows = Schema.decodeUnknownSync(EventRows)(
    await orm.em.fork().execute(
      `select e.id, e.organiser_id as "organiserId", o.user_id as "userId",
              (select t.id from tournament t where t.event_id = e.id order by t.order_number, t.id limit 1)
                as "tournamentId"
         from event e join organiser o on o.id = e.organiser_id
        where e.state = 'accepted' and o.user_id is not null and e.date_end >= ?::date
        order by e.date_start, e.id
        limit ?`,
      [today.toISOString().slice(0, 10), demoEventCount],
    ),
  )
  // Drawn as SVG; the upload path decodes it like any picture and stores WebP.
  const images = pictures.map((p) => ({ bytes: new Uint8Array(p.svg), filename: p.filename, title: p.title }))
  // The demo organisers' own folders: every organiser of those events and the demo sign-in's.
  const owners = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int })))(
    await orm.em.fork().execute(
      `select distinct o.id from organiser o join app_user u on u.id = o.user_id
          where u.email = 'info@lbf.example' or o.id in (${rows.map(() => '?').join(', ') || 'null'})
          order by o.id`,
      rows.map((row) => row.organiserId),
    ),
  )
  const files = EventFiles.layer.pipe(Layer.provide(storage))
  const layer = Layer.mergeAll(
    files,
    EventGalleries.layer.pipe(Layer.provide(Layer.mergeAll(eventTournamentsLayer, files))),
    FsUploads.layer.pipe(
      Layer.provide(
        Layer.mergeAll(storage, FileUsage.combining([]), Layer.succeed(FilesConfig, { quotaBytes: 2 ** 40 })),
      ),
    ),
  )
  const program = Effect.gen(function* () {
    const galleries = yield* EventGalleries
    const eventFiles = yield* EventFiles
    let added = 0
    let made = 0
    let documents = 0
    for (const [index, row] of rows.entries()) {
      const eventId = EventId.make(row.id)
      const owner = OrganiserId.make(row.organiserId)
      const actor: EventActor = { userId: UserId.make(row.userId), organiserId: owner, isSuper: false }
      const own = yield* galleries.addImages(actor, { eventId, tournamentId: null }, images.slice(0, 4))
      added += own.added.length
      made += 1
      yield* eventFiles.storeEventDocument(
        owner,
        { _tag: 'eventDocuments', eventId },
        demoPdf('Ticket policy', 'Tickets are refunded in full until seven days before the event.'),
        {
          filename: 'Ticket policy.pdf',
        },
      )
      documents += 1
      if (row.tournamentId === null) continue
      const tournamentId = TournamentId.make(row.tournamentId)
      yield* eventFiles.storeEventDocument(
        owner,
        { _tag: 'tournamentDocuments', eventId, tournamentId },
        demoPdf(
          'Rules and regulations',
          "The laws of duplicate bridge apply, with the organiser's regulations.",
        ),
        { filename: 'Rules and regulations.pdf' },
      )
      documents += 1
      // Every other event: a tournament gallery too, so both kinds show.
      if (index % 2 === 0) {
        const theirs = yield* galleries.addImages(actor, { eventId, tournamentId }, images.slice(3, 5))
        added += theirs.added.length
        made += 1
      }
    }
    // A club's own archive beside the platform's folders, as one would move it from another site: results by
    // season, regulations, photos.
    const uploads = yield* FsUploads
    const photo = yield* Effect.promise(() =>
      sharp(pictures[2]?.svg ?? pictures[0]?.svg)
        .jpeg({ quality: 85 })
        .toBuffer(),
    )
    for (const { id } of owners) {
      const stored = yield* uploads.upload(OrganiserId.make(id), null, [
        {
          relativePath: 'Club archive/2025/Spring pairs results.pdf',
          bytes: demoPdf('Spring pairs 2025', '1. Jonaitis - Petraitis 62.4%  2. Kowalski - Nowak 58.1%'),
        },
        {
          relativePath: 'Club archive/2025/Autumn teams results.pdf',
          bytes: demoPdf('Autumn teams 2025', '1. Vilnius Aces 112 VP  2. Kaunas Kings 104 VP'),
        },
        {
          relativePath: 'Club archive/Regulations.txt',
          bytes: new TextEncoder().encode('Club regulations\n\nMembers play at reduced table money.\n'),
        },
        { relativePath: 'Club archive/Photos/Club night.jpg', bytes: new Uint8Array(photo) },
      ])
      documents += stored.filter((entry) => entry.isDocument).length
    }
    return { galleries: made, images: added, documents }
  })
  return Effect.runPromise(
    program.pipe(Effect.provide(layer), Effect.provideService(Em, orm.em.fork()), Effect.orDie),
  )
}
