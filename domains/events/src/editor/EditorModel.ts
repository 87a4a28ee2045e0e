import { StoredFileEntry } from '@kibitz/files'
import { EventId, FieldProblem, OrganiserId, TournamentId } from '@kibitz/kernel'
import { Schema } from 'effect'
import { EventState } from '../Event.ts'
import { AdditionalInformationInput, GeneralInformationInput } from '../EventInput.ts'

// What the event's editor answers and refuses with: EventEditor's types, exported with it.

/**
 * Why the editor refused: not the actor's event or tournament (or none), not editable in its state, no organiser
 * account, a tournament players entered (or bought tickets for) cannot be removed, or an order that does not
 * name each of the event's tournaments once.
 */
export const EditRefusal = Schema.Literals([
  'notFound',
  'notEditable',
  'notOrganiser',
  'hasEntries',
  'badOrder',
])
export type EditRefusal = typeof EditRefusal.Type

export class EventEditRefused extends Schema.TaggedError<EventEditRefused>()('EventEditRefused', {
  reason: EditRefusal,
}) {}

/** The input breaks field rules; every problem at once, each with its dotted field path. */
export class EventInputInvalid extends Schema.TaggedError<EventInputInvalid>()('EventInputInvalid', {
  problems: Schema.Array(FieldProblem),
}) {}

/**
 * What still uses a stored file of an event: its picture, a gallery's image (of the event's gallery, or of a
 * tournament's: `tournamentId`), or a tournament's rules or results file.
 */
export const EventFileUse = Schema.Literals([
  'eventPicture',
  'galleryImage',
  'tournamentRules',
  'tournamentResults',
])
export type EventFileUse = typeof EventFileUse.Type

/** The file under `key` is not one of the event's stored files (another event's key reads the same). */
export class EventFileNotFound extends Schema.TaggedError<EventFileNotFound>()('EventFileNotFound', {
  key: Schema.String,
}) {}

/**
 * The file is still in use and is not removed from the file manager: the event's picture is replaced or removed
 * on the gallery step, a tournament's rules or results file on that tournament (`tournamentId`).
 */
export class EventFileInUse extends Schema.TaggedError<EventFileInUse>()('EventFileInUse', {
  key: Schema.String,
  usedAs: EventFileUse,
  tournamentId: Schema.NullOr(TournamentId),
}) {}

/** One file of an event's file manager and what still uses it (null: it may be removed). */
export class EventFileView extends Schema.Class<EventFileView>('@kibitz/events/EventFileView')({
  file: StoredFileEntry,
  usedAs: Schema.NullOr(EventFileUse),
  usedByTournamentId: Schema.NullOr(TournamentId),
}) {}

/** One page of an event's files, newest first, with how many there are in all. */
export class EventFilesPage extends Schema.Class<EventFilesPage>('@kibitz/events/EventFilesPage')({
  files: Schema.Array(EventFileView),
  total: Schema.Int,
}) {}

/** Which documents a PDF belongs to: the event's (or a tournament's) documents, or a tournament's results. */
export const DocumentKind = Schema.Literals(['documents', 'results'])
export type DocumentKind = typeof DocumentKind.Type

/** Permissions of spec section 6 the viewer holds on the event. */
export const EventPermission = Schema.Literals(['read', 'update', 'delete', 'publish'])
export type EventPermission = typeof EventPermission.Type

/** Everything the editor screens show of one event, for its organiser or the super user. */
export class EventEditorView extends Schema.Class<EventEditorView>('@kibitz/events/EventEditorView')({
  id: EventId,
  alias: Schema.String,
  organiserId: OrganiserId,
  state: EventState,
  status: Schema.Int,
  stateMessage: Schema.NullOr(Schema.String),
  /** Postponed without new dates (docs/decisions/032). */
  datesToBeAnnounced: Schema.Boolean,
  general: GeneralInformationInput,
  additional: AdditionalInformationInput,
  imageUrl: Schema.NullOr(Schema.String),
  thumbUrl: Schema.NullOr(Schema.String),
  imageAlt: Schema.NullOr(Schema.String),
  tournamentsCount: Schema.Int,
  /** Spec sections 2 and 6: update only while the event is neither postponed nor canceled. */
  permissions: Schema.Array(EventPermission),
  updatedAt: Schema.String,
}) {}

/** The event's picture as the gallery step uploads it. */
export interface EventImageUpload {
  readonly bytes: Uint8Array
  readonly filename: string
  readonly alt: string | null
  readonly thumbWidth?: number | undefined
}

/** A PDF for the event's documents, or a tournament's documents or results. */
export interface EventDocumentUpload {
  readonly tournamentId?: TournamentId | null | undefined
  readonly kind: DocumentKind
  readonly bytes: Uint8Array
  readonly filename: string
  /** A tournament's PDF can become its rules and regulations, or its published results. */
  readonly useAs?: 'rules' | 'results' | undefined
}
