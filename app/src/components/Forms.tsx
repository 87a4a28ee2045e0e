import { decodeForm, ErrorCode, type FormSchema, ValidationRule } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import type { FieldError, FormState } from '../lib/session.ts'

// The account forms: native HTML forms that post without JavaScript; with it, they check the same Schemas
// the server checks (spec section 5) before sending, and move to the first invalid field.

/** The translated message for a validation rule or a catalogue code. */
export function useFieldMessage(): (error: FieldError | undefined) => string | null {
  const { t } = useLingui()
  const codeMessage = useCodeMessage()
  return (error) => {
    if (!error) return null
    if (error.code !== undefined) return codeMessage(error.code)
    switch (error.rule) {
      case ValidationRule.required:
        return t`This field is required.`
      case ValidationRule.email:
        return t`The e-mail must not contain hieroglyphs or Cyrillic characters and must be a valid e-mail address.`
      case ValidationRule.phone:
        return t`Enter a phone number of 4 to 20 digits, with a + in front for an international one, e.g. +48 600 123 456.`
      case ValidationRule.latin:
        return t`Use Latin letters and spaces only.`
      case ValidationRule.noEdgeSpaces:
        return t`Remove the spaces at the start or the end.`
      case ValidationRule.notOnlyDigits:
        return t`Incorrect string value.`
      case ValidationRule.noForeignScript:
        return t`Chinese, Arabic or Cyrillic characters are not allowed here.`
      case ValidationRule.tooLong:
        return t`This text is too long.`
      case ValidationRule.passwordTooShort:
        return t`The password must be at least 8 characters long.`
      case ValidationRule.passwordPattern:
        return t`The password may contain letters, digits and punctuation, but no spaces.`
      case ValidationRule.passwordEmpty:
        return t`Enter a password.`
      case ValidationRule.passwordTooLong:
        return t`The password must be at most 128 characters long.`
      case ValidationRule.url:
        return t`Enter a public web address, e.g. example.org.`
      case ValidationRule.dateRange:
        return t`The dates are not valid!`
      case ValidationRule.mustAccept:
        return t`You must accept the terms and conditions.`
      case ValidationRule.notAnImage:
        return t`This file is not a picture we can use. Choose a JPEG, PNG, WebP, GIF or AVIF image.`
      case ValidationRule.fileTooLarge:
        return t`This file is too large.`
      case ValidationRule.notAPdf:
        return t`This file is not a PDF document.`
      case ValidationRule.invalidDate:
        return t`Enter a real date.`
      case ValidationRule.invalidTime:
        return t`Enter a time as hours and minutes, e.g. 09:30.`
      case ValidationRule.invalidDateTime:
        return t`Enter a date and a time.`
      case ValidationRule.outOfRange:
        return t`This value is outside the allowed range.`
      case ValidationRule.oneMain:
        return t`Mark exactly one as the main one.`
      case ValidationRule.duplicate:
        return t`The same value is given twice.`
      case ValidationRule.unknownChoice:
        return t`Choose one of the offered values.`
      case ValidationRule.unknownId:
        return t`This item does not belong here. Reload the page and try again.`
      case ValidationRule.belowSold:
        return t`This cannot be lower than the number already sold.`
      case ValidationRule.hasSales:
        return t`This cannot be removed: some are already sold.`
      case ValidationRule.freeTicketPrice:
        return t`A free ticket costs nothing: set the price to 0.`
      case ValidationRule.outsideEvent:
        return t`This must be within the event’s dates.`
      case ValidationRule.excludesTournaments:
        return t`The event’s dates must include the dates of all its tournaments.`
      case ValidationRule.outsideTournament:
        return t`This must be within the tournament’s dates.`
      case ValidationRule.afterStart:
        return t`Registration must close before the tournament starts.`
      case ValidationRule.noTicketForSale:
        return t`Registration needs at least one ticket for sale.`
      case ValidationRule.prizePlaces:
        return t`The prizes do not match the number of prize places.`
      case ValidationRule.prizesOverPool:
        return t`The prizes add up to more than the prize pool.`
      case ValidationRule.contestantCount:
        return t`The number of players does not fit this tournament.`
      case ValidationRule.sameTicket:
        return t`A per-team ticket covers the whole entry: choose the same ticket for everyone.`
      case ValidationRule.federationUnknown:
        return t`The federation does not know this member number.`
      case ValidationRule.federationMismatch:
        return t`This member number belongs to a player with another name.`
      case ValidationRule.iban:
        return t`Enter a valid IBAN, e.g. LT12 1000 0111 0100 1000.`
      case ValidationRule.bic:
        return t`Enter a valid BIC of 8 or 11 characters.`
      case ValidationRule.invalidName:
        return t`A name may not contain / or \\ or control characters, and may not be . or ..`
      case ValidationRule.reservedName:
        return t`This name belongs to one of the platform’s own folders. Choose another.`
      case ValidationRule.nameTaken:
        return t`There is already a folder with this name here.`
      case ValidationRule.notAllowedType:
        return t`This type of file is not allowed. Upload pictures (JPEG, PNG, WebP, GIF, AVIF) or documents (PDF, Office, plain text).`
      case ValidationRule.quotaExceeded:
        return t`There is not enough space left in your storage for this.`
      case ValidationRule.inUse:
        return t`This is still in use, so it cannot be deleted.`
      default:
        return t`This value is not valid.`
    }
  }
}

