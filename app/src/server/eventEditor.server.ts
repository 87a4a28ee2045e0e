import { OrganiserService } from '@kibitz/accounts'
import {
  type EditRefusal,
  type EventAction,
  EventActions,
  EventEditor,
  EventEditorView,
  type EventEditRefused,
  type EventInputInvalid,
} from '@kibitz/events'
import { maxDocumentBytes } from '@kibitz/files'
import { fileManagerPageSize } from '@kibitz/kernel'
import { TournamentEditor, TournamentForEdit } from '@kibitz/tournaments'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { Schema } from 'effect'
import { eventActorOf } from './actor.server.ts'
import { sessionOf } from './auth.server.ts'
import {
  attempt,
  BodyTooLarge,
  backToForm,
  forward,
  postedForm,
  Result,
  seeOther,
  withBodyLimit,
} from './forms.server.ts'
import { runDomain } from './runtime.server.ts'

// The event editor screens' server side: the actor comes from the session only; every answer is a plain
// value (no classes) that crosses the server-function boundary, never a thrown error.

/** What a save answers: the saved event, or why not (field problems with their dotted paths, or a refusal). */
export type EditorOutcome =
  | { readonly ok: true; readonly event: typeof EventEditorView.Encoded }
  | {
      readonly ok: false
      readonly problems: ReadonlyArray<{ readonly field: string; readonly rule: string }>
    }
  | { readonly ok: false; readonly refused: EditRefusal | 'signedOut' }

const encodeView = Schema.encodeSync(EventEditorView)

const personal = () => setResponseHeader('cache-control', 'private, no-store')

const currentActor = async () => {
  personal()
  const { user } = await sessionOf(getRequest())
  return user ? eventActorOf(user) : null
}

const outcomeOf = (
  result: Result.Result<EventEditorView, EventEditRefused | EventInputInvalid>,
): EditorOutcome => {
  if (Result.isSuccess(result)) return { ok: true, event: encodeView(result.success) }
  const failure = result.failure
  return failure._tag === 'EventEditRefused'
    ? { ok: false, refused: failure.reason }
    : { ok: false, problems: failure.problems.map((p) => ({ field: p.field, rule: p.rule })) }
}

const signedOut: EditorOutcome = { ok: false, refused: 'signedOut' }

/** The editor's view of one of the actor's events, or null (not theirs, missing, or not an organiser). */
export const editorData = async (eventId: number) => {
  const actor = await currentActor()
  if (!actor) return null
  const result = await attempt(EventEditor.use((e) => e.view(actor, eventId)))
  if (Result.isFailure(result)) return null
  const problems = await attempt(EventEditor.use((e) => e.problems(actor, eventId)))
  return {
    event: encodeView(result.success),
    problems: Result.isSuccess(problems)
      ? problems.success.map((p) => ({
          step: p.step,
          field: p.field,
          rule: p.rule,
          tournamentId: p.tournamentId,
        }))
      : [],
  }
}

/** The organisers a super user may create events for (empty for an organiser, who creates for themselves). */
export const creatableFor = async () => {
  const actor = await currentActor()
  if (!actor?.isSuper) return []
  const creators = await runDomain(OrganiserService.use((o) => o.eventCreators()))
  return creators.map((c) => ({ organiserId: c.organizerId, name: c.name }))
}

export const createEvent = async (general: unknown): Promise<EditorOutcome> => {
  const actor = await currentActor()
  if (!actor) return signedOut
  return outcomeOf(await attempt(EventEditor.use((e) => e.create(actor, general))))
}

export const updateEvent = async (
  eventId: number,
  part: 'general' | 'additional',
  input: unknown,
): Promise<EditorOutcome> => {
  const actor = await currentActor()
  if (!actor) return signedOut
  return outcomeOf(
    await attempt(
      EventEditor.use((e) =>
        part === 'general'
          ? e.updateGeneral(actor, eventId, input)
          : e.updateAdditional(actor, eventId, input),
      ),
    ),
  )
}

/** What an action answers: the new state, or why not (with the publish problems, if any). */
export type ActionOutcome =
  | { readonly ok: true; readonly to: string | null; readonly notified: number }
  | {
      readonly ok: false
      readonly reason: string
      readonly problems: ReadonlyArray<{
        readonly step: string
        readonly field: string
        readonly rule: string
      }>
      /** With invalidInput: the options at fault (message, dateStart, dateEnd). */
      readonly fields: ReadonlyArray<string>
    }

