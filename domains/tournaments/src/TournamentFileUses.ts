import { FileUse, type FileUsesOf } from '@kibitz/files'
import { db } from '@kibitz/kernel'
import { Schema } from 'effect'

// The tournaments domain's answer to the files domain's usage port (docs/decisions/040): a tournament's rules and
// results file is a stored file, named by its key or its /files/ URL. Only the owner's own events' count.

const Rows = Schema.Array(
  Schema.Struct({
    key: Schema.String,
    usedAs: Schema.Literals(['tournamentRules', 'tournamentResults']),
    eventId: Schema.Int,
    tournamentId: Schema.Int,
    name: Schema.String,
  }),
)
const decodeRows = Schema.decodeUnknownSync(Rows)

/** The owner's tournaments whose rules or results file is one of `keys`. */
export const tournamentFileUses: FileUsesOf = (owner, keys) =>
  db(async (em) => {
    const references = keys.flatMap((key) => [key, `/files/${key}`])
    const list = references.map(() => '?').join(', ')
    const rows = decodeRows(
      await em.execute(
        `select regexp_replace(u.file, '^/files/', '') as key, u.used_as as "usedAs", t.event_id as "eventId",
                t.id as "tournamentId", t.name
           from tournament t
           join event e on e.id = t.event_id
           cross join lateral (values (t.rules_and_regulations_file, 'tournamentRules'),
                                      (t.results_file, 'tournamentResults')) u(file, used_as)
          where e.organiser_id = ? and u.file in (${list})
          order by t.event_id, t.id, u.used_as desc`,
        [owner, ...references],
      ),
    )
    return rows.map(
      (row) =>
        new FileUse({
          key: row.key,
          kind: 'tournament',
          usedAs: row.usedAs,
          name: row.name,
          eventId: row.eventId,
          tournamentId: row.tournamentId,
          galleryId: null,
          pageAlias: null,
        }),
    )
  })
