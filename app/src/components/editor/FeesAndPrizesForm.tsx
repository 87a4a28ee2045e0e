import { currencyDigits, formatMoney, type MoneyCurrency, minorUnitsPerMajor } from '@kibitz/kernel/format'
import { tournamentLimits } from '@kibitz/tournaments/input'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { ticketTypeLabels } from '../../lib/labels.ts'
import {
  Fieldset,
  ListProblem,
  SaveButton,
  SaveStatus,
  SelectInput,
  SmallButton,
  TextInput,
  Toggle,
} from './kit.tsx'
import {
  type AgeCategoryDraft,
  emptyAgeCategory,
  emptyPrize,
  emptyTicket,
  type FeesDraft,
  feesDraftOf,
  formulaAmountOf,
  formulaSplit,
  freeTicket,
  moneyText,
  nextFreePlace,
  type PrizeDraft,
  type PrizeSetupDraft,
  type TicketDraft,
  ticketsLeft,
  withEveryPlace,
  withFeesDraft,
} from './tournamentDraft.ts'
import { ProblemsElsewhere, type TournamentStepProps, useTournamentDraft } from './tournamentStep.tsx'

// The registration-entry-fees-and-prizes step for one tournament (spec section 3: Ticket, Ticket category,
// Prize, Prize setup). Amounts are typed in major units of the event's currency and sent in minor units.
// Tickets left is always quantity minus sold, shown and never typed. With the formula on, the server computes
// the amounts of the paid places; the form shows its split live and does not let them be typed.

const shownHere = (field: string) => ['tickets', 'prizes', 'prizeSetup'].includes(field.split('.')[0] ?? '')

/** The medal and cup pictures a prize may show. */
const iconKeys = ['gold', 'silver', 'bronze'] as const

