import { describe, expect, it } from '@effect/vitest'
import { OrganiserService } from '@kibitz/accounts'
import type { OrganiserId } from '@kibitz/kernel'
import { PageService } from '@kibitz/pages'
import { insertOrganiser, insertRows, runWith, useDomainDatabase } from '@kibitz/testing'
import { Effect } from 'effect'

const db = useDomainDatabase()

const organiser = () => Effect.promise(() => insertOrganiser(db.orm))
const pages = (rows: Parameters<typeof insertRows>[2]) =>
  Effect.promise(() =>
    insertRows(
      db.orm,
      'organiser_page',
      rows.map((row) => ({ created_at: '2027-01-01T00:00:00.000Z', ...row })),
    ),
  )
const visibleFor = (ids: ReadonlyArray<OrganiserId>) =>
  runWith(
    db.orm,
    PageService.use((p) => p.visibleForOrganisers(ids)),
  )

describe(PageService.name, () => {
  describe('visibleForOrganisers', () => {
    it.effect('leaves out the pages of pending and declined organisers', () =>
      Effect.gen(function* () {
        const accepted = yield* organiser()
        const pending = yield* Effect.promise(() => insertOrganiser(db.orm, { status: 1 }))
        const declined = yield* Effect.promise(() => insertOrganiser(db.orm, { status: 2 }))
        yield* pages([
          { alias: 'accepted', organiser_id: accepted, name: 'Accepted Club' },
          { alias: 'pending', organiser_id: pending, name: 'Pending Club' },
          { alias: 'declined', organiser_id: declined, name: 'Declined Club' },
        ])

        expect((yield* visibleFor([accepted, pending, declined])).map((p) => p.alias)).toEqual(['accepted'])
        expect(yield* visibleFor([pending, declined])).toEqual([])
      }),
    )

    it.effect('lists the visible pages of the given organisers in the order they were made', () =>
      Effect.gen(function* () {
        const club = yield* organiser()
        const federation = yield* organiser()
        const other = yield* organiser()
        const [federationPage, clubPage] = yield* pages([
          {
            alias: 'ltbf',
            organiser_id: federation,
            name: 'Lithuanian Bridge Federation',
            short_name: 'LTBF',
          },
          { alias: 'vilnius-club', organiser_id: club, name: 'Vilnius Bridge Club' },
          { alias: 'hidden', organiser_id: club, name: 'Hidden Page', visible: false },
          { alias: 'other', organiser_id: other, name: 'Other Page' },
        ])

        const found = yield* visibleFor([club, federation])

        expect(found.map((p) => ({ ...p }))).toEqual([
          {
            pageId: federationPage,
            alias: 'ltbf',
            name: 'Lithuanian Bridge Federation',
            shortName: 'LTBF',
            organiserId: federation,
          },
          {
            pageId: clubPage,
            alias: 'vilnius-club',
            name: 'Vilnius Bridge Club',
            shortName: null,
            organiserId: club,
          },
        ])
      }),
    )

    it.effect('returns nothing for no organisers or organisers without visible pages', () =>
      Effect.gen(function* () {
        const club = yield* organiser()
        yield* pages([{ alias: 'hidden', organiser_id: club, name: 'Hidden Page', visible: false }])

        expect(yield* visibleFor([])).toEqual([])
        expect(yield* visibleFor([club])).toEqual([])
      }),
    )
  })

  describe('visibleOf', () => {
    it.effect(
      'lists the visible pages of organisers the accounts domain showed, asking it nothing more',
      () =>
        Effect.gen(function* () {
          const club = yield* organiser()
          const other = yield* organiser()
          yield* pages([
            { alias: 'club', organiser_id: club, name: 'Club Page' },
            { alias: 'club-hidden', organiser_id: club, name: 'Hidden Page', visible: false },
            { alias: 'other', organiser_id: other, name: 'Other Page' },
          ])
          const shown = yield* runWith(
            db.orm,
            OrganiserService.use((o) => o.publicOrganisers([club])),
          )

          const found = yield* runWith(
            db.orm,
            PageService.use((p) => p.visibleOf(shown)),
          )

          expect(found.map((p) => [p.alias, p.organiserId])).toEqual([['club', club]])
          expect(
            yield* runWith(
              db.orm,
              PageService.use((p) => p.visibleOf([])),
            ),
          ).toEqual([])
        }),
    )
  })
})