/**
 * A field's error as a person reads it: a missing value names the field by its label ("E-mail is required."),
 * every other rule has its own message.
 */
export function FieldErrorText({ error, label }: { error: FieldError | undefined; label?: ReactNode }) {
  const message = useFieldMessage()(error)
  if (message === null) return null
  if (error?.code === undefined && error?.rule === ValidationRule.required && label !== undefined)
    return <Trans>{label} is required.</Trans>
  return message
}

/** The translated message of an error catalogue code (spec section 8). */
export function useCodeMessage(): (code: number) => string {
  const { t } = useLingui()
  return (code) => {
    switch (code) {
      case ErrorCode.badCredentials:
        return t`The e-mail or the password is wrong.`
      case ErrorCode.emailExists:
        return t`An account with this e-mail already exists. Log in or reset your password.`
      case ErrorCode.emailExistsSocial:
        return t`An account with this e-mail already exists. Log in with your password and connect this social account in your profile settings.`
      case ErrorCode.notActivated:
        return t`Your account is not activated yet. We have e-mailed you the activation link.`
      case ErrorCode.banned:
        return t`This account has been blocked. Please contact us.`
      case ErrorCode.socialLoginFailed:
        return t`We could not log you in with this social account. Please try again.`
      case ErrorCode.socialEmailMissing:
        return t`The social account did not give us your e-mail address. Sign up with your e-mail instead.`
      case ErrorCode.rulesNotAccepted:
        return t`You must accept the terms and conditions.`
      case ErrorCode.initialPasswordIncorrect:
        return t`The current password is wrong.`
      case ErrorCode.socialConnectEmailExists:
        return t`The e-mail of this social account belongs to another Kibitz account.`
      case ErrorCode.socialAlreadyConnected:
        return t`This social account is already connected.`
      case ErrorCode.socialConnectFailed:
        return t`We could not connect or disconnect this social account.`
      case ErrorCode.facebookNoEmail:
        return t`This Facebook account has no e-mail address, so it cannot be connected.`
      case ErrorCode.resetTokenExpired:
        return t`This link has expired or has already been used.`
      case ErrorCode.userNotFound:
        return t`The user was not found.`
      case ErrorCode.emailChangeNotAllowed:
        return t`The e-mail of this account cannot be changed.`
      case ErrorCode.sessionEnded:
        return t`Your session has ended. Please log in again.`
      case ErrorCode.userIdMismatch:
        return t`You were logged out because the account changed in another tab.`
      case ErrorCode.ticketsUpdated:
        return t`The tickets of this tournament changed while you were filling in the form. Check the new prices and places, then register again.`
      default:
        return t`Something went wrong. Please try again.`
    }
  }
}

/** A redirected form's general failure: a code, or too many attempts. */
export function FormProblem({ state }: { state: FormState | null }) {
  const { t } = useLingui()
  const codeMessage = useCodeMessage()
  if (!state) return null
  let message: string | null = null
  if (state.retryAfter !== undefined) {
    const minutes = Math.max(1, Math.ceil(state.retryAfter / 60))
    // A login refused by the limits (decision 028): the account is not locked, and these ways still work.
    message =
      state.form === 'login'
        ? t`Too many failed logins. Try again in ${minutes} min, log in on a device you have used before, or reset your password.`
        : t`Too many attempts. Please try again in ${minutes} min.`
  } else if (state.code !== undefined) {
    message = codeMessage(state.code)
  } else if (Object.keys(state.errors).length > 0) {
    message = t`Please correct the marked fields.`
  }
  if (!message) return null
  return (
    <p
      role="alert"
      className="rounded-lg border border-danger-700/30 bg-danger-100 px-4 py-3 text-sm text-danger-700"
    >
      {message}
    </p>
  )
}

type Errors = Readonly<Record<string, FieldError>>

