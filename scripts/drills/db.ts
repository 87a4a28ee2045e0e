import { withPgClient } from '@kibitz/infra/database'
import { Schema } from 'effect'

// The drills read and write the database with plain SQL on a connection of their own per call: a drill
// restarts PostgreSQL, and a fresh connection per query never trips over one the restart has cut.

type SqlParam = string | number | boolean | null | ReadonlyArray<string> | ReadonlyArray<number>

/** Runs `sql` and decodes every row with `row`; a row of another shape is a bug in the drill, so it throws. */
export const query = async <S extends Schema.Top & { readonly DecodingServices: never }>(
  url: string,
  sql: string,
  params: ReadonlyArray<SqlParam>,
  row: S,
): Promise<ReadonlyArray<S['Type']>> => {
  const result = await withPgClient(url, (client) => client.query(sql, [...params]))
  return Schema.decodeUnknownSync(Schema.Array(row))(result.rows)
}

/** The one row `sql` answers (an insert … returning, a count). */
export const queryOne = async <S extends Schema.Top & { readonly DecodingServices: never }>(
  url: string,
  sql: string,
  params: ReadonlyArray<SqlParam>,
  row: S,
): Promise<S['Type']> => {
  const [first] = await query(url, sql, params, row)
  if (first === undefined) throw new Error(`no row from: ${sql.split('\n')[0]}`)
  return first
}

/** Runs a statement whose rows do not matter. */
export const execute = async (
  url: string,
  sql: string,
  params: ReadonlyArray<SqlParam> = [],
): Promise<void> => {
  await withPgClient(url, (client) => client.query(sql, [...params]))
}

export const IdRow = Schema.Struct({ id: Schema.Int })
export const CountRow = Schema.Struct({ n: Schema.Int })
