import type { EntityManager } from '@mikro-orm/postgresql'
import { Schema } from 'effect'

export type SqlValue = string | number | boolean | null
export type SqlRow = ReadonlyArray<SqlValue>

const IdRows = Schema.Array(Schema.Struct({ id: Schema.Int }))
const decodeIdRows = Schema.decodeUnknownSync(IdRows)
const CountRows = Schema.Array(Schema.Struct({ count: Schema.Union([Schema.Int, Schema.NumberFromString]) }))
const decodeCountRows = Schema.decodeUnknownSync(CountRows)

// MikroORM inlines `?` parameters into the SQL text, so a batch is one statement; 500 rows keep each
// statement well below a megabyte even for long descriptions.
const batchSize = 500

/**
 * Inserts `rows` into `table` in multi-row statements and returns the new ids in the order of `rows`
 * (PostgreSQL returns the rows of one INSERT … VALUES in the order they were given).
 */
export async function insertRows(
  em: EntityManager,
  table: string,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<SqlRow>,
): Promise<Array<number>> {
  const ids: Array<number> = []
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `
  const tuple = `(${columns.map(() => '?').join(', ')})`
  for (let from = 0; from < rows.length; from += batchSize) {
    const batch = rows.slice(from, from + batchSize)
    const params: Array<SqlValue> = []
    for (const row of batch) {
      if (row.length !== columns.length) {
        throw new Error(`seed: ${table} row has ${row.length} values for ${columns.length} columns`)
      }
      params.push(...row)
    }
    const sql = `${head}${batch.map(() => tuple).join(', ')} returning id`
    const inserted = decodeIdRows(await em.execute(sql, params))
    if (inserted.length !== batch.length) throw new Error(`seed: ${table} returned ${inserted.length} ids`)
    ids.push(...inserted.map((r) => r.id))
  }
  return ids
}

/** `select count(*) from table`. */
export async function countRows(em: EntityManager, table: string): Promise<number> {
  const rows = decodeCountRows(await em.execute(`select count(*)::int as count from "${table}"`))
  return rows[0]?.count ?? 0
}
