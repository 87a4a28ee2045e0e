import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { FieldErrorText, useFieldMessage } from '../Forms.tsx'
import { type KeptStep, useKeptDrafts, useSavedAtTime } from './keptDrafts.tsx'

// Controlled inputs of the organiser's editor screens. Each input carries `data-path` (the dotted field path
// the events and tournaments domains name in their problems), so a save can move to the first invalid field.

/** Field problems by dotted path: the rule each breaks. */
export type Problems = Readonly<Record<string, string>>

export const problemsOf = (
  list: ReadonlyArray<{ readonly field: string; readonly rule: string }>,
): Problems => Object.fromEntries(list.map((p) => [p.field, p.rule]))

/** Problems under `prefix.` with the prefix removed (for a nested part of a form). */
export const within = (problems: Problems, prefix: string): Problems =>
  Object.fromEntries(
    Object.entries(problems)
      .filter(([field]) => field.startsWith(`${prefix}.`))
      .map(([field, rule]) => [field.slice(prefix.length + 1), rule]),
  )

/** Scrolls to and focuses the first input whose path has a problem (spec section 5). */
export const revealFirstProblem = (container: HTMLElement | null, problems: Problems): void => {
  if (!container) return
  const fields = Object.keys(problems)
  const inputs = Array.from(container.querySelectorAll<HTMLElement>('[data-path]'))
  const first =
    inputs.find((el) => fields.includes(el.dataset.path ?? '')) ??
    inputs.find((el) =>
      fields.some((f) => f.startsWith(`${el.dataset.path}.`) || (el.dataset.path ?? '').startsWith(`${f}.`)),
    )
  if (!first) return
  requestAnimationFrame(() => {
    first.scrollIntoView({ behavior: 'smooth', block: 'center' })
    first.focus({ preventScroll: true })
  })
}

export const inputClass =
  'w-full rounded-lg border border-line bg-surface px-3 py-2 text-base aria-[invalid=true]:border-danger-700 focus:outline-2 focus:outline-brand-600 disabled:cursor-not-allowed disabled:border-dashed disabled:bg-canvas disabled:text-muted'

function Message({ id, rule, label }: { id: string; rule: string | undefined; label?: ReactNode }) {
  const error = rule === undefined ? undefined : { rule }
  const message = useFieldMessage()(error)
  return message ? (
    <span id={id} className="text-sm text-danger-700">
      <FieldErrorText error={error} label={label} />
    </span>
  ) : null
}

interface Common {
  readonly label: ReactNode
  readonly path: string
  /** The name a plain form post sends the value under (forms that also work without JavaScript). */
  readonly name?: string
  readonly problems: Problems
  readonly hint?: ReactNode
  readonly required?: boolean
}

