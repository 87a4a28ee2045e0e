import { Migration } from '@mikro-orm/migrations'

/**
 * Amounts follow each currency's ISO 4217 minor unit (issue 14, decision 031). Until now every amount was stored
 * as the price × 100 whatever the currency, so ¥5,000 was 500000; it is now 5000 (JPY has no minor unit) and
 * KWD 1.234 is 1234 (three digits). Every stored amount of an event priced in a currency whose minor unit is not 2
 * is rescaled so that it keeps its meaning: tickets, age-category and early-bird prices, prizes and prize pools,
 * hotels (through their event's currency), and entries' totals and priced lines (through the entry's own
 * currency). Amounts rounded to the new unit: the old cents of a zero-digit currency were never payable.
 * Audit details keep the amounts as they were recorded.
 *
 * The digits are the ISO list of the day (the `currency-codes` package, as `CurrencyDigits.ts` in the kernel),
 * written out so that a later update of the package cannot change what this migration did.
 */
const digitsOtherThanTwo: ReadonlyArray<readonly [string, number]> = [
  ...['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF']
    .concat([
      'XAG',
      'XAU',
      'XBA',
      'XBB',
      'XBC',
      'XBD',
      'XDR',
      'XOF',
      'XPD',
      'XPF',
      'XPT',
      'XSU',
      'XTS',
      'XUA',
      'XXX',
    ])
    .map((code) => [code, 0] as const),
  ...['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((code) => [code, 3] as const),
  ...['CLF', 'UYW'].map((code) => [code, 4] as const),
]

// The editor's limit on a price, prize or pool (tournamentLimits.moneyMinor): a three-digit currency's old amount
// × 10 may pass it and the integer columns, so it is capped there.
const moneyLimit = 1_000_000_000

const digitsTable = `(values ${digitsOtherThanTwo.map(([code, digits]) => `('${code}', ${digits})`).join(', ')}) as d(code, digits)`

/** Up: old cents to the currency's minor unit (× 10^(digits − 2)); down: back again. */
type Direction = 'up' | 'down'
const exponent = (direction: Direction) => (direction === 'up' ? 'd.digits - 2' : '2 - d.digits')

/** `value` rescaled as exact numeric (null stays null). */
const exact = (value: string, direction: Direction) =>
  `round(${value}::numeric * power(10::numeric, ${exponent(direction)}))`

/** The same for the integer columns, capped at the editor's limit (least() alone would turn null into the cap). */
const capped = (value: string, direction: Direction) =>
  `case when ${value} is null then null else least(${exact(value, direction)}, ${moneyLimit})::int end`

export class Migration20261126150000 extends Migration {
  override name = 'Migration20261126150000'

  override up(): void {
    this.rescale('up')
  }

  override down(): void {
    // Back to cents (amounts that were rounded or capped on the way up stay so).
    this.rescale('down')
  }

  private rescale(direction: Direction): void {
    const set = (alias: string, column: string) =>
      `"${column}" = ${capped(`${alias}."${column}"`, direction)}`
    const byTournament = (table: string, column: string) =>
      this.addSql(
        `update "${table}" x set ${set('x', column)}
         from "tournament" t, "event" e, ${digitsTable}
         where t.id = x.tournament_id and e.id = t.event_id and upper(e.currency_code) = d.code;`,
      )
    byTournament('ticket', 'price_minor')
    byTournament('prize', 'prize_amount_minor')
    byTournament('prize_setup', 'prize_pool_minor')
    this.addSql(
      `update "ticket_age_category" c set ${set('c', 'price_minor')}, ${set('c', 'early_bird_price_minor')}
       from "ticket" k, "tournament" t, "event" e, ${digitsTable}
       where k.id = c.ticket_id and t.id = k.tournament_id and e.id = t.event_id and upper(e.currency_code) = d.code;`,
    )
    this.addSql(
      `update "hotel" h set ${set('h', 'price_minor')}
       from "event" e, ${digitsTable}
       where e.id = h.event_id and upper(e.currency_code) = d.code;`,
    )
    // An entry carries its own currency (the event's when it was made); its total is 64-bit and its lines JSON.
    this.addSql(
      `update "entry" n set "total_minor" = ${exact('n."total_minor"', direction)}::bigint,
         "lines" = coalesce((
           select jsonb_agg(l.line || jsonb_build_object(
             'unitPriceMinor', ${exact(`(l.line->>'unitPriceMinor')`, direction)},
             'totalMinor', ${exact(`(l.line->>'totalMinor')`, direction)}) order by l.position)
           from jsonb_array_elements(n."lines") with ordinality as l(line, position)), '[]'::jsonb)
       from ${digitsTable}
       where upper(n.currency_code) = d.code;`,
    )
  }
}