export const eventAction = async (
  eventId: number,
  action: EventAction,
  options: {
    readonly message: string | undefined
    readonly notifyUsers: boolean | undefined
    readonly newDates: { readonly dateStart: string; readonly dateEnd: string } | undefined
  },
) => {
  const actor = await currentActor()
  if (!actor) return { ok: false, reason: 'signedOut', problems: [], fields: [] } satisfies ActionOutcome
  const result = await attempt(
    EventActions.use((a) =>
      a.perform(actor, eventId, action, {
        ...(options.message === undefined ? {} : { message: options.message }),
        ...(options.notifyUsers === undefined ? {} : { notifyUsers: options.notifyUsers }),
        ...(options.newDates === undefined ? {} : { newDates: options.newDates }),
      }),
    ),
  )
  if (Result.isSuccess(result))
    return { ok: true, to: result.success.to, notified: result.success.notified ?? 0 } satisfies ActionOutcome
  const refused = result.failure
  return {
    ok: false,
    reason: refused.reason,
    problems: (refused.problems ?? []).map((p) => ({ step: p.step, field: p.field, rule: p.rule })),
    fields: (refused.fields ?? []).map((f) => f.field),
  } satisfies ActionOutcome
}

const encodeTournamentForEdit = Schema.encodeSync(TournamentForEdit)

/** The event's tournaments in their order, for the tournaments step (null: not the actor's event). */
export const editorTournaments = async (eventId: number) => {
  const actor = await currentActor()
  if (!actor) return null
  const result = await attempt(TournamentEditor.use((e) => e.tournaments(actor, eventId)))
  if (Result.isFailure(result)) return null
  return result.success.map((t) => ({
    tournamentId: t.tournamentId,
    alias: t.alias,
    name: t.name,
    type: t.type,
    startDate: t.startDate,
    startTime: t.startTime,
    endDate: t.endDate,
    isRegistrationEnabled: t.hasRegistration && t.isRegistrationEnabled,
    tickets: t.tickets.map((k) => ({
      type: k.type,
      priceMinor: k.priceMinor,
      quantity: k.quantity,
      ticketsLeft: k.ticketsLeft,
    })),
    prizesCount: t.prizes.length,
  }))
}

/** One tournament's form values, sold counts and whether players entered (null: not found for the actor). */
export const editorTournament = async (eventId: number, tournamentId: number) => {
  const actor = await currentActor()
  if (!actor) return null
  const result = await attempt(TournamentEditor.use((e) => e.tournament(actor, eventId, tournamentId)))
  return Result.isFailure(result) ? null : encodeTournamentForEdit(result.success)
}

/** What a tournament save answers: its id, or why not. */
export type TournamentOutcome =
  | { readonly ok: true; readonly tournamentId: number }
  | {
      readonly ok: false
      readonly problems: ReadonlyArray<{ readonly field: string; readonly rule: string }>
    }
  | { readonly ok: false; readonly refused: EditRefusal | 'signedOut' }

export const saveTournament = async (
  eventId: number,
  tournamentId: number | null,
  input: unknown,
): Promise<TournamentOutcome> => {
  const actor = await currentActor()
  if (!actor) return { ok: false, refused: 'signedOut' }
  const result = await attempt(
    TournamentEditor.use((e) => e.saveTournament(actor, eventId, tournamentId, input)),
  )
  if (Result.isSuccess(result)) return { ok: true, tournamentId: result.success }
  const failure = result.failure
  return failure._tag === 'EventEditRefused'
    ? { ok: false, refused: failure.reason }
    : { ok: false, problems: failure.problems.map((p) => ({ field: p.field, rule: p.rule })) }
}

/** Removing or reordering tournaments: done, or the refusal. */
export type TournamentsChange =
  | { readonly ok: true }
  | { readonly ok: false; readonly refused: EditRefusal | 'signedOut' }

export const removeTournament = async (eventId: number, tournamentId: number): Promise<TournamentsChange> => {
  const actor = await currentActor()
  if (!actor) return { ok: false, refused: 'signedOut' }
  const result = await attempt(TournamentEditor.use((e) => e.removeTournament(actor, eventId, tournamentId)))
  return Result.isSuccess(result) ? { ok: true } : { ok: false, refused: result.failure.reason }
}

