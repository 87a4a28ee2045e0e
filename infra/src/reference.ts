import {
  referenceAgeGroups,
  referenceCountries,
  referenceCurrencies,
  referenceLanguages,
} from '@kibitz/kernel/reference'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Schema } from 'effect'

// The reference tables (country, currency, language, age_group) brought to the product's reference data
// (docs/decisions/030) on every start, under bootstrap's advisory lock: rows missing are inserted, rows that differ
// are updated, nothing is deleted (events, users and registrations keep their codes).

/** How many rows each table gained and how many changed. */
export interface ReferenceSyncReport {
  readonly inserted: number
  readonly updated: number
}

const Counts = Schema.Array(
  Schema.Struct({
    inserted: Schema.Union([Schema.Int, Schema.NumberFromString]),
    total: Schema.Union([Schema.Int, Schema.NumberFromString]),
  }),
)
const decodeCounts = Schema.decodeUnknownSync(Counts)

/**
 * One upsert from a JSON array of rows: `xmax = 0` tells a row inserted from one updated, and the `where` of
 * `do update` leaves rows that are already right untouched (no write, no dead tuple).
 */
const upsert = async (
  em: EntityManager,
  table: string,
  key: string,
  columns: ReadonlyArray<readonly [name: string, type: string]>,
  rows: ReadonlyArray<unknown>,
): Promise<ReferenceSyncReport> => {
  const names = columns.map(([name]) => `"${name}"`).join(', ')
  const others = columns.filter(([name]) => name !== key).map(([name]) => `"${name}"`)
  const sql = `with "changed" as (
      insert into "${table}" (${names})
      select ${names} from jsonb_to_recordset(?::jsonb) as r(${columns.map(([n, t]) => `"${n}" ${t}`).join(', ')})
      on conflict ("${key}") do update set (${others.join(', ')}) = row(${others.map((c) => `excluded.${c}`).join(', ')})
      where (${others.map((c) => `"${table}".${c}`).join(', ')}) is distinct from (${others.map((c) => `excluded.${c}`).join(', ')})
      returning (xmax = 0) as "inserted"
    )
    select count(*) filter (where "inserted")::int as "inserted", count(*)::int as "total" from "changed"`
  const [counts] = decodeCounts(await em.execute(sql, [JSON.stringify(rows)]))
  return { inserted: counts?.inserted ?? 0, updated: (counts?.total ?? 0) - (counts?.inserted ?? 0) }
}

/** Brings every reference table to the reference data; returns what changed per table. */
export const syncReferenceData = async (
  em: EntityManager,
): Promise<Readonly<Record<string, ReferenceSyncReport>>> => {
  const languages = await upsert(
    em,
    'language',
    'code',
    [
      ['code', 'text'],
      ['name', 'text'],
      ['native_name', 'text'],
      ['is_default', 'boolean'],
      ['is_interface', 'boolean'],
    ],
    referenceLanguages.map((l) => ({
      code: l.code,
      name: l.name,
      native_name: l.nativeName,
      is_default: l.isDefault,
      is_interface: l.isInterface,
    })),
  )
  const countries = await upsert(
    em,
    'country',
    'code',
    [
      ['code', 'text'],
      ['name', 'text'],
      ['names', 'jsonb'],
    ],
    referenceCountries().map((c) => ({ code: c.code, name: c.names.en, names: c.names })),
  )
  const currencies = await upsert(
    em,
    'currency',
    'code',
    [
      ['code', 'text'],
      ['name', 'text'],
      ['symbol', 'text'],
      ['minor_unit', 'smallint'],
      ['is_popular', 'boolean'],
    ],
    referenceCurrencies().map((c) => ({
      code: c.code,
      name: c.name,
      symbol: c.symbol,
      minor_unit: c.minorUnit,
      is_popular: c.isPopular,
    })),
  )
  // Age groups have no code: the name is their key, and two rows of one name are never made.
  const [ageGroups] = decodeCounts(
    await em.execute(
      `with "given" as (
          select * from jsonb_to_recordset(?::jsonb) as r("name" text, "age_from" int, "age_to" int)
        ), "updated" as (
          update "age_group" a set "age_from" = g."age_from", "age_to" = g."age_to" from "given" g
           where a."name" = g."name" and (a."age_from", a."age_to") is distinct from (g."age_from", g."age_to")
          returning a."id"
        ), "inserted" as (
          insert into "age_group" ("name", "age_from", "age_to")
          select g."name", g."age_from", g."age_to" from "given" g
           where not exists (select 1 from "age_group" a where a."name" = g."name")
          returning "id"
        )
        select (select count(*) from "inserted")::int as "inserted",
               ((select count(*) from "inserted") + (select count(*) from "updated"))::int as "total"`,
      [
        JSON.stringify(
          referenceAgeGroups.map((g) => ({ name: g.name, age_from: g.ageFrom, age_to: g.ageTo })),
        ),
      ],
    ),
  )
  return {
    language: languages,
    country: countries,
    currency: currencies,
    age_group: {
      inserted: ageGroups?.inserted ?? 0,
      updated: (ageGroups?.total ?? 0) - (ageGroups?.inserted ?? 0),
    },
  }
}