/** A text, date, time, number, e-mail or url input bound to a string value. */
export function TextInput(
  props: Common & {
    readonly value: string
    readonly onChange: (value: string) => void
    readonly type?: 'text' | 'date' | 'time' | 'datetime-local' | 'number' | 'email' | 'url'
    readonly maxLength?: number
    readonly multiline?: boolean
    readonly min?: string | number
    readonly max?: string | number
    readonly step?: string | number
    readonly inputMode?: 'numeric' | 'decimal'
    /** Shown but not typed in (a value the server computes). */
    readonly disabled?: boolean
    /** The id of a <datalist> of suggestions. */
    readonly list?: string
    readonly autoComplete?: string
  },
) {
  const id = useId()
  const rule = props.problems[props.path]
  const describedBy = [props.hint ? `${id}-hint` : null, rule ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ')
  const common = {
    id,
    name: props.name,
    autoComplete: props.autoComplete,
    'data-path': props.path,
    value: props.value,
    required: props.required,
    disabled: props.disabled,
    maxLength: props.maxLength,
    'aria-invalid': rule ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: inputClass,
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.multiline ? (
        <textarea {...common} rows={4} onChange={(e) => props.onChange(e.currentTarget.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          min={props.min}
          max={props.max}
          step={props.step}
          inputMode={props.inputMode}
          list={props.list}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      )}
      {props.hint ? (
        <span id={`${id}-hint`} className="text-xs text-muted">
          {props.hint}
        </span>
      ) : null}
      <Message id={`${id}-error`} rule={rule} label={props.label} />
    </div>
  )
}

/** A select bound to a string value. */
export function SelectInput(
  props: Common & {
    readonly value: string
    readonly onChange: (value: string) => void
    readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>
    /** Options under headings, after `options`. */
    readonly groups?: ReadonlyArray<{
      readonly label: string
      readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>
    }>
    readonly empty?: string
  },
) {
  const id = useId()
  const rule = props.problems[props.path]
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={props.name}
        data-path={props.path}
        value={props.value}
        required={props.required}
        aria-invalid={rule ? true : undefined}
        aria-describedby={rule ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        className={inputClass}
      >
        {props.empty !== undefined ? <option value="">{props.empty}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {props.groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <Message id={`${id}-error`} rule={rule} label={props.label} />
    </div>
  )
}

/** A checkbox bound to a boolean. */
export function Toggle(
  props: Omit<Common, 'required'> & {
    readonly checked: boolean
    readonly onChange: (checked: boolean) => void
  },
) {
  const id = useId()
  const rule = props.problems[props.path]
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          data-path={props.path}
          checked={props.checked}
          aria-invalid={rule ? true : undefined}
          aria-describedby={rule ? `${id}-error` : undefined}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
          className="mt-1 h-4 w-4"
        />
        <label htmlFor={id} className="text-sm">
          {props.label}
        </label>
      </div>
      {props.hint ? <span className="text-xs text-muted">{props.hint}</span> : null}
      <Message id={`${id}-error`} rule={rule} />
    </div>
  )
}

/** The problem of a whole list (e.g. 'contents': one main), shown above it. */
export function ListProblem({ path, problems }: { path: string; problems: Problems }) {
  const rule = problems[path]
  const message = useFieldMessage()(rule === undefined ? undefined : { rule })
  return message ? (
    <p role="alert" data-path={path} tabIndex={-1} className="text-sm text-danger-700">
      {message}
    </p>
  ) : null
}

/** A bordered group of fields with a heading. */
export function Fieldset({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-card border border-line p-4">
      <legend className="px-1 text-base font-bold">{legend}</legend>
      {children}
    </fieldset>
  )
}

/** A secondary button (add, remove, move). */
export function SmallButton(props: {
  readonly children: ReactNode
  readonly onClick: () => void
  readonly tone?: 'danger'
  readonly label?: string
  readonly disabled?: boolean
}) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      aria-label={props.label}
      disabled={props.disabled}
      className={`inline-flex h-9 items-center rounded-lg border px-3 text-sm font-semibold disabled:opacity-40 ${
        props.tone === 'danger' ? 'border-danger-700/40 text-danger-700' : 'border-line text-brand-800'
      }`}
    >
      {props.children}
    </button>
  )
}

/**
 * The outcome line after a save: saving, please correct, or refused; otherwise, in a step whose draft the editor
 * keeps, whether there are unsaved changes and when the step was last saved ("Saved at 14:05"), which stays.
 */
export function SaveStatus({
  status,
  step,
}: {
  status: 'idle' | 'saving' | 'saved' | 'invalid' | 'refused'
  step?: KeptStep
}) {
  const { t } = useLingui()
  const time = useSavedAtTime(step)
  const drafts = useKeptDrafts()
  const unsaved = step !== undefined && (drafts?.unsaved.has(step) ?? false)
  if (status === 'idle' || status === 'saved') {
    const text = unsaved
      ? time
        ? t`Unsaved changes (last saved at ${time})`
        : t`Unsaved changes`
      : time
        ? t`Saved at ${time}`
        : status === 'saved'
          ? t`Saved.`
          : null
    return text === null ? null : (
      <p role="status" data-testid="save-status" className="text-sm text-muted">
        {text}
      </p>
    )
  }
  const text =
    status === 'saving'
      ? t`Saving…`
      : status === 'invalid'
        ? t`Please correct the marked fields.`
        : t`You cannot change this event.`
  return (
    <p
      role={status === 'invalid' || status === 'refused' ? 'alert' : 'status'}
      data-testid="save-status"
      className={
        status === 'invalid' || status === 'refused' ? 'text-sm text-danger-700' : 'text-sm text-muted'
      }
    >
      {text}
    </p>
  )
}

/** The main button of an editor form. */
export function SaveButton({ children, busy }: { children?: ReactNode; busy?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
    >
      {children ?? <Trans>Save</Trans>}
    </button>
  )
}
