import { describe, expect, it } from '@effect/vitest'
import { OrganiserService, OrganiserStatus } from '@kibitz/accounts'
import { OrganiserId } from '@kibitz/kernel'
import { insertOrganiser, type OrganiserFixture, runWith, useDomainDatabase } from '@kibitz/testing'
import { Effect } from 'effect'

const db = useDomainDatabase()

const organiser = (spec: OrganiserFixture) => Effect.promise(() => insertOrganiser(db.orm, spec))
const publicOrganisers = (ids: ReadonlyArray<OrganiserId>) =>
  runWith(
    db.orm,
    OrganiserService.use((o) => o.publicOrganisers(ids)),
  )

describe(OrganiserService.name, () => {
  describe('publicOrganisers', () => {
    it.effect('returns the accepted organisers among the ids with their public details', () =>
      Effect.gen(function* () {
        const club = yield* organiser({
          name: 'Vilnius Bridge Club',
          websiteUrl: 'https://club.example.test',
          imageUrl: 'https://club.example.test/logo.png',
          email: 'club@example.test',
          phone: '+370 600 00000',
        })
        const pending = yield* organiser({ name: 'Pending Club', status: OrganiserStatus.pending })
        const declined = yield* organiser({ name: 'Declined Club', status: OrganiserStatus.declined })
        yield* organiser({ name: 'Not Asked For' })

        const found = yield* publicOrganisers([club, pending, declined, OrganiserId.make(9999)])

        expect(found.map((o) => ({ ...o }))).toEqual([
          {
            organiserId: club,
            name: 'Vilnius Bridge Club',
            websiteUrl: 'https://club.example.test',
            image: 'https://club.example.test/logo.png',
            email: 'club@example.test',
            phone: '+370 600 00000',
          },
        ])
      }),
    )

    it.effect('returns several accepted organisers, with missing details as null', () =>
      Effect.gen(function* () {
        const a = yield* organiser({ name: 'Kaunas Club' })
        const b = yield* organiser({ name: 'Riga Club', email: 'riga@example.test' })

        const found = yield* publicOrganisers([b, a])

        // No order is promised, so compare by id.
        expect(
          [...found]
            .sort((x, y) => x.organiserId - y.organiserId)
            .map((o) => [o.organiserId, o.name, o.email, o.websiteUrl]),
        ).toEqual([
          [a, 'Kaunas Club', null, null],
          [b, 'Riga Club', 'riga@example.test', null],
        ])
      }),
    )

    it.effect('returns nothing for no ids', () =>
      Effect.gen(function* () {
        yield* organiser({ name: 'Kaunas Club' })

        expect(yield* publicOrganisers([])).toEqual([])
      }),
    )
  })
})
