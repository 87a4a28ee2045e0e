import { decodeWithProblems } from '@kibitz/kernel/format'
import { EventId, idFromText } from '@kibitz/kernel/ids'
import { TournamentInput } from '@kibitz/tournaments/input'
import { Trans } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { notFoundWithMoreEvents } from '../../lib/notFound.ts'
import { fetchEditorTournament, fetchEditorTournaments } from '../../server/eventEditor.functions.ts'
import type { EditorProblem } from './EditorShell.tsx'
import { inputClass, type Problems, problemsOf, revealFirstProblem } from './kit.tsx'
import type { TournamentPayload } from './tournamentDraft.ts'

// What the tournament screens share (edit tournament, entry fees and prizes, program): each edits a part of
// one tournament's input, checks the whole input in the browser with the domain's schema, and saves it through
// saveTournamentFn; the server has the last word.

/** What saveTournamentFn answers, as the forms read it. */
export type TournamentSaveOutcome =
  | { readonly ok: true }
  | {
      readonly ok: false
      readonly problems: ReadonlyArray<{ readonly field: string; readonly rule: string }>
    }
  | { readonly ok: false; readonly refused: string }

export type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | 'refused'

export interface TournamentStepProps {
  /** The stored input (or a new tournament's); the parts a screen does not edit are sent back as they are. */
  readonly initial: TournamentPayload
  /**
   * After a save the route's data is reloaded and the form starts again from the stored values (new tickets
   * then have their ids). False when the route leaves the page after saving instead.
   */
  readonly reloadAfterSave?: boolean
  /** What still stops publishing the tournament, by field: marked until fixed. */
  readonly publishProblems: Problems
  readonly readOnly: boolean
  readonly onSave: (input: TournamentPayload) => Promise<TournamentSaveOutcome>
}

/** The publish problems of one tournament that belong to the given steps, by field. */
export const publishProblemsOf = (
  list: ReadonlyArray<EditorProblem>,
  tournamentId: number | null,
  steps: ReadonlyArray<string>,
): Problems =>
  tournamentId === null
    ? {}
    : problemsOf(list.filter((p) => p.tournamentId === tournamentId && steps.includes(p.step)))

/** A screen's draft of one tournament, its field problems and save state, and the save itself. */
export function useTournamentDraft<D>(props: TournamentStepProps, draftOf: (input: TournamentPayload) => D) {
  const router = useRouter()
  const [draft, setDraft] = useState<D>(() => draftOf(props.initial))
  const [problems, setProblems] = useState<Problems>(props.publishProblems)
  const [status, setStatus] = useState<SaveState>('idle')
  const [loaded, setLoaded] = useState(props.initial)
  const [awaitingReload, setAwaitingReload] = useState(false)
  const form = useRef<HTMLFormElement>(null)

  // The route's data came back after our save: start again from what is stored. Data reloaded for another
  // reason (an event action) leaves the organiser's unsaved edits alone.
  if (loaded !== props.initial) {
    setLoaded(props.initial)
    if (awaitingReload) {
      setAwaitingReload(false)
      setDraft(draftOf(props.initial))
      setProblems(props.publishProblems)
    }
  }

  const fail = (found: Problems) => {
    setProblems(found)
    setStatus('invalid')
    revealFirstProblem(form.current, found)
  }

  const save = async (input: TournamentPayload) => {
    if (props.readOnly) return
    const checked = decodeWithProblems(TournamentInput, input)
    if (!checked.ok) {
      fail(problemsOf(checked.problems))
      return
    }
    setStatus('saving')
    const outcome = await props.onSave(input)
    if (outcome.ok) {
      setStatus('saved')
      if (props.reloadAfterSave !== false) {
        setAwaitingReload(true)
        await router.invalidate()
      }
    } else if ('problems' in outcome) fail(problemsOf(outcome.problems))
    else setStatus('refused')
  }

  return { draft, setDraft, problems, status, form, save }
}

/** Says so when some problems concern fields of another step than this one (`here`: the fields it shows). */
export function ProblemsElsewhere({
  problems,
  here,
}: {
  readonly problems: Problems
  readonly here: (field: string) => boolean
}) {
  const elsewhere = Object.keys(problems).filter((field) => !here(field))
  if (elsewhere.length === 0) return null
  return (
    <p role="alert" className="text-sm text-danger-700">
      <Trans>
        Some problems of this tournament are on another step (the tournament, the entry fees and prizes, or
        the program). Fix them there.
      </Trans>
    </p>
  )
}

/** The select that chooses which of the event's tournaments a step shows. */
export function TournamentPicker(props: {
  readonly tournaments: ReadonlyArray<{ readonly tournamentId: number; readonly name: string }>
  readonly selected: number
  readonly onChoose: (tournamentId: number) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1 sm:max-w-md">
      <label htmlFor={id} className="text-sm font-semibold">
        <Trans>Tournament</Trans>
      </label>
      <select
        id={id}
        value={String(props.selected)}
        onChange={(e) => props.onChoose(Number(e.currentTarget.value))}
        className={inputClass}
      >
        {props.tournaments.map((t) => (
          <option key={t.tournamentId} value={String(t.tournamentId)}>
            {t.name}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The loader of the steps that edit one tournament at a time (entry fees and prizes, program): the event's
 * tournaments for the picker and the chosen one's form values. A stale `?tournament=` (a removed tournament)
 * shows the first one rather than nothing; another organiser's event is not found.
 */
export const loadChosenTournament = async (rawEventId: string, chosenId: number | undefined) => {
  const eventId = idFromText(EventId, rawEventId)
  const list = eventId === null ? null : await fetchEditorTournaments({ data: { eventId } })
  if (eventId === null || !list) throw await notFoundWithMoreEvents()
  const chosen = list.find((t) => t.tournamentId === chosenId) ?? list[0]
  const tournament = chosen
    ? await fetchEditorTournament({ data: { eventId, tournamentId: chosen.tournamentId } })
    : null
  if (chosen && !tournament) throw await notFoundWithMoreEvents()
  return { tournaments: list.map((t) => ({ tournamentId: t.tournamentId, name: t.name })), tournament }
}
