import { OrganiserService } from '@kibitz/accounts'
import { type EventDocument, EventFiles } from '@kibitz/files'
import type { Em, EventId } from '@kibitz/kernel'
import { Context, Effect, Layer } from 'effect'
import type { EventActor } from './EventActions.ts'
import type { EventProblem } from './EventProblems.ts'
import { EventTournaments } from './EventTournaments.ts'
import { documentSteps } from './editor/Documents.ts'
import { editorKit } from './editor/EditorKit.ts'
import type {
  EventDocumentUpload,
  EventEditorView,
  EventEditRefused,
  EventFileInUse,
  EventFileNotFound,
  EventFilesPage,
  EventImageUpload,
  EventInputInvalid,
} from './editor/EditorModel.ts'
import { generalSteps } from './editor/GeneralSteps.ts'
import { pictureSteps } from './editor/Picture.ts'
import { EventActionRepo } from './internal/EventActionRepo.ts'
import { EventEditorRepo } from './internal/EventEditorRepo.ts'
import { GalleryRepo } from './internal/GalleryRepo.ts'

// The organiser's editor of spec section 2 (creation wizard and event management): who may edit which event,
// and what a draft still lacks before it can be published. Its steps live in editor/: the creation and the
// general and additional information (GeneralSteps), the picture (Picture), the documents and the event's files
// (Documents), over what they share (EditorKit). The tournaments domain edits an event's tournaments through the
// door EventEditing opens (the same checks, lock and record); this editor asks about them through the
// EventTournaments port.

export * from './editor/EditorModel.ts'

/** The organiser's side of an event's contents. */
export class EventEditor extends Context.Service<
  EventEditor,
  {
    /**
     * An accepted organiser (or the super user, for the organiser named in the input): a new draft from the
     * general-information step. Its alias comes from the main name and never changes afterwards.
     */
    create(
      actor: EventActor,
      input: unknown,
    ): Effect.Effect<EventEditorView, EventEditRefused | EventInputInvalid, Em>
    /** The event's organiser or the super user: the editor's view of any of their events, in any state. */
    view(actor: EventActor, eventId: EventId): Effect.Effect<EventEditorView, EventEditRefused, Em>
    /** Same actors, while the event is editable: replaces the general information. */
    updateGeneral(
      actor: EventActor,
      eventId: EventId,
      input: unknown,
    ): Effect.Effect<EventEditorView, EventEditRefused | EventInputInvalid, Em>
    /** Same actors, while the event is editable: replaces the additional information. */
    updateAdditional(
      actor: EventActor,
      eventId: EventId,
      input: unknown,
    ): Effect.Effect<EventEditorView, EventEditRefused | EventInputInvalid, Em>
    /** Same actors: every problem that stops publication, per step and field, at once. */
    problems(
      actor: EventActor,
      eventId: EventId,
    ): Effect.Effect<ReadonlyArray<EventProblem>, EventEditRefused, Em>
    /**
     * Same actors: what an editor screen shows, `view` and `problems` from one read of the event (a screen asking
     * for both separately would read it twice).
     */
    screen(
      actor: EventActor,
      eventId: EventId,
    ): Effect.Effect<
      { readonly view: EventEditorView; readonly problems: ReadonlyArray<EventProblem> },
      EventEditRefused,
      Em
    >
    /**
     * Same actors, while editable: the event's picture (re-encoded, with a thumbnail `thumbWidth` wide, 500 by
     * default) and its alt text; the previous picture's files are removed once the new one is in place.
     */
    setImage(
      actor: EventActor,
      eventId: EventId,
      upload: EventImageUpload,
    ): Effect.Effect<EventEditorView, EventEditRefused | EventInputInvalid, Em>
    /**
     * Same actors, while editable: stores a PDF among the event's documents, or a tournament's documents or
     * results (`tournamentId` must be one of the event's tournaments; results always belong to one), and with
     * `useAs` makes it that tournament's rules or results, all in one transaction.
     */
    storeDocument(
      actor: EventActor,
      eventId: EventId,
      upload: EventDocumentUpload,
    ): Effect.Effect<EventDocument, EventEditRefused | EventInputInvalid, Em>
    /** Same actors, while editable: the event goes back to having no picture. */
    removeImage(actor: EventActor, eventId: EventId): Effect.Effect<EventEditorView, EventEditRefused, Em>
    /**
     * Same actors, in any state: one page of the event's stored files (its organiser's, under
     * `event/event-{id}/`), newest first, each with what still uses it. `offset` from 0, `limit` 1 to 100;
     * anything else is refused naming the field.
     */
    files(
      actor: EventActor,
      eventId: EventId,
      page: { readonly offset: number; readonly limit: number },
    ): Effect.Effect<EventFilesPage, EventEditRefused | EventInputInvalid, Em>
    /**
     * Same actors, while editable: removes one of the event's stored files (with its thumbnail). A key outside
     * the event's folder is not found; the event's picture, an image a gallery shows and a file a tournament
     * names as its rules or results are refused as in use (they are changed where they are used), so no page links to a removed file.
     */
    removeFile(
      actor: EventActor,
      eventId: EventId,
      key: string,
    ): Effect.Effect<void, EventEditRefused | EventFileNotFound | EventFileInUse, Em>
  }
>()('@kibitz/events/EventEditor') {
  static readonly layer = Layer.effect(
    EventEditor,
    Effect.gen(function* () {
      const kit = editorKit({
        repo: yield* EventEditorRepo,
        actions: yield* EventActionRepo,
        organisers: yield* OrganiserService,
        eventTournaments: yield* EventTournaments,
        files: yield* EventFiles,
        galleries: yield* GalleryRepo,
      })
      return EventEditor.of({ ...generalSteps(kit), ...pictureSteps(kit), ...documentSteps(kit) })
    }),
  ).pipe(Layer.provide(Layer.mergeAll(EventEditorRepo.layer, EventActionRepo.layer, GalleryRepo.layer)))
}
