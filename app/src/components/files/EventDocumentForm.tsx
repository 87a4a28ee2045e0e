import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { FormState } from '../../lib/session.ts'
import { Field, FormProblem, Submit, useFieldMessage } from '../Forms.tsx'

// The event screen's upload of a PDF with a purpose (issue 4): the event's documents, a tournament's documents, its
// rules and regulations, or its results (published as the tournament's results). A plain multipart form posting to
// the screen with `?form=document` (eventEditor.server.ts filesPost), so it works without JavaScript too.

/** A tournament of the event, as the choice of where a PDF goes names it. */
export interface DocumentTournament {
  readonly tournamentId: number
  readonly name: string
}

export function EventDocumentForm(props: {
  readonly action: string
  readonly tournaments: ReadonlyArray<DocumentTournament>
  readonly errors: FormState | null
  readonly target: string
}) {
  const { t } = useLingui()
  const id = useId()
  const message = useFieldMessage()(props.errors?.errors.target)
  return (
    <form
      method="post"
      action={props.action}
      encType="multipart/form-data"
      aria-labelledby={`${id}-heading`}
      className="flex min-w-0 flex-col gap-4 rounded-card border border-line bg-surface p-4"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans>Upload a PDF</Trans>
      </h3>
      <input type="hidden" name="intent" value="upload" />
      {props.errors?.errors.form?.rule === 'notEditable' ? (
        <p
          role="alert"
          className="rounded-lg border border-danger-700/30 bg-danger-100 px-4 py-3 text-sm text-danger-700"
        >
          {t`A postponed or canceled event cannot be edited.`}
        </p>
      ) : (
        <FormProblem state={props.errors} />
      )}
      <Field
        name="file"
        type="file"
        label={<Trans>PDF document</Trans>}
        hint={<Trans>Rules, bulletins, results: a PDF of up to 20 MB.</Trans>}
        error={props.errors?.errors.file}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-target`} className="text-sm font-semibold">
          <Trans>Where it goes</Trans>
        </label>
        <select
          id={`${id}-target`}
          name="target"
          defaultValue={props.target}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-target-error` : undefined}
          className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-base aria-[invalid=true]:border-danger-700 focus:outline-2 focus:outline-brand-600"
        >
          <option value="event">{t`Event documents`}</option>
          {props.tournaments.map((tournament) => {
            const name = tournament.name
            return [
              <option
                key={`documents-${tournament.tournamentId}`}
                value={`documents-${tournament.tournamentId}`}
              >
                {t`Documents of ${name}`}
              </option>,
              <option key={`rules-${tournament.tournamentId}`} value={`rules-${tournament.tournamentId}`}>
                {t`Rules and regulations of ${name}`}
              </option>,
              <option key={`results-${tournament.tournamentId}`} value={`results-${tournament.tournamentId}`}>
                {t`Results of ${name} (published on the event page)`}
              </option>,
            ]
          })}
        </select>
        {message ? (
          <span id={`${id}-target-error`} className="text-sm text-danger-700">
            {message}
          </span>
        ) : null}
      </div>
      <div>
        <Submit>
          <Trans>Upload the PDF</Trans>
        </Submit>
      </div>
    </form>
  )
}
