import { randomUUID } from 'node:crypto'
import { openOrm } from '@kibitz/infra'
import { addDays, isoDate } from '@kibitz/kernel'
import { Schema } from 'effect'

// Small, explicit rows for the REST API tests, written with plain SQL into the migrated tables so every
// assertion can name exact values. Dates are relative to today in Europe/Vilnius (the API's default zone)
// and kept days away from today's edges, so the tests hold whatever the hour.

type Row = Record<string, string | number | boolean | null>

const IdRows = Schema.Array(Schema.Struct({ id: Schema.Int }))

/** The ids of the rows the API tests assert on. */
export interface ApiFixtures {
  readonly today: string
  readonly day: (offset: number) => string
  readonly events: {
    readonly springCup: number
    readonly kaunasPairs: number
    readonly rigaTeams: number
    readonly warsawOpen: number
    readonly klaipedaFestival: number
    readonly oldMasters: number
    readonly draft: number
    readonly pending: number
  }
  readonly tournaments: { readonly openPairs: number; readonly teams: number; readonly draftPairs: number }
  /** How many public events have not ended. */
  readonly upcomingCount: number
}

/** Writes the API test data into the database at `url`. */
export const insertApiFixtures = async (url: string): Promise<ApiFixtures> => {
  const orm = await openOrm(url, { poolMax: 1 })
  try {
    const em = orm.em.fork()
    const insert = async (table: string, row: Row): Promise<number> => {
      const columns = Object.keys(row)
      const sql = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns
        .map(() => '?')
        .join(', ')}) returning id`
      const [first] = Schema.decodeUnknownSync(IdRows)(await em.execute(sql, Object.values(row)))
      if (!first) throw new Error(`no id returned for ${table}`)
      return first.id
    }

    const today = isoDate(new Date(), 'Europe/Vilnius')
    const day = (offset: number): string => {
      const value = addDays(today, offset)
      if (!value) throw new Error(`bad day offset ${offset}`)
      return value
    }
    const now = new Date().toISOString()

    const languages: ReadonlyArray<Row> = [
      { code: 'en', name: 'English', native_name: 'English', is_default: true, is_interface: true },
      { code: 'lt', name: 'Lithuanian', native_name: 'Lietuvių', is_default: false, is_interface: true },
      { code: 'de', name: 'German', native_name: 'Deutsch', is_default: false, is_interface: false },
    ]
    for (const language of languages) await insert('language', language)
    await insert('country', {
      code: 'PL',
      name: 'Poland',
      names: JSON.stringify({ en: 'Poland', pl: 'Polska', ru: 'Польша', lt: 'Lenkija' }),
    })
    await insert('country', {
      code: 'LT',
      name: 'Lithuania',
      names: JSON.stringify({ en: 'Lithuania', pl: 'Litwa', ru: 'Литва', lt: 'Lietuva' }),
    })
    await insert('currency', {
      code: 'JPY',
      name: 'Japanese yen',
      symbol: '¥',
      minor_unit: 0,
      is_popular: false,
    })
    await insert('currency', { code: 'EUR', name: 'Euro', symbol: '€', is_popular: true })
    await insert('currency', { code: 'PLN', name: 'Polish zloty', symbol: 'zł', is_popular: false })
    await insert('currency', { code: 'USD', name: 'US dollar', symbol: '$', is_popular: false })
    await insert('age_group', { name: 'Seniors', age_from: 60, age_to: null })
    await insert('age_group', { name: 'Juniors', age_from: 0, age_to: 25 })

    const userId = await insert('app_user', { email: 'club@example.test', created_at: now })
    const organiserId = await insert('organiser', {
      user_id: userId,
      status: 3,
      type: 2,
      name: 'Vilnius Bridge Club',
      website_url: 'https://bridge.example.test',
      email: 'club@example.test',
      created_at: now,
    })

    const event = async (e: {
      alias: string
      name: string
      state: string
      type: number
      from: number
      to: number
      place?: string
      country?: string
      liveResults?: boolean
      nativeName?: string
    }): Promise<number> => {
      const id = await insert('event', {
        key: randomUUID(),
        alias: e.alias,
        organiser_id: organiserId,
        status: e.state === 'draft' || e.state === 'pending' ? 1 : 2,
        state: e.state,
        type: e.type,
        date_start: day(e.from),
        date_end: day(e.to),
        country_code: e.country ?? null,
        time_zone: 'Europe/Vilnius',
        has_live_results: e.liveResults ?? false,
        live_results_url: e.liveResults ? `https://results.example.test/${e.alias}` : null,
        search_text: [e.name, e.alias, e.place ?? '', e.nativeName ?? ''].join(' ').toLowerCase(),
        created_at: now,
        updated_at: now,
      })
      await insert('event_content', {
        event_id: id,
        language: 'en',
        name: e.name,
        alias: e.alias,
        is_main: true,
        type: 1,
      })
      if (e.nativeName) {
        await insert('event_content', {
          event_id: id,
          language: 'lt',
          name: e.nativeName,
          alias: `${e.alias}-lt`,
          is_main: false,
          type: 2,
        })
      }
      if (e.place) {
        await insert('event_location', {
          event_id: id,
          name: e.place,
          short_address_line: e.place,
          country_code: e.country ?? null,
          is_main: true,
        })
      }
      return id
    }

    const events = {
      kaunasPairs: await event({
        alias: 'kaunas-pairs',
        name: 'Kaunas Pairs',
        state: 'accepted',
        type: 2,
        from: -1,
        to: 1,
        place: 'Kaunas, Lithuania',
        country: 'LT',
        liveResults: true,
      }),
      springCup: await event({
        alias: 'vilnius-spring-cup',
        name: 'Vilnius Spring Cup',
        nativeName: 'Vilniaus pavasario taurė',
        state: 'accepted',
        type: 3,
        from: 10,
        to: 12,
        place: 'Vilnius, Lithuania',
        country: 'LT',
      }),
      rigaTeams: await event({
        alias: 'riga-teams',
        name: 'Riga Teams',
        state: 'canceled',
        type: 3,
        from: 20,
        to: 21,
        place: 'Riga, Latvia',
      }),
      warsawOpen: await event({
        alias: 'warsaw-open',
        name: 'Warsaw Open',
        state: 'postponed',
        type: 4,
        from: 30,
        to: 32,
        place: 'Warsaw, Poland',
        country: 'PL',
      }),
      klaipedaFestival: await event({
        alias: 'klaipeda-festival',
        name: 'Klaipeda Festival',
        state: 'accepted',
        type: 1,
        from: 40,
        to: 41,
        place: 'Klaipeda, Lithuania',
        country: 'LT',
      }),
      oldMasters: await event({
        alias: 'old-vilnius-masters',
        name: 'Old Vilnius Masters',
        state: 'accepted',
        type: 3,
        from: -40,
        to: -38,
        place: 'Vilnius, Lithuania',
        country: 'LT',
      }),
      draft: await event({
        alias: 'secret-draft',
        name: 'Secret Draft',
        state: 'draft',
        type: 3,
        from: 5,
        to: 6,
        place: 'Secret Place, Lithuania',
      }),
      pending: await event({
        alias: 'pending-event',
        name: 'Pending Event',
        state: 'pending',
        type: 3,
        from: 6,
        to: 7,
        place: 'Pending Town, Lithuania',
      }),
    }
    // Eight more upcoming local events so the default page size of 10 shows.
    for (let n = 1; n <= 8; n++) {
      await event({
        alias: `filler-cup-${n}`,
        name: `Filler Cup ${n}`,
        state: 'accepted',
        type: 1,
        from: 50 + n,
        to: 50 + n,
      })
    }

    const tournament = async (t: {
      eventId: number
      alias: string
      name: string
      type: number
      startTime: string | null
      endTime: string | null
      order: number
      playerList: boolean
      from: number
      to: number
    }) =>
      insert('tournament', {
        event_id: t.eventId,
        alias: t.alias,
        name: t.name,
        type: t.type,
        start_date: day(t.from),
        start_time: t.startTime,
        end_date: day(t.to),
        end_time: t.endTime,
        points_score_type: 'MP_PAIRS',
        order_number: t.order,
        is_player_list_view_enabled: t.playerList,
      })
    const tournaments = {
      openPairs: await tournament({
        eventId: events.springCup,
        alias: 'open-pairs',
        name: 'Open Pairs',
        type: 1,
        startTime: '10:00',
        endTime: '18:30',
        order: 1,
        playerList: true,
        from: 10,
        to: 10,
      }),
      teams: await tournament({
        eventId: events.springCup,
        alias: 'teams',
        name: 'Teams',
        type: 2,
        startTime: null,
        endTime: null,
        order: 2,
        playerList: false,
        from: 11,
        to: 12,
      }),
      draftPairs: await tournament({
        eventId: events.draft,
        alias: 'draft-pairs',
        name: 'Draft Pairs',
        type: 1,
        startTime: '10:00',
        endTime: null,
        order: 1,
        playerList: true,
        from: 5,
        to: 5,
      }),
    }
    await em.execute('update event set tournaments_count = 2 where id = ?', [events.springCup])

    const entry = async (status: string, players: ReadonlyArray<readonly [string, string, string]>) => {
      const id = await insert('entry', {
        tournament_id: tournaments.openPairs,
        event_id: events.springCup,
        status,
        created_at: now,
      })
      let position = 1
      for (const [first, last, country] of players) {
        await insert('contestant', {
          entry_id: id,
          position: position++,
          first_name: first,
          last_name: last,
          country_code: country,
        })
      }
    }
    await entry('confirmed', [
      ['Jonas', 'Jonaitis', 'LT'],
      ['Petras', 'Petraitis', 'LT'],
    ])
    await entry('pending', [
      ['Waiting', 'Player', 'LT'],
      ['Other', 'Waiting', 'LT'],
    ])
    await entry('confirmed', [
      ['Anna', 'Nowak', 'PL'],
      ['Jan', 'Kowalski', 'PL'],
    ])

    await insert('hotel', {
      event_id: events.springCup,
      name: 'Hotel Neringa',
      price_minor: 9000,
      stars: 4,
      is_active: true,
    })
    await insert('hotel', {
      event_id: events.springCup,
      name: 'Closed Inn',
      price_minor: 5000,
      is_active: false,
    })

    return { today, day, events, tournaments, upcomingCount: 13 }
  } finally {
    await orm.close(true)
  }
}
