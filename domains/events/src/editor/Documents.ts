import { eventFolderPrefix, maxFilesPageLimit } from '@kibitz/files'
import {
  EventId,
  FieldProblem,
  inTransaction,
  OrganiserId,
  TournamentId,
  ValidationRule,
} from '@kibitz/kernel'
import { Effect } from 'effect'
import type { EventActor } from '../EventActions.ts'
import { ownedBy } from '../internal/editorAccess.ts'
import type { EventEntity } from '../internal/entities/EventEntity.ts'
import { type EditorKit, keyOf, now, rejectedUpload } from './EditorKit.ts'
import {
  type EventDocumentUpload,
  EventEditRefused,
  EventFileInUse,
  EventFileNotFound,
  EventFilesPage,
  type EventFileUse,
  EventFileView,
  EventInputInvalid,
} from './EditorModel.ts'

// The event's documents and its file manager: PDFs stored for the event or its tournaments (a tournament's rules
// or results), the page of its stored files with what still uses each, and removing one that nothing uses. The
// EventEditor methods storeDocument, files and removeFile.

/** EventEditor's storeDocument, files and removeFile. */
export const documentSteps = (kit: EditorKit) => {
  const { repo, files, galleries, eventTournaments, lockEditable, audit } = kit

  const storeDocument = Effect.fn('EventEditor.storeDocument')(function* (
    actor: EventActor,
    eventId: EventId,
    upload: EventDocumentUpload,
  ) {
    const tournamentId = upload.tournamentId ?? null
    // Results are a tournament's (spec section 9: /results/tournament-{id}); the event has none of its own;
    // only a tournament's PDF can be its rules or results.
    if ((upload.kind === 'results' || upload.useAs !== undefined) && tournamentId === null)
      return yield* new EventInputInvalid({
        problems: [new FieldProblem({ field: 'tournamentId', rule: ValidationRule.required })],
      })
    return yield* inTransaction(
      Effect.gen(function* () {
        const event = yield* lockEditable(actor, eventId)
        if (tournamentId !== null) {
          // Another event's tournament (or none) reads as missing, as through the event's other calls.
          if ((yield* eventTournaments.eventOf(tournamentId)) !== eventId)
            return yield* new EventEditRefused({ reason: 'notFound' })
        }
        const folder =
          tournamentId === null
            ? { _tag: 'eventDocuments' as const, eventId }
            : upload.kind === 'results'
              ? { _tag: 'tournamentResults' as const, eventId, tournamentId }
              : { _tag: 'tournamentDocuments' as const, eventId, tournamentId }
        const document = yield* files
          .storeEventDocument(OrganiserId.make(event.organiserId), folder, upload.bytes, {
            filename: upload.filename,
          })
          .pipe(Effect.catchTag('FileRejected', rejectedUpload('file')))
        if (
          upload.useAs !== undefined &&
          tournamentId !== null &&
          !(yield* eventTournaments.attachFile(eventId, tournamentId, upload.useAs, document.url))
        )
          return yield* new EventEditRefused({ reason: 'notFound' })
        const at = yield* now
        event.updatedAt = at
        yield* repo.flush()
        yield* audit(actor, event, 'storeDocument', null, at)
        return document
      }),
    )
  })

  /**
   * What uses each stored file of `event`, by object key: the picture (and its thumbnail), its galleries' images,
   * and every tournament's rules and results file (stored as a key or as its /files/ URL).
   */
  const fileUses = Effect.fn('EventEditor.fileUses')(function* (event: EventEntity) {
    const uses = new Map<
      string,
      { readonly usedAs: EventFileUse; readonly tournamentId: TournamentId | null }
    >()
    for (const url of [event.imageUrl, event.thumbUrl]) {
      const key = keyOf(url)
      if (key !== null) uses.set(key, { usedAs: 'eventPicture', tournamentId: null })
    }
    // An image a gallery shows (decision 041): the gallery_item's foreign key would refuse its deletion anyway.
    const eventGalleries = yield* galleries.galleriesOfEvent(event.id)
    for (const item of yield* galleries.itemsOf(eventGalleries.map((g) => g.id))) {
      const gallery = eventGalleries.find((g) => g.id === item.galleryId)
      const tournamentId = gallery?.tournamentId == null ? null : TournamentId.make(gallery.tournamentId)
      if (!uses.has(item.key)) uses.set(item.key, { usedAs: 'galleryImage', tournamentId })
    }
    for (const t of yield* eventTournaments.filesOf(EventId.make(event.id), event.timeZone)) {
      const named: ReadonlyArray<readonly [string | null, EventFileUse]> = [
        [t.rulesFile, 'tournamentRules'],
        [t.resultsFile, 'tournamentResults'],
      ]
      for (const [reference, usedAs] of named) {
        const key = reference === null ? null : (keyOf(reference) ?? reference)
        if (key !== null && !uses.has(key)) uses.set(key, { usedAs, tournamentId: t.tournamentId })
      }
    }
    return uses
  })

  const listFiles = Effect.fn('EventEditor.files')(function* (
    actor: EventActor,
    eventId: EventId,
    page: { readonly offset: number; readonly limit: number },
  ) {
    const problems: Array<FieldProblem> = []
    if (!Number.isSafeInteger(page.offset) || page.offset < 0 || page.offset > 2_000_000_000)
      problems.push(new FieldProblem({ field: 'offset', rule: ValidationRule.outOfRange }))
    if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > maxFilesPageLimit)
      problems.push(new FieldProblem({ field: 'limit', rule: ValidationRule.outOfRange }))
    if (problems.length > 0) return yield* new EventInputInvalid({ problems })
    const event = yield* repo.findForEdit(eventId)
    if (!ownedBy(actor, event)) return yield* new EventEditRefused({ reason: 'notFound' })
    const listed = yield* files.listEventFiles(OrganiserId.make(event.organiserId), eventId, page)
    const uses = yield* fileUses(event)
    return new EventFilesPage({
      files: listed.files.map((file) => {
        const use = uses.get(file.path)
        return new EventFileView({
          file,
          usedAs: use?.usedAs ?? null,
          usedByTournamentId: use?.tournamentId ?? null,
        })
      }),
      total: listed.total,
    })
  })

  const removeFile = Effect.fn('EventEditor.removeFile')(function* (
    actor: EventActor,
    eventId: EventId,
    key: string,
  ) {
    return yield* inTransaction(
      Effect.gen(function* () {
        const event = yield* lockEditable(actor, eventId)
        if (!key.startsWith(eventFolderPrefix(eventId))) return yield* new EventFileNotFound({ key })
        const use = (yield* fileUses(event)).get(key)
        if (use !== undefined)
          return yield* new EventFileInUse({ key, usedAs: use.usedAs, tournamentId: use.tournamentId })
        const at = yield* now
        event.updatedAt = at
        yield* repo.flush()
        yield* audit(actor, event, 'removeFile', null, at)
        // Last, so nothing after it can roll the row back once the bytes are gone.
        yield* files
          .removeFile(OrganiserId.make(event.organiserId), key)
          .pipe(Effect.catchTag('StoredFileNotFound', () => Effect.fail(new EventFileNotFound({ key }))))
      }),
    )
  })

  return { storeDocument, files: listFiles, removeFile }
}
