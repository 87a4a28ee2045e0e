import { currencyDigits, formatMoney, type MoneyCurrency, minorUnitsPerMajor } from '@kibitz/kernel/format'
import { tournamentLimits } from '@kibitz/tournaments/input'
import { TicketType } from '@kibitz/tournaments/pricing'
import { Trans, useLingui } from '@lingui/react/macro'
import { ticketTypeLabels } from '../../lib/labels.ts'
import { Fieldset, ListProblem, SaveButton, SaveStatus, SmallButton } from './kit.tsx'
import { PrizeList, PrizeSetupFields } from './PrizeFields.tsx'
import { TicketFieldset } from './TicketFields.tsx'
import {
  emptyTicket,
  type FeesDraft,
  feesDraftOf,
  formulaSplit,
  moneyText,
  type PrizeSetupDraft,
  type TicketDraft,
  withFeesDraft,
} from './tournamentDraft.ts'
import { ProblemsElsewhere, type TournamentStepProps, useTournamentDraft } from './tournamentStep.tsx'

// The registration-entry-fees-and-prizes step for one tournament (spec section 3: Ticket, Ticket category,
// Prize, Prize setup). Amounts are typed in major units of the event's currency and sent in minor units.
// Tickets left is always quantity minus sold, shown and never typed. With the formula on, the server computes
// the amounts of the paid places; the form shows its split live and does not let them be typed.

const shownHere = (field: string) => ['tickets', 'prizes', 'prizeSetup'].includes(field.split('.')[0] ?? '')

export function FeesAndPrizesForm(
  props: TournamentStepProps & {
    /** Per stored ticket id: how many are sold. */
    readonly sold: Readonly<Record<string, number>>
    readonly currency: MoneyCurrency
  },
) {
  const { i18n } = useLingui()
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

  const soldOf = (k: TicketDraft) => (k.ticketId == null ? 0 : (props.sold[String(k.ticketId)] ?? 0))

  const setTicket = (index: number, patch: Partial<TicketDraft>) =>
    setDraft((d) => ({ ...d, tickets: d.tickets.map((k, i) => (i === index ? { ...k, ...patch } : k)) }))
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
            : Number(type) === TicketType.free
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

  const ticketTypeOptions = Object.values(TicketType).map((value) => {
    const label = ticketTypeLabels[value]
    return { value: String(value), label: label ? i18n._(label) : String(value) }
  })
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
            return (
              <TicketFieldset
                key={ticket.ticketId ?? `new-${index}`}
                ticket={ticket}
                index={index}
                sold={sold}
                isFree={Number(ticket.type) === TicketType.free}
                problems={problems}
                moneyHint={moneyHint}
                ticketTypeOptions={ticketTypeOptions}
                set={(patch) => setTicket(index, patch)}
                chooseType={(type) => chooseType(index, type)}
                remove={() => setDraft((d) => ({ ...d, tickets: d.tickets.filter((_, i) => i !== index) }))}
              />
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

        <PrizeSetupFields
          setup={draft.prizeSetup}
          split={split}
          currency={props.currency}
          problems={problems}
          moneyHint={moneyHint}
          set={setSetup}
        />

        <PrizeList
          prizes={draft.prizes}
          split={split}
          placesNumber={placesNumber}
          money={money}
          problems={problems}
          moneyHint={moneyHint}
          setDraft={setDraft}
        />
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