export function FeesAndPrizesForm(
  props: TournamentStepProps & {
    /** Per stored ticket id: how many are sold. */
    readonly sold: Readonly<Record<string, number>>
    readonly currency: MoneyCurrency
  },
) {
  const { t, i18n } = useLingui()
  const splitHeading = useId()
  const code = props.currency.code
  // Prices are typed and shown in the event's currency with the organiser's decimal mark ('40,50' in Polish).
  const money = { currency: code, locale: i18n.locale }
  const { draft, setDraft, problems, status, form, save } = useTournamentDraft(props, (input) =>
    feesDraftOf(input, money),
  )
  // The limit is stated where a price is typed, so a refusal of a larger one is no surprise.
  const max = formatMoney(tournamentLimits.moneyMinor, props.currency, i18n.locale)
  // The examples follow the currency's minor unit: '40 or 40.50' for euros, '4000' for yen.
  const whole = moneyText(40 * minorUnitsPerMajor(code), money)
  const fraction = moneyText(4050 * (minorUnitsPerMajor(code) / 100), money)
  const moneyHint =
    currencyDigits(code) === 0 ? (
      <Trans>
        In {code}, for example {whole}, at most {max}
      </Trans>
    ) : (
      <Trans>
        In {code}, for example {whole} or {fraction}, at most {max}
      </Trans>
    )
  const split = formulaSplit(draft.prizeSetup, money)
  const placesNumber = Number(draft.prizeSetup.placesNumber)
  const canFillPlaces = Number.isSafeInteger(placesNumber) && placesNumber >= 1 && placesNumber <= 1000

  const soldOf = (k: TicketDraft) => (k.ticketId == null ? 0 : (props.sold[String(k.ticketId)] ?? 0))

  const setTicket = (index: number, patch: Partial<TicketDraft>) =>
    setDraft((d) => ({ ...d, tickets: d.tickets.map((k, i) => (i === index ? { ...k, ...patch } : k)) }))
  const setCategory = (ticket: number, index: number, patch: Partial<AgeCategoryDraft>) =>
    setDraft((d) => ({
      ...d,
      tickets: d.tickets.map((k, i) =>
        i === ticket
          ? { ...k, ageCategories: k.ageCategories.map((c, j) => (j === index ? { ...c, ...patch } : c)) }
          : k,
      ),
    }))
  const setPrize = (index: number, patch: Partial<PrizeDraft>) =>
    setDraft((d) => ({ ...d, prizes: d.prizes.map((p, i) => (i === index ? { ...p, ...patch } : p)) }))
  const setSetup = (patch: Partial<PrizeSetupDraft>) =>
    setDraft((d) => ({ ...d, prizeSetup: { ...d.prizeSetup, ...patch } }))

  /** A free ticket costs nothing: its prices become 0 (and stay so while it is free). */
  const chooseType = (index: number, type: string) =>
    setDraft(
      (d): FeesDraft => ({
        ...d,
        tickets: d.tickets.map((k, i) =>
          i !== index
            ? k
            : Number(type) === freeTicket
              ? {
                  ...k,
                  type,
                  price: '0',
                  ageCategories: k.ageCategories.map((c) => ({
                    ...c,
                    price: '0',
                    earlyBirdPrice: c.isEarlyBird ? '0' : '',
                  })),
                }
              : { ...k, type },
        ),
      }),
    )

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    void save(withFeesDraft(props.initial, draft, money))
  }

  const ticketTypeOptions = [1, 2, 3, 4].map((value) => {
    const label = ticketTypeLabels[value]
    return { value: String(value), label: label ? i18n._(label) : String(value) }
  })
  const iconOptions = (stored: string) => [
    ...iconKeys.map((key) => ({
      value: key,
      label: key === 'gold' ? t`Gold` : key === 'silver' ? t`Silver` : t`Bronze`,
    })),
    // A key from before this list keeps its place in the select, so saving does not drop it.
    ...(stored !== '' && !iconKeys.some((k) => k === stored) ? [{ value: stored, label: stored }] : []),
  ]

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <fieldset disabled={props.readOnly} className="flex min-w-0 flex-col gap-6">
        <ProblemsElsewhere problems={problems} here={shownHere} />

        <Fieldset legend={<Trans>Tickets</Trans>}>
          <ListProblem path="tickets" problems={problems} />
          {draft.tickets.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>No tickets yet: players cannot register without one.</Trans>
            </p>
          ) : null}
          {draft.tickets.map((ticket, index) => {
            const sold = soldOf(ticket)
            const left = ticketsLeft(ticket.quantity, sold)
            const isFree = Number(ticket.type) === freeTicket
            return (
              <Fieldset key={ticket.ticketId ?? `new-${index}`} legend={<Trans>Ticket {index + 1}</Trans>}>
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                  <SelectInput
                    label={<Trans>Ticket type</Trans>}
                    path={`tickets.${index}.type`}
                    problems={problems}
                    required
                    value={ticket.type}
                    onChange={(type) => chooseType(index, type)}
                    options={ticketTypeOptions}
                  />
                  <TextInput
                    label={<Trans>Ticket price</Trans>}
                    path={`tickets.${index}.priceMinor`}
                    problems={problems}
                    required
                    inputMode="decimal"
                    disabled={isFree}
                    hint={moneyHint}
                    value={ticket.price}
                    onChange={(price) => setTicket(index, { price })}
                  />
                  <SelectInput
                    label={<Trans>Charged per</Trans>}
                    path={`tickets.${index}.isPricePerTeam`}
                    problems={problems}
                    value={ticket.isPricePerTeam ? 'team' : 'person'}
                    onChange={(per) => setTicket(index, { isPricePerTeam: per === 'team' })}
                    options={[
                      { value: 'person', label: t`Person` },
                      { value: 'team', label: t`Team` },
                    ]}
                  />
                  <TextInput
                    label={<Trans>Ticket quantity</Trans>}
                    path={`tickets.${index}.quantity`}
                    problems={problems}
                    required
                    type="number"
                    inputMode="numeric"
                    min={sold}
                    hint={sold > 0 ? <Trans>At least {sold}: that many are sold.</Trans> : undefined}
                    value={ticket.quantity}
                    onChange={(quantity) => setTicket(index, { quantity })}
                  />
                </div>
                <div className="flex flex-wrap items-center gap-6">
                  <Toggle
                    label={<Trans>For sale</Trans>}
                    path={`tickets.${index}.isForSale`}
                    problems={problems}
                    checked={ticket.isForSale}
                    onChange={(isForSale) => setTicket(index, { isForSale })}
                  />
                  <p className="text-sm">
                    <Trans>Sold: {sold}</Trans>
                    {' · '}
                    {left === null ? <Trans>Tickets left: —</Trans> : <Trans>Tickets left: {left}</Trans>}
                  </p>
                </div>

                <ListProblem path={`tickets.${index}.ageCategories`} problems={problems} />
                {ticket.ageCategories.map((category, j) => {
                  const at = `tickets.${index}.ageCategories.${j}`
                  return (
                    <Fieldset
                      key={category.id ?? `new-${j}`}
                      legend={
                        <Trans>
                          Age category {j + 1} of ticket {index + 1}
                        </Trans>
                      }
                    >
                      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                        <TextInput
                          label={<Trans>Category name</Trans>}
                          path={`${at}.name`}
                          problems={problems}
                          required
                          maxLength={120}
                          hint={<Trans>For example: Juniors</Trans>}
                          value={category.name}
                          onChange={(name) => setCategory(index, j, { name })}
                        />
                        <TextInput
                          label={<Trans>Age from</Trans>}
                          path={`${at}.ageFrom`}
                          problems={problems}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          value={category.ageFrom}
                          onChange={(ageFrom) => setCategory(index, j, { ageFrom })}
                        />
                        <TextInput
                          label={<Trans>Age to</Trans>}
                          path={`${at}.ageTo`}
                          problems={problems}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          value={category.ageTo}
                          onChange={(ageTo) => setCategory(index, j, { ageTo })}
                        />
                        <TextInput
                          label={<Trans>Category price</Trans>}
                          path={`${at}.priceMinor`}
                          problems={problems}
                          required
                          inputMode="decimal"
                          disabled={isFree}
                          hint={moneyHint}
                          value={category.price}
                          onChange={(price) => setCategory(index, j, { price })}
                        />
                        <TextInput
                          label={<Trans>Discount (%)</Trans>}
                          path={`${at}.discountPercent`}
                          problems={problems}
                          required
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={100}
                          value={category.discountPercent}
                          onChange={(discountPercent) => setCategory(index, j, { discountPercent })}
                        />
                        <TextInput
                          label={<Trans>Category quantity</Trans>}
                          path={`${at}.quantity`}
                          problems={problems}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          hint={<Trans>Empty: as many as the ticket has.</Trans>}
                          value={category.quantity}
                          onChange={(quantity) => setCategory(index, j, { quantity })}
                        />
                        <TextInput
                          label={<Trans>Sales start</Trans>}
                          path={`${at}.salesStartDate`}
                          problems={problems}
                          type="date"
                          value={category.salesStartDate}
                          onChange={(salesStartDate) => setCategory(index, j, { salesStartDate })}
                        />
                        <TextInput
                          label={<Trans>Sales end</Trans>}
                          path={`${at}.salesEndDate`}
                          problems={problems}
                          type="date"
                          min={category.salesStartDate}
                          value={category.salesEndDate}
                          onChange={(salesEndDate) => setCategory(index, j, { salesEndDate })}
                        />
                      </div>
                      <div className="flex flex-wrap gap-6">
                        <Toggle
                          label={<Trans>Enabled</Trans>}
                          path={`${at}.enabled`}
                          problems={problems}
                          checked={category.enabled}
                          onChange={(enabled) => setCategory(index, j, { enabled })}
                        />
                        <Toggle
                          label={<Trans>Early bird</Trans>}
                          path={`${at}.isEarlyBird`}
                          problems={problems}
                          checked={category.isEarlyBird}
                          onChange={(isEarlyBird) =>
                            setCategory(index, j, {
                              isEarlyBird,
                              ...(isFree ? { earlyBirdPrice: isEarlyBird ? '0' : '' } : {}),
                            })
                          }
                        />
                      </div>
                      {category.isEarlyBird ? (
                        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                          <TextInput
                            label={<Trans>Early-bird price</Trans>}
                            path={`${at}.earlyBirdPriceMinor`}
                            problems={problems}
                            required
                            inputMode="decimal"
                            disabled={isFree}
                            hint={moneyHint}
                            value={category.earlyBirdPrice}
                            onChange={(earlyBirdPrice) => setCategory(index, j, { earlyBirdPrice })}
                          />
                          <TextInput
                            label={<Trans>Early-bird sales start</Trans>}
                            path={`${at}.earlyBirdSalesStartDate`}
                            problems={problems}
                            type="date"
                            value={category.earlyBirdSalesStartDate}
                            onChange={(earlyBirdSalesStartDate) =>
                              setCategory(index, j, { earlyBirdSalesStartDate })
                            }
                          />
                          <TextInput
                            label={<Trans>Early-bird sales end</Trans>}
                            path={`${at}.earlyBirdSalesEndDate`}
                            problems={problems}
                            type="date"
                            min={category.earlyBirdSalesStartDate}
                            value={category.earlyBirdSalesEndDate}
                            onChange={(earlyBirdSalesEndDate) =>
                              setCategory(index, j, { earlyBirdSalesEndDate })
                            }
                          />
                          <TextInput
                            label={<Trans>Early bird ends after this many sold</Trans>}
                            path={`${at}.earlyBirdEndSalesQuantity`}
                            problems={problems}
                            type="number"
                            inputMode="numeric"
                            min={1}
                            hint={<Trans>Optional.</Trans>}
                            value={category.earlyBirdEndSalesQuantity}
                            onChange={(earlyBirdEndSalesQuantity) =>
                              setCategory(index, j, { earlyBirdEndSalesQuantity })
                            }
                          />
                        </div>
                      ) : null}
                      <div>
                        <SmallButton
                          tone="danger"
                          onClick={() =>
                            setTicket(index, {
                              ageCategories: ticket.ageCategories.filter((_, k) => k !== j),
                            })
                          }
                        >
                          <Trans>Remove this age category</Trans>
                          <span className="sr-only">
                            {' '}
                            <Trans>
                              {j + 1} of ticket {index + 1}
                            </Trans>
                          </span>
                        </SmallButton>
                      </div>
                    </Fieldset>
                  )
                })}
                <div className="flex flex-wrap gap-2">
                  <SmallButton
                    disabled={ticket.ageCategories.length >= 20}
                    onClick={() =>
                      setTicket(index, {
                        ageCategories: [
                          ...ticket.ageCategories,
                          isFree ? { ...emptyAgeCategory(), price: '0' } : emptyAgeCategory(),
                        ],
                      })
                    }
                  >
                    <Trans>Add an age category</Trans>
                    <span className="sr-only">
                      {' '}
                      <Trans>to ticket {index + 1}</Trans>
                    </span>
                  </SmallButton>
                  <SmallButton
                    tone="danger"
                    disabled={sold > 0}
                    onClick={() =>
                      setDraft((d) => ({ ...d, tickets: d.tickets.filter((_, i) => i !== index) }))
                    }
                  >
                    <Trans>Remove this ticket</Trans>
                    <span className="sr-only"> {index + 1}</span>
                  </SmallButton>
                </div>
                {sold > 0 ? (
                  <p className="text-xs text-muted">
                    <Trans>A ticket with sales cannot be removed; take it off sale instead.</Trans>
                  </p>
                ) : null}
              </Fieldset>
            )
          })}
          <div>
            <SmallButton
              disabled={draft.tickets.length >= 20}
              onClick={() => setDraft((d) => ({ ...d, tickets: [...d.tickets, emptyTicket()] }))}
            >
              <Trans>Add a ticket</Trans>
            </SmallButton>
          </div>
        </Fieldset>

        <Fieldset legend={<Trans>Prize setup</Trans>}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label={<Trans>Number of prize places</Trans>}
              path="prizeSetup.placesNumber"
              problems={problems}
              type="number"
              inputMode="numeric"
              min={1}
              value={draft.prizeSetup.placesNumber}
              onChange={(placesNumber) => setSetup({ placesNumber })}
            />
            <TextInput
              label={<Trans>Prize pool</Trans>}
              path="prizeSetup.prizePoolMinor"
              problems={problems}
              inputMode="decimal"
              hint={moneyHint}
              value={draft.prizeSetup.prizePool}
              onChange={(prizePool) => setSetup({ prizePool })}
            />
            <TextInput
              label={<Trans>Prize pool description</Trans>}
              path="prizeSetup.customPrizePool"
              problems={problems}
              maxLength={200}
              hint={<Trans>Instead of or besides an amount, e.g. “Cups and book vouchers”.</Trans>}
              value={draft.prizeSetup.customPrizePool}
              onChange={(customPrizePool) => setSetup({ customPrizePool })}
            />
          </div>
          <TextInput
            label={<Trans>Prize information</Trans>}
            path="prizeSetup.customPrizeText"
            problems={problems}
            multiline
            maxLength={2000}
            hint={<Trans>Shown with the prizes on the event page.</Trans>}
            value={draft.prizeSetup.customPrizeText}
            onChange={(customPrizeText) => setSetup({ customPrizeText })}
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
            checked={draft.prizeSetup.isFormulaUsed}
            onChange={(isFormulaUsed) => setSetup({ isFormulaUsed })}
          />
          {draft.prizeSetup.isFormulaUsed ? (
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

        <Fieldset legend={<Trans>Prizes</Trans>}>
          <ListProblem path="prizes" problems={problems} />
          {draft.prizes.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>No prizes listed.</Trans>
            </p>
          ) : null}
          {draft.prizes.map((prize, index) => {
            const at = `prizes.${index}`
            const computed = Number(prize.type) === 1 ? formulaAmountOf(split, prize) : null
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
                      hint={computed !== null ? <Trans>Computed by the formula.</Trans> : moneyHint}
                      value={computed !== null ? moneyText(computed, money) : prize.amount}
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
                      setDraft((d) => ({ ...d, prizes: d.prizes.filter((_, i) => i !== index) }))
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
                setDraft((d) => ({ ...d, prizes: [...d.prizes, emptyPrize(nextFreePlace(d.prizes))] }))
              }
            >
              <Trans>Add a prize</Trans>
            </SmallButton>
            {canFillPlaces ? (
              <SmallButton
                onClick={() => setDraft((d) => ({ ...d, prizes: withEveryPlace(d.prizes, placesNumber) }))}
              >
                <Trans>Add a prize for every place</Trans>
              </SmallButton>
            ) : null}
          </div>
        </Fieldset>
      </fieldset>

      {props.readOnly ? (
        <p className="text-sm text-muted">
          <Trans>A postponed or canceled event cannot be edited.</Trans>
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <SaveButton busy={status === 'saving'} />
          <SaveStatus status={status} />
        </div>
      )}
    </form>
  )
}
