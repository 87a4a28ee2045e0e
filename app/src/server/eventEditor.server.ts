import { OrganiserService } from '@kibitz/accounts'
import {
  type EditRefusal,
  type EventAction,
  EventActions,
  EventEditor,
  EventEditorView,
  type EventEditRefused,
  type EventInputInvalid,
  TournamentForEdit,
} from '@kibitz/events'
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
    }

export const eventAction = async (eventId: number, action: EventAction, message: string | undefined) => {
  const actor = await currentActor()
  if (!actor) return { ok: false, reason: 'signedOut', problems: [] } satisfies ActionOutcome
  const result = await attempt(
    EventActions.use((a) => a.perform(actor, eventId, action, message === undefined ? {} : { message })),
  )
  if (Result.isSuccess(result))
    return { ok: true, to: result.success.to, notified: result.success.notified ?? 0 } satisfies ActionOutcome
  const refused = result.failure
  return {
    ok: false,
    reason: refused.reason,
    problems: (refused.problems ?? []).map((p) => ({ step: p.step, field: p.field, rule: p.rule })),
  } satisfies ActionOutcome
}

const encodeTournamentForEdit = Schema.encodeSync(TournamentForEdit)

/** The event's tournaments in their order, for the tournaments step (null: not the actor's event). */
export const editorTournaments = async (eventId: number) => {
  const actor = await currentActor()
  if (!actor) return null
  const result = await attempt(EventEditor.use((e) => e.tournaments(actor, eventId)))
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
  const result = await attempt(EventEditor.use((e) => e.tournament(actor, eventId, tournamentId)))
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
  const result = await attempt(EventEditor.use((e) => e.saveTournament(actor, eventId, tournamentId, input)))
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
  const result = await attempt(EventEditor.use((e) => e.removeTournament(actor, eventId, tournamentId)))
  return Result.isSuccess(result) ? { ok: true } : { ok: false, refused: result.failure.reason }
}

export const reorderTournaments = async (
  eventId: number,
  tournamentIds: ReadonlyArray<number>,
): Promise<TournamentsChange> => {
  const actor = await currentActor()
  if (!actor) return { ok: false, refused: 'signedOut' }
  const result = await attempt(EventEditor.use((e) => e.reorderTournaments(actor, eventId, tournamentIds)))
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
