import { searchTextOf } from '@kibitz/events'
import { referenceCountries, referenceCurrencies } from '@kibitz/kernel/reference'
import { Migration } from '@mikro-orm/migrations'

/** A string literal of SQL. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/**
 * Reference data as part of the product (docs/decisions/030): a country's name in each content language
 * (`country.names`, filled with the rest of the reference data by bootstrap on every start) and a currency's ISO
 * 4217 minor unit. Events already stored get the names of their countries in their search text, as the editor
 * now writes it, so "Polska", "Польша" and "Pologne" find Poland's events; the word-list triggers
 * (Migration20261125180000) pick the new words up.
 */
export class Migration20261126140000 extends Migration {
  override name = 'Migration20261126140000'

  override up(): void {
    this.addSql(`alter table "country" add column "names" jsonb not null default '{}';`)
    this.addSql(
      `alter table "country" add constraint "country_names_shape" check (jsonb_typeof("names") = 'object');`,
    )
    this.addSql(`alter table "currency" add column "minor_unit" smallint not null default 2;`)
    this.addSql(
      `alter table "currency" add constraint "currency_minor_unit_range" check ("minor_unit" between 0 and 4);`,
    )
    const digits = referenceCurrencies().filter((c) => c.minorUnit !== 2)
    for (const unit of new Set(digits.map((c) => c.minorUnit)))
      this.addSql(
        `update "currency" set "minor_unit" = ${unit} where "code" in (${digits
          .filter((c) => c.minorUnit === unit)
          .map((c) => literal(c.code))
          .join(', ')});`,
      )
    const words = referenceCountries()
      .map((c) => `(${literal(c.code)}, ${literal(searchTextOf([], [], [c.code]))})`)
      .join(',\n')
    this.addSql(`with "codes" as (
        select "id", upper("country_code") as "code" from "event" where "country_code" is not null
        union
        select "event_id", upper("country_code") from "event_location" where "country_code" is not null
      ), "words" as (
        select "codes"."id", string_agg(n."words", ' ' order by "codes"."code") as "words"
          from "codes" join (values ${words}) as n("code", "words") on n."code" = "codes"."code"
         group by "codes"."id"
      )
      update "event" e set "search_text" = e."search_text" || ' ' || "words"."words"
        from "words" where "words"."id" = e."id";`)
  }

  override down(): void {
    this.addSql(`alter table "currency" drop column "minor_unit";`)
    this.addSql(`alter table "country" drop column "names";`)
  }
}
