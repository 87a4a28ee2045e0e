import { formatMoney, type MoneyCurrency } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Dispatch, type ReactNode, type SetStateAction, useId } from 'react'
import { Fieldset, ListProblem, type Problems, SelectInput, SmallButton, TextInput, Toggle } from './kit.tsx'
import {
  emptyPrize,
  type FeesDraft,
  formulaAmountOf,
  type MoneyFormat,
  moneyText,
  nextFreePlace,
  type PrizeDraft,
  type PrizeSetupDraft,
  withEveryPlace,
} from './tournamentDraft.ts'

// The prizes of the fees step (spec section 3: Prize, Prize setup): the pool and its places, split by the
// formula (shown live, computed by the server when saved) or typed, and the prizes place by place.

/** The medal and cup pictures a prize may show. */
const iconKeys = ['gold', 'silver', 'bronze'] as const

export function PrizeSetupFields(props: {
  readonly setup: PrizeSetupDraft
  /** The formula's amounts per place, or null until the pool and places allow one. */
  readonly split: ReadonlyArray<number> | null
  readonly currency: MoneyCurrency
  readonly problems: Problems
  readonly moneyHint: ReactNode
  readonly set: (patch: Partial<PrizeSetupDraft>) => void
}) {
  const { i18n } = useLingui()
  const splitHeading = useId()
  const { split, problems } = props
  return (
    <Fieldset legend={<Trans>Prize setup</Trans>}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={<Trans>Number of prize places</Trans>}
          path="prizeSetup.placesNumber"
          problems={problems}
          type="number"
          inputMode="numeric"
          min={1}
          value={props.setup.placesNumber}
          onChange={(placesNumber) => props.set({ placesNumber })}
        />
        <TextInput
          label={<Trans>Prize pool</Trans>}
          path="prizeSetup.prizePoolMinor"
          problems={problems}
          inputMode="decimal"
          hint={props.moneyHint}
          value={props.setup.prizePool}
          onChange={(prizePool) => props.set({ prizePool })}
        />
        <TextInput
          label={<Trans>Prize pool description</Trans>}
          path="prizeSetup.customPrizePool"
          problems={problems}
          maxLength={200}
          hint={<Trans>Instead of or besides an amount, e.g. “Cups and book vouchers”.</Trans>}
          value={props.setup.customPrizePool}
          onChange={(customPrizePool) => props.set({ customPrizePool })}
        />
      </div>
      <TextInput
        label={<Trans>Prize information</Trans>}
        path="prizeSetup.customPrizeText"
        problems={problems}
        multiline
        maxLength={2000}
        hint={<Trans>Shown with the prizes on the event page.</Trans>}
        value={props.setup.customPrizeText}
        onChange={(customPrizeText) => props.set({ customPrizeText })}
      />
      <Toggle
        label={<Trans>Use the formula</Trans>}
        path="prizeSetup.isFormulaUsed"
        problems={problems}
        hint={
          <Trans>
            Splits the prize pool over the prize places: each place gets one share more than the next. The
            amounts are computed when you save.
          </Trans>
        }
        checked={props.setup.isFormulaUsed}
        onChange={(isFormulaUsed) => props.set({ isFormulaUsed })}
      />
      {props.setup.isFormulaUsed ? (
        split === null ? (
          <p className="text-sm text-muted">
            <Trans>Enter the prize pool and the number of prize places to see the split.</Trans>
          </p>
        ) : (
          <section aria-labelledby={splitHeading} className="rounded-lg bg-canvas p-3">
            <h3 id={splitHeading} className="text-sm font-semibold">
              <Trans>Split by the formula</Trans>
            </h3>
            <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-3">
              {split.map((amount, i) => {
                const place = i + 1
                const money = formatMoney(amount, props.currency, i18n.locale)
                return (
                  <li key={place}>
                    <Trans>
                      Place {place}: {money}
                    </Trans>
                  </li>
                )
              })}
            </ol>
          </section>
        )
      ) : null}
    </Fieldset>
  )
}

