import type { EntryEntity } from './entities/EntryEntity.ts'

// The organiser's export of an event's registrations: one row per player, in the order given.

/** A CSV cell: quoted, and a leading formula character neutralised so a spreadsheet never runs it. */
const csvCell = (value: string | number | boolean | null): string => {
  const text = value === null ? '' : String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return `"${safe.replace(/"/g, '""')}"`
}

/** The entries as CSV (CRLF lines, a header row), each tournament named from `tournamentNames` (else its id). */
export const entriesCsv = (
  entries: ReadonlyArray<EntryEntity>,
  tournamentNames: ReadonlyMap<number, string>,
): string => {
  const header = [
    'entry',
    'tournament',
    'status',
    'paid',
    'payment method',
    'reference',
    'total',
    'currency',
    'team',
    'contact e-mail',
    'player',
    'first name',
    'last name',
    'country',
    'e-mail',
    'federation id',
    'federation verified',
    'ticket',
    'age category',
    'registered at',
  ]
  const rows = [header.map(csvCell).join(',')]
  for (const e of entries) {
    for (const [i, c] of e.contestants.getItems().entries()) {
      rows.push(
        [
          e.id,
          tournamentNames.get(e.tournamentId) ?? String(e.tournamentId),
          e.status,
          e.paidAt ? 'yes' : 'no',
          e.paymentMethod,
          e.reference ?? null,
          (e.totalMinor / 100).toFixed(2),
          e.currencyCode,
          e.teamName ?? null,
          e.contactEmail ?? null,
          i + 1,
          c.firstName,
          c.lastName,
          c.countryCode ?? null,
          c.email ?? null,
          c.federationId ?? null,
          c.federationVerified == null ? null : c.federationVerified ? 'yes' : 'no',
          c.ticketId ?? null,
          c.ageCategoryId ?? null,
          e.createdAt.toISOString(),
        ]
          .map(csvCell)
          .join(','),
      )
    }
  }
  return `${rows.join('\r\n')}\r\n`
}