/** The values of a form as decodeForm takes them: every text value by its name. */
const valuesOf = (form: HTMLFormElement): Record<string, unknown> => {
  const input: Record<string, unknown> = {}
  for (const [key, value] of new FormData(form).entries()) if (typeof value === 'string') input[key] = value
  return input
}

/**
 * Client-side checking with the server's Schema: on submit, invalid forms stay in the browser, the first
 * invalid field is scrolled to and focused (its tab opened through `onReveal`). Valid forms post natively.
 * While the person types (`onChange` on the form), an error is taken away as soon as its field is valid; an
 * error only the server can find (a taken e-mail) goes when its field is changed.
 */
export function useValidatedForm(
  schema: FormSchema | null,
  initial: Errors,
  onReveal?: (field: string) => void,
) {
  const [errors, setErrors] = useState<Errors>(initial)
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target
    if (
      !(
        target instanceof HTMLInputElement ||
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement
      )
    )
      return
    const field = target.name
    if (!(field in errors)) return
    const current = errors[field]
    const found = schema ? decodeForm(schema, valuesOf(event.currentTarget)) : { ok: true as const }
    const still = !found.ok && current?.code === undefined ? found.errors[field] : undefined
    setErrors((list) => {
      const { [field]: _fixed, ...rest } = list
      return still ? { ...rest, [field]: { rule: still.rule } } : rest
    })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!schema) return
    const form = event.currentTarget
    const result = decodeForm(schema, valuesOf(form))
    if (result.ok) {
      setErrors({})
      return
    }
    event.preventDefault()
    const found: Record<string, FieldError> = {}
    for (const [field, error] of Object.entries(result.errors)) found[field] = { rule: error.rule }
    setErrors(found)
    const first = Array.from(form.elements).find(
      (element): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
        (element instanceof HTMLInputElement ||
          element instanceof HTMLTextAreaElement ||
          element instanceof HTMLSelectElement) &&
        element.name in found,
    )
    if (first) {
      onReveal?.(first.name)
      // Let a newly opened tab render before moving there.
      requestAnimationFrame(() => {
        first.scrollIntoView({ behavior: 'smooth', block: 'center' })
        first.focus({ preventScroll: true })
      })
    }
  }
  return { errors, onSubmit, onChange }
}

const inputClass =
  'w-full rounded-lg border border-line bg-surface px-3 py-2 text-base aria-[invalid=true]:border-danger-700 focus:outline-2 focus:outline-brand-600'

/** A labelled input with its error message wired for screen readers. */
export function Field(props: {
  name: string
  label: ReactNode
  type?: string
  defaultValue?: string
  autoComplete?: string
  required?: boolean
  error?: FieldError
  hint?: ReactNode
  maxLength?: number
  multiline?: boolean
}) {
  const id = useId()
  const message = useFieldMessage()(props.error)
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const described =
    [props.hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined
  const [length, setLength] = useState(props.defaultValue?.length ?? 0)
  const common = {
    id,
    name: props.name,
    defaultValue: props.defaultValue,
    required: props.required,
    maxLength: props.maxLength,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': described,
    className: inputClass,
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {props.label}
      </label>
      {props.multiline ? (
        <textarea {...common} rows={4} onChange={(e) => setLength(e.currentTarget.value.length)} />
      ) : (
        <input {...common} type={props.type ?? 'text'} autoComplete={props.autoComplete} />
      )}
      {props.multiline && props.maxLength ? (
        <span className="self-end text-xs text-muted" aria-live="polite">
          {length}/{props.maxLength}
        </span>
      ) : null}
      {props.hint ? (
        <span id={hintId} className="text-xs text-muted">
          {props.hint}
        </span>
      ) : null}
      {message ? (
        <span id={errorId} className="text-sm text-danger-700">
          <FieldErrorText error={props.error} label={props.label} />
        </span>
      ) : null}
    </div>
  )
}

/** A checkbox with its error message. */
export function Checkbox(props: {
  name: string
  label: ReactNode
  error?: FieldError
  defaultChecked?: boolean
}) {
  const id = useId()
  const message = useFieldMessage()(props.error)
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={props.name}
          defaultChecked={props.defaultChecked}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className="mt-1 h-4 w-4"
        />
        <label htmlFor={id} className="text-sm">
          {props.label}
        </label>
      </div>
      {message ? (
        <span id={`${id}-error`} className="text-sm text-danger-700">
          {message}
        </span>
      ) : null}
    </div>
  )
}

/** The main button of a form. */
export function Submit({ children }: { children: ReactNode }) {
  return (
    <button
      type="submit"
      className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
    >
      {children}
    </button>
  )
}

/** The card a single account form sits in. */
export function FormCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-md flex-col gap-5 rounded-card bg-surface p-6 shadow-card">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </section>
  )
}
