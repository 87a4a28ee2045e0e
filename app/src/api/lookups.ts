import type { FolderPaths } from '@kibitz/files'
import { PrizeType, SessionType, StageType } from '@kibitz/tournaments'
import type { MessageDescriptor } from '@lingui/core'

// The tournament and document lookups of spec section 7 with their names in the app's Lingui catalogue, so the
// API answers them in the language of Accept-Language as the pages show them. Each name is written out as the
// `msg` macro compiles it (an `/*i18n*/` descriptor whose id Lingui generates from the English text): the API
// also runs where no macro transform does (vitest), `lingui extract` still finds these, and an API test checks
// that every id is the generated one. A name the pages already use (Money, Gallery…) shares their translation.

/** A lookup entry of spec section 3 (id, key, name) before its name is translated. */
export interface NamedLookup {
  readonly id: number
  readonly key: string
  readonly name: MessageDescriptor
}

/** The entry `key` of the constant `ids`, so the key and the id cannot drift apart. */
const entry = <K extends string>(
  ids: Readonly<Record<K, number>>,
  key: NoInfer<K>,
  name: MessageDescriptor,
): NamedLookup => ({ id: ids[key], key, name })

/**
 * Spec section 3 Document.documentType: which of an event's folders of spec section 9 a file belongs to, keyed by
 * the files domain's name of the folder (its FolderPaths; the organiser pages' folders are not events'). The spec
 * numbers none of them, so these numbers are the API's.
 */
export const DocumentType = {
  eventDocuments: 1,
  tournamentDocuments: 2,
  tournamentResults: 3,
  eventGallery: 4,
} as const satisfies Record<Exclude<keyof typeof FolderPaths, `page${string}`>, number>

/** GET tournament/tour/types: a program's tours have no kind of their own, so these are the session types. */
export const tourTypes: ReadonlyArray<NamedLookup> = [
  entry(SessionType, 'session', /*i18n*/ { id: 'CqO9qC', message: 'Session' }),
  entry(SessionType, 'round', /*i18n*/ { id: 'LeIKtN', message: 'Round' }),
  entry(SessionType, 'match', /*i18n*/ { id: '0IAEaX', message: 'Match' }),
]

/** GET tournament/prize-information/types, named as the prize form's "Kind of prize" choice names them. */
export const prizeTypes: ReadonlyArray<NamedLookup> = [
  entry(PrizeType, 'money', /*i18n*/ { id: 'nvhLKN', message: 'Money' }),
  entry(PrizeType, 'custom', /*i18n*/ { id: 'aQyGJc', message: 'Something else' }),
]

/** GET tournament/stage-types. */
export const stageTypes: ReadonlyArray<NamedLookup> = [
  entry(StageType, 'stage', /*i18n*/ { id: '3PRxO3', message: 'Stage' }),
  entry(StageType, 'qualification', /*i18n*/ { id: 'gRschJ', message: 'Qualification' }),
  entry(StageType, 'semiFinal', /*i18n*/ { id: 'zI6Jq9', message: 'Semi-final' }),
  entry(StageType, 'final', /*i18n*/ { id: 'SJuq4U', message: 'Final' }),
  entry(StageType, 'consolation', /*i18n*/ { id: '7Q6OyM', message: 'Consolation' }),
]

/** GET document-type. */
export const documentTypes: ReadonlyArray<NamedLookup> = [
  entry(DocumentType, 'eventDocuments', /*i18n*/ { id: 'IESJKl', message: 'Event documents' }),
  entry(DocumentType, 'tournamentDocuments', /*i18n*/ { id: 'FSKORt', message: 'Tournament documents' }),
  entry(DocumentType, 'tournamentResults', /*i18n*/ { id: 'DlT4XS', message: 'Tournament results' }),
  entry(DocumentType, 'eventGallery', /*i18n*/ { id: 'U-kFad', message: 'Gallery' }),
]
