import type { Em, OrganiserId } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'

// Who uses a stored file (docs/decisions/040, "Usage before deletion"). The files domain sits below the events
// and pages that point at stored files, so it defines this port and each of those domains answers for its own
// tables; the runtime combines their answers. A file with a use is not deleted.

/** What a file is used by: an event, one of its tournaments, a gallery or an organiser page. */
export const FileUserKind = Schema.Literals(['event', 'tournament', 'gallery', 'page'])
export type FileUserKind = typeof FileUserKind.Type

/**
 * One use of a stored file: `key` is the object key used, `usedAs` how (`eventPicture`, `tournamentRules`,
 * `tournamentResults`, `galleryItem`, …), `name` what the organiser calls the user (the event's name, the gallery's
 * title), `eventId`/`tournamentId`/`galleryId`/`pageAlias` where it is, when it has one.
 */
export class FileUse extends Schema.Class<FileUse>('@kibitz/files/FileUse')({
  key: Schema.String,
  kind: FileUserKind,
  usedAs: Schema.String,
  name: Schema.String,
  eventId: Schema.NullOr(Schema.Int),
  tournamentId: Schema.NullOr(Schema.Int),
  galleryId: Schema.NullOr(Schema.Int),
  pageAlias: Schema.NullOr(Schema.String),
}) {}

/** One domain's answer: the uses of `keys` among what `owner` keeps (another organiser's uses never count). */
export type FileUsesOf = (
  owner: OrganiserId,
  keys: ReadonlyArray<string>,
) => Effect.Effect<ReadonlyArray<FileUse>, never, Em>

/** `keys` in slices of at most 2,000. */
const sliced = (keys: ReadonlyArray<string>) =>
  Array.from({ length: Math.ceil(keys.length / 2000) }, (_, i) => keys.slice(i * 2000, i * 2000 + 2000))

/** The port: every use of `owner`'s stored files under `keys`, from each domain that points at stored files. */
export class FileUsage extends Context.Service<FileUsage, { readonly usesOf: FileUsesOf }>()(
  '@kibitz/files/FileUsage',
) {
  /** The uses the given domains answer, together, in their order. */
  static readonly combining = (answers: ReadonlyArray<FileUsesOf>) =>
    Layer.succeed(
      FileUsage,
      FileUsage.of({
        usesOf: (owner, keys) =>
          keys.length === 0
            ? Effect.succeed([])
            : Effect.map(
                // In slices, so a folder of many files stays within a statement's parameters.
                Effect.forEach(sliced(keys), (slice) =>
                  Effect.forEach(answers, (answer) => answer(owner, slice)),
                ),
                (lists) => lists.flat(2),
              ),
      }),
    )
}
