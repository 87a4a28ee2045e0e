import { useLingui } from '@lingui/react/macro'
import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'

// What the organiser typed in a step of /event/manage/{id} and has not saved yet, kept while they move between
// the steps (docs/decisions/032): each form keeps its draft here under its step's key, takes it back when it is
// shown again, and forgets it once it is saved. The shell asks before the organiser leaves the editor with any
// draft unsaved, and each form says when it was last saved.

/** The steps whose forms keep their unsaved drafts. */
export type KeptStep = 'general' | 'additional'

interface KeptDrafts {
  /** The draft kept for `step`, if the organiser changed it and has not saved it. */
  readonly kept: (step: KeptStep) => unknown
  /** Keeps `step`'s draft; `dirty` false (it is what is stored) forgets it. */
  readonly keep: (step: KeptStep, draft: unknown, dirty: boolean) => void
  /** `step` was saved now: its draft is forgotten and the time of the save is shown. */
  readonly saved: (step: KeptStep) => void
  /** When each step was last saved in this visit. */
  readonly savedAt: Partial<Record<KeptStep, Date>>
  /** The steps with unsaved changes. */
  readonly unsaved: ReadonlySet<KeptStep>
}

const Context = createContext<KeptDrafts | null>(null)

/** Holds the drafts of one event's editor; it lives as long as the editor's frame does. */
export function KeptDraftsProvider({ children }: { readonly children: ReactNode }) {
  const drafts = useRef(new Map<KeptStep, unknown>())
  const [unsaved, setUnsaved] = useState<ReadonlySet<KeptStep>>(new Set())
  const [savedAt, setSavedAt] = useState<Partial<Record<KeptStep, Date>>>({})
  const mark = useCallback((step: KeptStep, dirty: boolean) => {
    setUnsaved((current) => {
      if (current.has(step) === dirty) return current
      const next = new Set(current)
      if (dirty) next.add(step)
      else next.delete(step)
      return next
    })
  }, [])
  // Stable functions: a form's effect that keeps its draft runs when the draft changes, not when a save is shown.
  const kept = useCallback((step: KeptStep) => drafts.current.get(step), [])
  const keep = useCallback(
    (step: KeptStep, draft: unknown, dirty: boolean) => {
      if (dirty) drafts.current.set(step, draft)
      else drafts.current.delete(step)
      mark(step, dirty)
    },
    [mark],
  )
  const saved = useCallback(
    (step: KeptStep) => {
      drafts.current.delete(step)
      mark(step, false)
      setSavedAt((current) => ({ ...current, [step]: new Date() }))
    },
    [mark],
  )
  const value = useMemo<KeptDrafts>(
    () => ({ kept, keep, saved, savedAt, unsaved }),
    [kept, keep, saved, savedAt, unsaved],
  )
  return <Context.Provider value={value}>{children}</Context.Provider>
}

/** The editor's kept drafts; null outside the editor's frame (the first step of /event/create). */
export const useKeptDrafts = (): KeptDrafts | null => useContext(Context)

/**
 * A form's draft state that outlives the form while the organiser visits other steps: it starts from the kept
 * draft when there is one, else from `initial` (what is stored), and is kept on every change.
 */
export function useKeptDraft<T>(step: KeptStep | undefined, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const drafts = useKeptDrafts()
  const [draft, setDraft] = useState<T>(() => {
    const kept = step && drafts ? drafts.kept(step) : undefined
    return kept === undefined ? initial : (kept as T)
  })
  const stored = useRef(JSON.stringify(initial))
  const keep = drafts?.keep
  useEffect(() => {
    if (step && keep) keep(step, draft, JSON.stringify(draft) !== stored.current)
  }, [step, keep, draft])
  return [draft, setDraft]
}

/** When `step` was last saved in this visit, as the organiser's language writes a time ("14:05", "2:05 PM"). */
export function useSavedAtTime(step: KeptStep | undefined): string | null {
  const { i18n } = useLingui()
  const drafts = useKeptDrafts()
  const at = step ? drafts?.savedAt[step] : undefined
  return at ? new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(at) : null
}
