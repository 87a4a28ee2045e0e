import { AdditionalInformationInput } from '@kibitz/events/input'
import { decodeWithProblems } from '@kibitz/kernel/format'
import { Trans } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { useKeptDraft } from './keptDrafts.tsx'
import {
  Fieldset,
  type Problems,
  problemsOf,
  revealFirstProblem,
  SaveButton,
  SaveStatus,
  TextInput,
  Toggle,
} from './kit.tsx'

// The additional-information step: the event's own website, its live results, the championship text, the
// display options of its public page and the bank account players pay their registrations into.

type Stored = typeof AdditionalInformationInput.Encoded

type SaveOutcome =
  | { readonly ok: true }
  | {
      readonly ok: false
      readonly problems: ReadonlyArray<{ readonly field: string; readonly rule: string }>
    }
  | { readonly ok: false; readonly refused: string }

const orNull = (value: string) => (value.trim() === '' ? null : value)

interface AdditionalDraft {
  externalPageUrl: string
  liveResultsUrl: string
  championshipTypeText: string
  isYouth: boolean
  fbCommentsEnabled: boolean
  showNativeName: boolean
  beneficiary: string
  iban: string
  bic: string
}

const draftOf = (stored: Stored): AdditionalDraft => ({
  externalPageUrl: stored.externalPageUrl ?? '',
  liveResultsUrl: stored.liveResultsUrl ?? '',
  championshipTypeText: stored.championshipTypeText ?? '',
  isYouth: stored.isYouth,
  fbCommentsEnabled: stored.fbCommentsEnabled,
  showNativeName: stored.showNativeName,
  beneficiary: stored.payment?.beneficiary ?? '',
  iban: stored.payment?.iban ?? '',
  bic: stored.payment?.bic ?? '',
})

export function AdditionalForm(props: {
  readonly initial: Stored
  readonly readOnly: boolean
  readonly onSave: (input: Stored) => Promise<SaveOutcome>
}) {
  // Unsaved input is kept while the organiser visits other steps (docs/decisions/032).
  const [draft, setDraft] = useKeptDraft<AdditionalDraft>('additional', draftOf(props.initial))
  const setter =
    <K extends keyof AdditionalDraft>(key: K) =>
    (value: AdditionalDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }))
  const {
    externalPageUrl,
    liveResultsUrl,
    championshipTypeText,
    isYouth,
    fbCommentsEnabled,
    showNativeName,
    beneficiary,
    iban,
    bic,
  } = draft
  const setExternalPageUrl = setter('externalPageUrl')
  const setLiveResultsUrl = setter('liveResultsUrl')
  const setChampionshipTypeText = setter('championshipTypeText')
  const setIsYouth = setter('isYouth')
  const setFbCommentsEnabled = setter('fbCommentsEnabled')
  const setShowNativeName = setter('showNativeName')
  const setBeneficiary = setter('beneficiary')
  const setIban = setter('iban')
  const setBic = setter('bic')
  const [problems, setProblems] = useState<Problems>({})
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'invalid' | 'refused'>('idle')
  const form = useRef<HTMLFormElement>(null)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (props.readOnly) return
    const input: Stored = {
      externalPageUrl: orNull(externalPageUrl),
      liveResultsUrl: orNull(liveResultsUrl),
      championshipTypeText: orNull(championshipTypeText),
      isYouth,
      fbCommentsEnabled,
      showNativeName,
      payment: { beneficiary: beneficiary.trim(), iban: iban.trim(), bic: bic.trim() },
    }
    const checked = decodeWithProblems(AdditionalInformationInput, input)
    const found = checked.ok ? null : problemsOf(checked.problems)
    if (found) {
      setProblems(found)
      setStatus('invalid')
      revealFirstProblem(form.current, found)
      return
    }
    setStatus('saving')
    const outcome = await props.onSave(input)
    if (outcome.ok) {
      setProblems({})
      setStatus('saved')
    } else if ('problems' in outcome) {
      const fromServer = problemsOf(outcome.problems)
      setProblems(fromServer)
      setStatus('invalid')
      revealFirstProblem(form.current, fromServer)
    } else setStatus('refused')
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Fieldset legend={<Trans>Links</Trans>}>
        <TextInput
          label={<Trans>The event’s own website</Trans>}
          path="externalPageUrl"
          problems={problems}
          type="url"
          value={externalPageUrl}
          onChange={setExternalPageUrl}
        />
        <TextInput
          label={<Trans>Live results</Trans>}
          path="liveResultsUrl"
          problems={problems}
          type="url"
          hint={<Trans>While the event runs, its card links here.</Trans>}
          value={liveResultsUrl}
          onChange={setLiveResultsUrl}
        />
        <TextInput
          label={<Trans>Championship</Trans>}
          path="championshipTypeText"
          problems={problems}
          maxLength={120}
          hint={<Trans>For example: Open national championship</Trans>}
          value={championshipTypeText}
          onChange={setChampionshipTypeText}
        />
      </Fieldset>
      <Fieldset legend={<Trans>Public page</Trans>}>
        <Toggle
          label={<Trans>A youth event</Trans>}
          path="isYouth"
          problems={problems}
          checked={isYouth}
          onChange={setIsYouth}
        />
        <Toggle
          label={<Trans>Show the name in the organiser’s native language too</Trans>}
          path="showNativeName"
          problems={problems}
          checked={showNativeName}
          onChange={setShowNativeName}
        />
        <Toggle
          label={<Trans>Allow comments</Trans>}
          path="fbCommentsEnabled"
          problems={problems}
          checked={fbCommentsEnabled}
          onChange={setFbCommentsEnabled}
        />
      </Fieldset>
      <Fieldset legend={<Trans>Payment by bank transfer</Trans>}>
        <p className="text-sm text-muted">
          <Trans>
            Players who register pay to this account with a unique reference; leave empty if players pay at
            the venue.
          </Trans>
        </p>
        <TextInput
          label={<Trans>Beneficiary</Trans>}
          path="payment.beneficiary"
          problems={problems}
          maxLength={140}
          hint={<Trans>The account holder’s name, as the bank knows it</Trans>}
          value={beneficiary}
          onChange={setBeneficiary}
        />
        <TextInput
          label={<Trans>IBAN</Trans>}
          path="payment.iban"
          problems={problems}
          maxLength={50}
          value={iban}
          onChange={setIban}
        />
        <TextInput
          label={<Trans>BIC (optional)</Trans>}
          path="payment.bic"
          problems={problems}
          maxLength={20}
          value={bic}
          onChange={setBic}
        />
      </Fieldset>
      {props.readOnly ? null : (
        <div className="flex flex-wrap items-center gap-4">
          <SaveButton busy={status === 'saving'} />
          <SaveStatus status={status} step="additional" />
        </div>
      )}
    </form>
  )
}