export const reorderTournaments = async (
  eventId: number,
  tournamentIds: ReadonlyArray<number>,
): Promise<TournamentsChange> => {
  const actor = await currentActor()
  if (!actor) return { ok: false, refused: 'signedOut' }
  const result = await attempt(
    TournamentEditor.use((e) => e.reorderTournaments(actor, eventId, tournamentIds)),
  )
  return Result.isSuccess(result) ? { ok: true } : { ok: false, refused: result.failure.reason }
}

/** The event's picture from a multipart upload (file, alt), or its removal; answers the saved event or why not. */
export const setEventImage = async (
  eventId: number,
  upload: { readonly bytes: Uint8Array; readonly filename: string; readonly alt: string | null } | null,
): Promise<EditorOutcome> => {
  const actor = await currentActor()
  if (!actor) return signedOut
  if (upload === null) {
    const removed = await attempt(EventEditor.use((e) => e.removeImage(actor, eventId)))
    return Result.isSuccess(removed)
      ? { ok: true, event: encodeView(removed.success) }
      : { ok: false, refused: removed.failure.reason }
  }
  return outcomeOf(await attempt(EventEditor.use((e) => e.setImage(actor, eventId, upload))))
}

/** An event picture of up to 10 MB (EventFiles' limit) with its form fields. */
const maxPictureRequestBytes = 11 * 1024 * 1024

/**
 * The gallery step's form (multipart, also without JavaScript): a new picture with its alt text, or the removal
 * of the current one; answers 303 back to the step, with the field's problem when it was refused.
 */
export const galleryPost = withBodyLimit(async (request: Request, rawId: string): Promise<Response> => {
  const eventId = /^\d{1,10}$/.test(rawId) ? Number(rawId) : null
  if (eventId === null) return seeOther('/user/events')
  const screen = `/event/manage/${eventId}/event-gallery`
  const session = await sessionOf(request)
  if (!session.user) return seeOther(`/login?redirect=${encodeURIComponent(screen)}`)
  const refused = (rule: string) =>
    backToForm(request, screen, { form: 'event-gallery', errors: { image: { rule } }, values: {} })
  let form: Awaited<ReturnType<typeof postedForm>>
  try {
    form = await postedForm(request, maxPictureRequestBytes)
  } catch (error) {
    if (error instanceof BodyTooLarge) return refused('fileTooLarge')
    throw error
  }
  const remove = form.fields.remove === '1'
  const file = form.file('image')
  if (!remove && !(file && file.size > 0)) return refused('required')
  const alt = (form.fields.alt ?? '').trim()
  const outcome = await setEventImage(
    eventId,
    remove || !file
      ? null
      : { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, alt: alt || null },
  )
  if (outcome.ok) return forward(request, screen, 'eventSaved')
  if ('problems' in outcome) {
    const first = outcome.problems[0]
    return backToForm(request, screen, {
      form: 'event-gallery',
      errors: { [first?.field === 'imageAlt' ? 'alt' : 'image']: { rule: first?.rule ?? 'notAnImage' } },
      values: { alt },
    })
  }
  return seeOther(outcome.refused === 'signedOut' ? '/login' : '/user/events')
})

/** The event's files, one page of `fileManagerPageSize` (page from 1), with the event's tournaments by name. */
export const editorFiles = async (eventId: number, page: number) => {
  const actor = await currentActor()
  if (!actor) return null
  const listed = await attempt(
    EventEditor.use((e) =>
      e.files(actor, eventId, { offset: (page - 1) * fileManagerPageSize, limit: fileManagerPageSize }),
    ),
  )
  if (Result.isFailure(listed)) return null
  const tournaments = await attempt(TournamentEditor.use((e) => e.tournaments(actor, eventId)))
  return {
    page,
    pageSize: fileManagerPageSize,
    total: listed.success.total,
    files: listed.success.files.map(({ file, usedAs, usedByTournamentId }) => ({
      key: file.path,
      filename: file.filename,
      url: file.url,
      isImage: file.isImage,
      size: file.size,
      uploadedAt: file.uploadedAt,
      folder: file.folder,
      folderKind: file.folderKind,
      tournamentId: file.tournamentId,
      usedAs,
      usedByTournamentId,
    })),
    tournaments: Result.isSuccess(tournaments)
      ? tournaments.success.map((t) => ({ tournamentId: t.tournamentId, name: t.name }))
      : [],
  }
}

/** A PDF of up to 20 MB (EventFiles' limit) with the small fields of its form. */
const maxDocumentRequestBytes = maxDocumentBytes + 64 * 1024

