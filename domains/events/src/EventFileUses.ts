import { FileUse, type FileUsesOf } from '@kibitz/files'
import { db } from '@kibitz/kernel'
import { Schema } from 'effect'

// The events domain's answer to the files domain's usage port (docs/decisions/040): an event's picture is a stored
// file, named by its /files/ URL. Only the owner's own events count.

const Rows = Schema.Array(
  Schema.Struct({ key: Schema.String, eventId: Schema.Int, name: Schema.NullOr(Schema.String) }),
)
const decodeRows = Schema.decodeUnknownSync(Rows)

/** The owner's events whose picture is one of `keys`. */
export const eventFileUses: FileUsesOf = (owner, keys) =>
  db(async (em) => {
    const urls = keys.map((key) => `/files/${key}`)
    const rows = decodeRows(
      await em.execute(
        `select substr(e.image_url, 8) as key, e.id as "eventId",
                (select c.name from event_content c where c.event_id = e.id order by c.is_main desc, c.id limit 1)
                  as name
           from event e
          where e.organiser_id = ? and e.image_url in (${urls.map(() => '?').join(', ')})
          order by e.id`,
        [owner, ...urls],
      ),
    )
    return rows.map(
      (row) =>
        new FileUse({
          key: row.key,
          kind: 'event',
          usedAs: 'eventPicture',
          name: row.name ?? `#${row.eventId}`,
          eventId: row.eventId,
          tournamentId: null,
          galleryId: null,
          pageAlias: null,
        }),
    )
  })