export function PrizeList(props: {
  readonly prizes: ReadonlyArray<PrizeDraft>
  readonly split: ReadonlyArray<number> | null
  readonly placesNumber: number
  readonly money: MoneyFormat
  readonly problems: Problems
  readonly moneyHint: ReactNode
  readonly setDraft: Dispatch<SetStateAction<FeesDraft>>
}) {
  const { t } = useLingui()
  const { problems, placesNumber } = props
  const canFillPlaces = Number.isSafeInteger(placesNumber) && placesNumber >= 1 && placesNumber <= 1000
  const setPrize = (index: number, patch: Partial<PrizeDraft>) =>
    props.setDraft((d) => ({ ...d, prizes: d.prizes.map((p, i) => (i === index ? { ...p, ...patch } : p)) }))
  const iconOptions = (stored: string) => [
    ...iconKeys.map((key) => ({
      value: key,
      label: key === 'gold' ? t`Gold` : key === 'silver' ? t`Silver` : t`Bronze`,
    })),
    // A key from before this list keeps its place in the select, so saving does not drop it.
    ...(stored !== '' && !iconKeys.some((k) => k === stored) ? [{ value: stored, label: stored }] : []),
  ]
  return (
    <Fieldset legend={<Trans>Prizes</Trans>}>
      <ListProblem path="prizes" problems={problems} />
      {props.prizes.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No prizes listed.</Trans>
        </p>
      ) : null}
      {props.prizes.map((prize, index) => {
        const at = `prizes.${index}`
        const computed = Number(prize.type) === 1 ? formulaAmountOf(props.split, prize) : null
        return (
          <Fieldset key={index} legend={<Trans>Prize {index + 1}</Trans>}>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <TextInput
                label={<Trans>Place</Trans>}
                path={`${at}.placeNumber`}
                problems={problems}
                required
                type="number"
                inputMode="numeric"
                min={1}
                value={prize.placeNumber}
                onChange={(placeNumber) => setPrize(index, { placeNumber })}
              />
              <TextInput
                label={<Trans>Ranking</Trans>}
                path={`${at}.additionalName`}
                problems={problems}
                maxLength={200}
                hint={<Trans>Empty for the main ranking; or e.g. Best juniors.</Trans>}
                value={prize.additionalName}
                onChange={(additionalName) => setPrize(index, { additionalName })}
              />
              <SelectInput
                label={<Trans>Kind of prize</Trans>}
                path={`${at}.type`}
                problems={problems}
                value={prize.type}
                onChange={(type) => setPrize(index, { type })}
                options={[
                  { value: '1', label: t`Money` },
                  { value: '2', label: t`Something else` },
                ]}
              />
              {prize.type === '1' ? (
                <TextInput
                  label={<Trans>Amount</Trans>}
                  path={`${at}.prizeAmountMinor`}
                  problems={problems}
                  inputMode="decimal"
                  disabled={computed !== null}
                  hint={computed !== null ? <Trans>Computed by the formula.</Trans> : props.moneyHint}
                  value={computed !== null ? moneyText(computed, props.money) : prize.amount}
                  onChange={(amount) => setPrize(index, { amount })}
                />
              ) : null}
              <TextInput
                label={<Trans>Custom prize</Trans>}
                path={`${at}.customPrize`}
                problems={problems}
                required={prize.type === '2'}
                maxLength={200}
                hint={<Trans>For example: a cup, a weekend for two</Trans>}
                value={prize.customPrize}
                onChange={(customPrize) => setPrize(index, { customPrize })}
              />
              <SelectInput
                label={<Trans>Medal</Trans>}
                path={`${at}.medalIconKey`}
                problems={problems}
                value={prize.medalIconKey}
                empty={t`None`}
                onChange={(medalIconKey) => setPrize(index, { medalIconKey })}
                options={iconOptions(prize.medalIconKey)}
              />
              <SelectInput
                label={<Trans>Cup</Trans>}
                path={`${at}.cupIconKey`}
                problems={problems}
                value={prize.cupIconKey}
                empty={t`None`}
                onChange={(cupIconKey) => setPrize(index, { cupIconKey })}
                options={iconOptions(prize.cupIconKey)}
              />
            </div>
            <div>
              <SmallButton
                tone="danger"
                onClick={() =>
                  props.setDraft((d) => ({ ...d, prizes: d.prizes.filter((_, i) => i !== index) }))
                }
              >
                <Trans>Remove this prize</Trans>
                <span className="sr-only"> {index + 1}</span>
              </SmallButton>
            </div>
          </Fieldset>
        )
      })}
      <div className="flex flex-wrap gap-2">
        <SmallButton
          onClick={() =>
            props.setDraft((d) => ({ ...d, prizes: [...d.prizes, emptyPrize(nextFreePlace(d.prizes))] }))
          }
        >
          <Trans>Add a prize</Trans>
        </SmallButton>
        {canFillPlaces ? (
          <SmallButton
            onClick={() => props.setDraft((d) => ({ ...d, prizes: withEveryPlace(d.prizes, placesNumber) }))}
          >
            <Trans>Add a prize for every place</Trans>
          </SmallButton>
        ) : null}
      </div>
    </Fieldset>
  )
}