/** Where an uploaded PDF goes: `event` (the event's documents), `documents-{id}` or `results-{id}` (a tournament's). */
/**
 * Where an uploaded PDF goes: the event's documents, a tournament's documents, its rules and regulations (kept
 * with its documents and linked from the tournament), or its results (published as the tournament's results).
 */
const documentTarget = (raw: string | undefined) => {
  if (raw === 'event') return { tournamentId: null, kind: 'documents' as const }
  const match = /^(documents|rules|results)-(\d{1,10})$/.exec(raw ?? '')
  const id = Number(match?.[2])
  if (!match || !(id >= 1 && id <= 2_147_483_647)) return null
  switch (match[1]) {
    case 'rules':
      return { tournamentId: id, kind: 'documents' as const, useAs: 'rules' as const }
    case 'results':
      return { tournamentId: id, kind: 'results' as const, useAs: 'results' as const }
    default:
      return { tournamentId: id, kind: 'documents' as const }
  }
}

/**
 * The file manager's forms (multipart or url-encoded, also without JavaScript), answering 303 back to the screen:
 * `intent=upload` stores a PDF (`file`) in the event's or a tournament's documents or results (`target`);
 * `intent=remove` removes the file stored under `key`. A refusal comes back on its field (file, target) or as
 * the reason a removal was refused (`remove`: the file's use, notFound; `form`: notEditable).
 */
export const filesPost = withBodyLimit(async (request: Request, rawId: string): Promise<Response> => {
  const eventId = /^\d{1,10}$/.test(rawId) ? Number(rawId) : null
  if (eventId === null) return seeOther('/user/events')
  const screen = `/event/manage/${eventId}/file-management-system`
  const session = await sessionOf(request)
  if (!session.user) return seeOther(`/login?redirect=${encodeURIComponent(screen)}`)
  const back = (errors: Record<string, { rule: string }>, values: Record<string, string> = {}, at = screen) =>
    backToForm(request, at, { form: 'event-files', errors, values })
  let form: Awaited<ReturnType<typeof postedForm>>
  try {
    form = await postedForm(request, maxDocumentRequestBytes)
  } catch (error) {
    if (error instanceof BodyTooLarge) return back({ file: { rule: 'fileTooLarge' } })
    throw error
  }
  const actor = await currentActor()
  if (!actor) return seeOther(`/login?redirect=${encodeURIComponent(screen)}`)
  const refusedEvent = (reason: EditRefusal, at = screen) =>
    reason === 'notEditable' ? back({ form: { rule: 'notEditable' } }, {}, at) : seeOther('/user/events')

  if (form.fields.intent === 'remove') {
    const page = /^\d{1,6}$/.test(form.fields.page ?? '') ? Number(form.fields.page) : 1
    const at = page > 1 ? `${screen}?page=${page}` : screen
    const key = form.fields.key ?? ''
    const removed = await attempt(EventEditor.use((e) => e.removeFile(actor, eventId, key)))
    if (Result.isSuccess(removed)) return forward(request, at, 'eventSaved')
    const failure = removed.failure
    switch (failure._tag) {
      case 'EventFileInUse':
        return back({ remove: { rule: failure.usedAs } }, { key }, at)
      case 'EventFileNotFound':
        return back({ remove: { rule: 'notFound' } }, { key }, at)
      case 'EventEditRefused':
        return refusedEvent(failure.reason, at)
    }
  }

  const target = documentTarget(form.fields.target)
  const values = { target: form.fields.target ?? '' }
  if (target === null) return back({ target: { rule: 'unknownChoice' } }, values)
  const file = form.file('file')
  if (!file || file.size === 0) return back({ file: { rule: 'required' } }, values)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const stored = await attempt(
    EventEditor.use((e) => e.storeDocument(actor, eventId, { ...target, bytes, filename: file.name })),
  )
  if (Result.isSuccess(stored)) return forward(request, screen, 'eventSaved')
  const failure = stored.failure
  if (failure._tag === 'EventEditRefused')
    // A tournament removed meanwhile (or another event's) reads as missing: choose again.
    return target.tournamentId !== null && failure.reason === 'notFound'
      ? back({ target: { rule: 'unknownChoice' } }, values)
      : refusedEvent(failure.reason)
  const first = failure.problems[0]
  return back(
    first?.field === 'tournamentId'
      ? { target: { rule: first.rule } }
      : { file: { rule: first?.rule ?? 'notAPdf' } },
    values,
  )
})
