import { GeneralInformationInput } from '@kibitz/events/input'
import { contentLanguages, currencyName, decodeWithProblems } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { ContentFields } from './GeneralContents.tsx'
import { LocationFields } from './GeneralLocations.tsx'
import { type GeneralDraft, type GeneralPayload, generalInputOf, type Lookups } from './generalDraft.ts'
import { type KeptStep, useKeptDraft } from './keptDrafts.tsx'
import {
  Fieldset,
  ListProblem,
  type Problems,
  problemsOf,
  revealFirstProblem,
  SaveButton,
  SaveStatus,
  SelectInput,
  TextInput,
  Toggle,
} from './kit.tsx'

// The general-information step (spec sections 2 and 3): contents per language with a main and a native
// content, type, game type, edition, dates, country, languages, currency, time zone, organiser e-mail and
// locations. Checked in the browser with the domain's own Schema, then by the server, which has the last word.

export {
  type GeneralDraft,
  type GeneralPayload,
  generalDraftOf,
  generalInputOf,
  type Lookups,
} from './generalDraft.ts'

type SaveOutcome =
  | { readonly ok: true }
  | {
      readonly ok: false
      readonly problems: ReadonlyArray<{ readonly field: string; readonly rule: string }>
    }
  | { readonly ok: false; readonly refused: string }

