import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Fieldset, ListProblem, type Problems, SelectInput, SmallButton, TextInput, Toggle } from './kit.tsx'
import { type AgeCategoryDraft, emptyAgeCategory, type TicketDraft, ticketsLeft } from './tournamentDraft.ts'

// One ticket of the fees step (spec section 3: Ticket, Ticket category): its type, price, quantity and sales,
// and its age categories with their own prices, dates and early bird. A free ticket's prices are 0 and locked.

/** An age category of a ticket. */
function AgeCategoryFieldset(props: {
  readonly category: AgeCategoryDraft
  /** The ticket's index and the category's, as the problems' paths count them. */
  readonly index: number
  readonly j: number
  readonly isFree: boolean
  readonly problems: Problems
  readonly moneyHint: ReactNode
  readonly set: (patch: Partial<AgeCategoryDraft>) => void
  readonly remove: () => void
}) {
  const { category, index, j, isFree, problems } = props
  const at = `tickets.${index}.ageCategories.${j}`
  return (
    <Fieldset
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
          onChange={(name) => props.set({ name })}
        />
        <TextInput
          label={<Trans>Age from</Trans>}
          path={`${at}.ageFrom`}
          problems={problems}
          type="number"
          inputMode="numeric"
          min={0}
          value={category.ageFrom}
          onChange={(ageFrom) => props.set({ ageFrom })}
        />
        <TextInput
          label={<Trans>Age to</Trans>}
          path={`${at}.ageTo`}
          problems={problems}
          type="number"
          inputMode="numeric"
          min={0}
          value={category.ageTo}
          onChange={(ageTo) => props.set({ ageTo })}
        />
        <TextInput
          label={<Trans>Category price</Trans>}
          path={`${at}.priceMinor`}
          problems={problems}
          required
          inputMode="decimal"
          disabled={isFree}
          hint={props.moneyHint}
          value={category.price}
          onChange={(price) => props.set({ price })}
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
          onChange={(discountPercent) => props.set({ discountPercent })}
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
          onChange={(quantity) => props.set({ quantity })}
        />
        <TextInput
          label={<Trans>Sales start</Trans>}
          path={`${at}.salesStartDate`}
          problems={problems}
          type="date"
          value={category.salesStartDate}
          onChange={(salesStartDate) => props.set({ salesStartDate })}
        />
        <TextInput
          label={<Trans>Sales end</Trans>}
          path={`${at}.salesEndDate`}
          problems={problems}
          type="date"
          min={category.salesStartDate}
          value={category.salesEndDate}
          onChange={(salesEndDate) => props.set({ salesEndDate })}
        />
      </div>
      <div className="flex flex-wrap gap-6">
        <Toggle
          label={<Trans>Enabled</Trans>}
          path={`${at}.enabled`}
          problems={problems}
          checked={category.enabled}
          onChange={(enabled) => props.set({ enabled })}
        />
        <Toggle
          label={<Trans>Early bird</Trans>}
          path={`${at}.isEarlyBird`}
          problems={problems}
          checked={category.isEarlyBird}
          onChange={(isEarlyBird) =>
            props.set({
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
            hint={props.moneyHint}
            value={category.earlyBirdPrice}
            onChange={(earlyBirdPrice) => props.set({ earlyBirdPrice })}
          />
          <TextInput
            label={<Trans>Early-bird sales start</Trans>}
            path={`${at}.earlyBirdSalesStartDate`}
            problems={problems}
            type="date"
            value={category.earlyBirdSalesStartDate}
            onChange={(earlyBirdSalesStartDate) => props.set({ earlyBirdSalesStartDate })}
          />
          <TextInput
            label={<Trans>Early-bird sales end</Trans>}
            path={`${at}.earlyBirdSalesEndDate`}
            problems={problems}
            type="date"
            min={category.earlyBirdSalesStartDate}
            value={category.earlyBirdSalesEndDate}
            onChange={(earlyBirdSalesEndDate) => props.set({ earlyBirdSalesEndDate })}
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
            onChange={(earlyBirdEndSalesQuantity) => props.set({ earlyBirdEndSalesQuantity })}
          />
        </div>
      ) : null}
      <div>
        <SmallButton tone="danger" onClick={props.remove}>
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
}

export function TicketFieldset(props: {
  readonly ticket: TicketDraft
  readonly index: number
  /** How many of the stored ticket are sold. */
  readonly sold: number
  readonly isFree: boolean
  readonly problems: Problems
  readonly moneyHint: ReactNode
  readonly ticketTypeOptions: ReadonlyArray<{ value: string; label: string }>
  readonly set: (patch: Partial<TicketDraft>) => void
  readonly chooseType: (type: string) => void
  readonly remove: () => void
}) {
  const { t } = useLingui()
  const { ticket, index, sold, isFree, problems } = props
  const left = ticketsLeft(ticket.quantity, sold)
  const setTicket = props.set
  const setCategory = (j: number, patch: Partial<AgeCategoryDraft>) =>
    setTicket({ ageCategories: ticket.ageCategories.map((c, k) => (k === j ? { ...c, ...patch } : c)) })
  return (
    <Fieldset legend={<Trans>Ticket {index + 1}</Trans>}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectInput
          label={<Trans>Ticket type</Trans>}
          path={`tickets.${index}.type`}
          problems={problems}
          required
          value={ticket.type}
          onChange={(type) => props.chooseType(type)}
          options={props.ticketTypeOptions}
        />
        <TextInput
          label={<Trans>Ticket price</Trans>}
          path={`tickets.${index}.priceMinor`}
          problems={problems}
          required
          inputMode="decimal"
          disabled={isFree}
          hint={props.moneyHint}
          value={ticket.price}
          onChange={(price) => setTicket({ price })}
        />
        <SelectInput
          label={<Trans>Charged per</Trans>}
          path={`tickets.${index}.isPricePerTeam`}
          problems={problems}
          value={ticket.isPricePerTeam ? 'team' : 'person'}
          onChange={(per) => setTicket({ isPricePerTeam: per === 'team' })}
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
          onChange={(quantity) => setTicket({ quantity })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-6">
        <Toggle
          label={<Trans>For sale</Trans>}
          path={`tickets.${index}.isForSale`}
          problems={problems}
          checked={ticket.isForSale}
          onChange={(isForSale) => setTicket({ isForSale })}
        />
        <p className="text-sm">
          <Trans>Sold: {sold}</Trans>
          {' · '}
          {left === null ? <Trans>Tickets left: —</Trans> : <Trans>Tickets left: {left}</Trans>}
        </p>
      </div>

      <ListProblem path={`tickets.${index}.ageCategories`} problems={problems} />
      {ticket.ageCategories.map((category, j) => (
        <AgeCategoryFieldset
          key={category.id ?? `new-${j}`}
          category={category}
          index={index}
          j={j}
          isFree={isFree}
          problems={problems}
          moneyHint={props.moneyHint}
          set={(patch) => setCategory(j, patch)}
          remove={() => setTicket({ ageCategories: ticket.ageCategories.filter((_, k) => k !== j) })}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <SmallButton
          disabled={ticket.ageCategories.length >= 20}
          onClick={() =>
            setTicket({
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
        <SmallButton tone="danger" disabled={sold > 0} onClick={props.remove}>
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
}
