import { type Db, Em, preparedRead } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import type { CatalogueKeyset, CatalogueQuery } from '../Event.ts'
import {
  asTyped,
  type CardSource,
  cardFields,
  cardJson,
  catalogueQuery,
  correctedWords,
  nearestWordsQuery,
  numbered,
  pageQuery,
  preparable,
  type TextMatch,
  typedWords,
  visibleToPublic,
} from './CatalogueSql.ts'

export type { CardSource } from './CatalogueSql.ts'

// The catalogue's reads (docs/decisions/022, 025). A page is one statement that answers its cards as JSON the
// database builds from typed columns; the JSON is parsed once by the driver and read as it is. The database holds
// every value valid (docs/decisions/026), so only what its types do not say is checked here: the registration
// windows (a jsonb column). A card whose JSON fails that is left out of the page and logged; the page's rows, its
// neighbours' keysets and its count do not depend on it.

/** A row of a catalogue page: the event and its start date (a neighbour page's keyset), and its card when readable. */
export interface CatalogueRow {
  readonly id: number
  readonly dateStart: string
  readonly card: CardSource | null
}

/** A catalogue page as read: its rows in the listing's order, the count, and how the text was matched. */
export interface CataloguePage {
  readonly rows: ReadonlyArray<CatalogueRow>
  readonly total: number
  readonly textMatch: TextMatch
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null

const isWindow = (value: unknown): boolean =>
  isRecord(value) &&
  typeof value.closesAt === 'string' &&
  (value.opensAt === null || typeof value.opensAt === 'string')

/** Where `cardJson`'s array holds a field. */
const fieldAt = (name: (typeof cardFields)[number][0]) => cardFields.findIndex(([field]) => field === name)
const idAt = fieldAt('id')
const dateStartAt = fieldAt('dateStart')

/**
 * `cardJson`'s array as a card source, or null when what the database does not type is not as expected (the
 * registration windows). The other values are columns of the types CardSource names.
 */
const cardSourceOf = (values: ReadonlyArray<unknown>): CardSource | null => {
  const card: Record<string, unknown> = {}
  cardFields.forEach(([name], i) => {
    card[name] = values[i]
  })
  const windows = card.registrationWindows
  return Array.isArray(windows) && windows.every(isWindow) ? (card as unknown as CardSource) : null
}

/** The statement's one row: the count and the cards' JSON, which the driver has parsed. */
const decodePageRow = Schema.decodeUnknownSync(
  Schema.Tuple([Schema.Struct({ total: Schema.Int, cards: Schema.Array(Schema.Unknown) })]),
)
const decodeCardsRows = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ card: Schema.Unknown })))
const decodeNearestRows = Schema.decodeUnknownSync(
  Schema.Array(
    Schema.Struct({ word: Schema.String, nearest: Schema.NullOr(Schema.String), score: Schema.Number }),
  ),
)

/** A page's rows from its cards' JSON; an unreadable card is logged and its row kept without it. */
const rowsOf = (cards: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const rows: Array<CatalogueRow> = []
    for (const json of cards) {
      const values = json as ReadonlyArray<unknown>
      // An integer and a date column: readable whatever the card's other values hold.
      const id = values[idAt] as number
      const dateStart = values[dateStartAt] as string
      const card = cardSourceOf(values)
      if (card === null)
        yield* Effect.logWarning('events: a catalogue row could not be read and was left out', {
          eventId: id,
        })
      rows.push({ id, dateStart, card })
    }
    return rows
  })

/** The only code that reads the catalogue: pages of the public listing and cards by id. */
export class CatalogueRepo extends Context.Service<
  CatalogueRepo,
  {
    /**
     * A catalogue page in one statement: `take` rows from `skip` in the listing's order, or after/before a keyset
     * (walked backwards for `before`, answered in listing order), each with its card, and the count (read up to
     * `countUpTo + 1` rows, or exactly without it). Text that matches nothing as typed matches by similar words
     * instead (a few more statements, only then). `site`: a page of the site, whose sizes the code fixes; its most
     * frequent shapes go as named prepared statements (`preparable`).
     */
    page(
      query: CatalogueQuery,
      now: Date,
      page: {
        readonly keyset?: CatalogueKeyset | undefined
        readonly skip: number
        readonly take: number
        readonly site: boolean
      },
      countUpTo: number | undefined,
    ): Db<CataloguePage>
    /** The cards of the public events among `ids`, in that order (the others are skipped); one statement. */
    publicCards(ids: ReadonlyArray<number>): Db<ReadonlyArray<CardSource>>
  }
>()('@kibitz/events/CatalogueRepo') {
  static readonly layer = Layer.succeed(
    CatalogueRepo,
    CatalogueRepo.of({
      page: Effect.fn('CatalogueRepo.page')(function* (query, now, page, countUpTo) {
        const em = yield* Em
        const read = (textMatch: TextMatch) => {
          const q = catalogueQuery(query, now, page, textMatch, countUpTo)
          const rows =
            page.site && preparable(query, page, textMatch)
              ? preparedRead(numbered(q.text), q.params)
              : Effect.promise(() => em.execute(q.text, [...q.params]))
          return Effect.map(rows, (found) => decodePageRow(found)[0])
        }
        const exact = yield* read(asTyped)
        // Text that matches no event as typed is probably misspelt: match its words, each corrected to the
        // nearest known word, instead. On a later page (keyset) an empty read may just be the end, so ask whether
        // the text matches anything at all.
        const misspelt =
          query.text !== undefined &&
          exact.cards.length === 0 &&
          (page.keyset === undefined ||
            (yield* Effect.promise(() => {
              const q = pageQuery(query, now, { skip: 0, take: 1 }, asTyped)
              return em.execute(q.text, [...q.params])
            })).length === 0)
        const words = misspelt && query.text !== undefined ? typedWords(query.text) : []
        const corrected =
          words.length === 0
            ? undefined
            : correctedWords(
                decodeNearestRows(
                  yield* Effect.promise(() => {
                    const q = nearestWordsQuery(words)
                    return em.execute(q.text, [...q.params])
                  }),
                ),
              )
        const textMatch: TextMatch = corrected ? { kind: 'similar', words: corrected } : asTyped
        const found = corrected ? yield* read(textMatch) : exact
        return { rows: yield* rowsOf(found.cards), total: found.total, textMatch }
      }),
      publicCards: Effect.fn('CatalogueRepo.publicCards')(function* (ids) {
        const em = yield* Em
        if (ids.length === 0) return []
        const rows = decodeCardsRows(
          yield* Effect.promise(() =>
            em.execute(
              `select ${cardJson} as card from event e
                where ${visibleToPublic} and e.id in (${ids.map(() => '?').join(',')})`,
              [...ids],
            ),
          ),
        )
        const byId = new Map<number, CardSource>()
        for (const row of yield* rowsOf(rows.map((r) => r.card)))
          if (row.card !== null) byId.set(row.id, row.card)
        return ids.flatMap((id) => {
          const card = byId.get(id)
          return card ? [card] : []
        })
      }),
    }),
  )
}