export function GeneralForm(props: {
  readonly initial: GeneralDraft
  readonly lookups: Lookups
  /** For the super user creating an event: the organisers to create it for. */
  readonly creators?: ReadonlyArray<{ readonly organiserId: number; readonly name: string }>
  readonly readOnly?: boolean
  readonly submitLabel?: React.ReactNode
  /** In the editor: the step under which unsaved input is kept while the organiser visits other steps. */
  readonly step?: KeptStep
  readonly onSave: (input: GeneralPayload) => Promise<SaveOutcome>
}) {
  const { t, i18n } = useLingui()
  const [draft, setDraft] = useKeptDraft<GeneralDraft>(props.step, props.initial)
  const [problems, setProblems] = useState<Problems>({})
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'invalid' | 'refused'>('idle')
  const [timeZones, setTimeZones] = useState<ReadonlyArray<string>>([props.initial.timeZone])
  const form = useRef<HTMLFormElement>(null)

  // The browser knows every IANA zone; the server-rendered form offers the stored one until then.
  useEffect(() => {
    setTimeZones(Intl.supportedValuesOf('timeZone'))
  }, [])

  const set = (patch: Partial<GeneralDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const languageName = (code: string) =>
    props.lookups.languages.find((l) => l.code === code)?.nativeName ?? code

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (props.readOnly) return
    const input = generalInputOf(draft)
    const checked = decodeWithProblems(GeneralInformationInput, input)
    if (!checked.ok) {
      const found = problemsOf(checked.problems)
      setProblems(found)
      setStatus('invalid')
      revealFirstProblem(form.current, found)
      return
    }
    setStatus('saving')
    // A failed call (the server or the network) must not leave the form saying "Saving…" forever.
    const outcome = await props.onSave(input).catch(() => null)
    if (outcome === null) setStatus('refused')
    else if (outcome.ok) {
      setProblems({})
      setStatus('saved')
    } else if ('problems' in outcome) {
      const found = problemsOf(outcome.problems)
      setProblems(found)
      setStatus('invalid')
      revealFirstProblem(form.current, found)
    } else setStatus('refused')
  }

  const countryOptions = props.lookups.countries.map((c) => ({ value: c.code, label: c.name }))

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
      {props.creators && props.creators.length > 0 ? (
        <SelectInput
          label={<Trans>Organiser</Trans>}
          path="organiserId"
          problems={problems}
          required
          value={draft.organiserId}
          onChange={(organiserId) => set({ organiserId })}
          empty={t`Choose the organiser`}
          options={props.creators.map((c) => ({ value: String(c.organiserId), label: c.name }))}
        />
      ) : null}

      <Fieldset legend={<Trans>Name and description</Trans>}>
        <ContentFields
          contents={draft.contents}
          problems={problems}
          setDraft={setDraft}
          languageName={languageName}
        />
      </Fieldset>

      <Fieldset legend={<Trans>Kind of event</Trans>}>
        <SelectInput
          label={<Trans>Event type</Trans>}
          path="type"
          problems={problems}
          required
          value={draft.type}
          onChange={(type) => set({ type })}
          options={[
            { value: '1', label: t`Local` },
            { value: '2', label: t`National` },
            { value: '3', label: t`International` },
            { value: '4', label: t`World class` },
          ]}
        />
        <div className="flex flex-wrap gap-6">
          <Toggle
            label={<Trans>Played live, at a venue</Trans>}
            path="isLive"
            problems={problems}
            checked={draft.isLive}
            onChange={(isLive) => set({ isLive })}
          />
          <Toggle
            label={<Trans>Played online</Trans>}
            path="isOnline"
            problems={problems}
            checked={draft.isOnline}
            onChange={(isOnline) => set({ isOnline })}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectInput
            label={<Trans>Edition</Trans>}
            path="editionType"
            problems={problems}
            value={draft.editionType}
            onChange={(editionType) => set({ editionType })}
            options={[
              { value: '1', label: t`Year` },
              { value: '2', label: t`Season` },
            ]}
          />
          {draft.editionType === '2' ? (
            <TextInput
              label={<Trans>Season</Trans>}
              path="editionSeason"
              problems={problems}
              hint={<Trans>For example 2026/2027</Trans>}
              value={draft.editionSeason}
              onChange={(editionSeason) => set({ editionSeason })}
            />
          ) : (
            <TextInput
              label={<Trans>Edition year</Trans>}
              path="editionYear"
              problems={problems}
              type="number"
              inputMode="numeric"
              value={draft.editionYear}
              onChange={(editionYear) => set({ editionYear })}
            />
          )}
        </div>
      </Fieldset>

      <Fieldset legend={<Trans>When and where</Trans>}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={<Trans>First day</Trans>}
            path="dateStart"
            problems={problems}
            required
            type="date"
            value={draft.dateStart}
            onChange={(dateStart) =>
              set({ dateStart, dateEnd: draft.dateEnd === '' ? dateStart : draft.dateEnd })
            }
          />
          <TextInput
            label={<Trans>Last day</Trans>}
            path="dateEnd"
            problems={problems}
            required
            type="date"
            min={draft.dateStart}
            value={draft.dateEnd}
            onChange={(dateEnd) => set({ dateEnd })}
          />
          <SelectInput
            label={<Trans>Country</Trans>}
            path="countryCode"
            problems={problems}
            value={draft.countryCode}
            empty={t`No country (online)`}
            onChange={(countryCode) => set({ countryCode })}
            options={countryOptions}
          />
          <SelectInput
            label={<Trans>Time zone</Trans>}
            path="timeZone"
            problems={problems}
            required
            hint={<Trans>Registration windows and start times are in this zone.</Trans>}
            value={draft.timeZone}
            onChange={(timeZone) => set({ timeZone })}
            options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
          />
        </div>
        <LocationFields
          locations={draft.locations}
          online={draft.isOnline && !draft.isLive}
          problems={problems}
          setDraft={setDraft}
        />
      </Fieldset>

      <Fieldset legend={<Trans>Languages, money and contact</Trans>}>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">
            <Trans>Languages spoken at the event</Trans>
          </legend>
          <div className="flex flex-wrap gap-4" data-path="languages">
            {contentLanguages.map((code) => (
              <Toggle
                key={code}
                label={languageName(code)}
                path={`languages.${code}`}
                problems={problems}
                checked={draft.languages.includes(code)}
                onChange={(on) =>
                  set({
                    languages: on ? [...draft.languages, code] : draft.languages.filter((l) => l !== code),
                  })
                }
              />
            ))}
          </div>
          <ListProblem path="languages" problems={problems} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            label={<Trans>Currency of entry fees and prizes</Trans>}
            path="currencyCode"
            problems={problems}
            required
            value={draft.currencyCode}
            onChange={(currencyCode) => set({ currencyCode })}
            options={props.lookups.currencies.map((c) => ({
              value: c.code,
              label: `${c.code} — ${currencyName(c.code, i18n.locale, c.name)}`,
            }))}
          />
          <TextInput
            label={<Trans>Organiser e-mail for players</Trans>}
            path="organiserEmail"
            problems={problems}
            type="email"
            maxLength={254}
            value={draft.organiserEmail}
            onChange={(organiserEmail) => set({ organiserEmail })}
          />
        </div>
      </Fieldset>

      {props.readOnly ? null : (
        <div className="flex flex-wrap items-center gap-4">
          <SaveButton busy={status === 'saving'}>{props.submitLabel}</SaveButton>
          <SaveStatus status={status} step={props.step} />
        </div>
      )}
    </form>
  )
}
