import type { EntityManager } from '@mikro-orm/postgresql'
import { type OrganiserKey, type OrganiserSpec, organisers } from './organisers.ts'
import type { EventPlan } from './plan.ts'
import { insertRows, type SqlRow } from './sql.ts'

const organiserKeys: ReadonlyArray<OrganiserKey> = Object.keys(organisers).filter(
  (k): k is OrganiserKey => k in organisers,
)

/** Inserts the organisers with their user accounts and pages; returns organiser ids by key. */
export async function insertOrganisers(
  em: EntityManager,
  today: Date,
): Promise<ReadonlyMap<OrganiserKey, number>> {
  const specs = organiserKeys.map((key): [OrganiserKey, OrganiserSpec] => [key, organisers[key]])
  // Accounts are a couple of years old; each one a month after the previous.
  const createdAt = specs.map((_, i) => new Date(today.getTime() - (800 - i * 30) * 86_400_000).toISOString())
  const userIds = await insertRows(
    em,
    'app_user',
    ['email', 'role', 'is_company', 'first_name', 'last_name', 'company_name', 'language', 'created_at'],
    specs.map(([, o], i) => [
      o.email,
      1,
      o.kind === 2,
      o.contact.firstName,
      o.contact.lastName,
      o.kind === 2 ? o.name : null,
      o.language,
      createdAt[i] ?? null,
    ]),
  )
  const organiserIds = await insertRows(
    em,
    'organiser',
    ['user_id', 'status', 'type', 'name', 'website_url', 'email', 'phone', 'country_code', 'created_at'],
    specs.map(([, o], i) => [
      userIds[i] ?? null,
      o.status,
      o.kind,
      o.name,
      o.websiteUrl,
      o.email,
      o.phone,
      o.country,
      createdAt[i] ?? null,
    ]),
  )
  const ids = new Map(specs.map(([key], i) => [key, organiserIds[i] ?? 0]))
  const pages: Array<SqlRow> = specs.flatMap(([key, o], i) =>
    o.page
      ? [
          [
            o.page.alias,
            ids.get(key) ?? null,
            o.name,
            o.page.shortName,
            o.page.initials,
            o.page.description,
            true,
            createdAt[i] ?? null,
          ],
        ]
      : [],
  )
  await insertRows(
    em,
    'organiser_page',
    ['alias', 'organiser_id', 'name', 'short_name', 'initials', 'description', 'visible', 'created_at'],
    pages,
  )
  return ids
}

/** Inserts the planned events and everything below them, table by table, filling in the ids. */
export async function insertEvents(
  em: EntityManager,
  events: ReadonlyArray<EventPlan>,
  organiserIds: ReadonlyMap<OrganiserKey, number>,
): Promise<void> {
  const eventIds = await insertRows(
    em,
    'event',
    [
      'key',
      'alias',
      'organiser_id',
      'status',
      'state',
      'type',
      'is_live',
      'is_online',
      'edition_type',
      'edition_year',
      'edition_season',
      'date_start',
      'date_end',
      'country_code',
      'currency_code',
      'time_zone',
      'organiser_email',
      'payment_beneficiary',
      'payment_iban',
      'payment_bic',
      'image_url',
      'thumb_url',
      'image_alt',
      'live_results_url',
      'has_live_results',
      'has_final_results',
      'is_recommended',
      'is_youth',
      'show_native_name',
      'championship_type_text',
      'state_message',
      'search_text',
      'created_at',
      'updated_at',
    ],
    events.map((e) => [
      e.key,
      e.alias,
      organiserIds.get(e.organiser) ?? null,
      e.status,
      e.state,
      e.type,
      e.isLive,
      e.isOnline,
      e.editionType,
      e.editionYear,
      e.editionSeason,
      e.dateStart,
      e.dateEnd,
      e.countryCode,
      e.currencyCode,
      e.timeZone,
      e.organiserEmail,
      e.bank.beneficiary,
      e.bank.iban,
      e.bank.bic,
      e.image?.url ?? null,
      e.image?.thumbUrl ?? null,
      e.image?.alt ?? null,
      e.liveResultsUrl,
      e.hasLiveResults,
      e.hasFinalResults,
      e.isRecommended,
      e.isYouth,
      e.showNativeName,
      e.championshipTypeText,
      e.stateMessage,
      e.searchText,
      e.createdAt,
      e.updatedAt,
    ]),
  )
  events.forEach((e, i) => {
    e.id = eventIds[i] ?? 0
  })

  await insertRows(
    em,
    'event_content',
    ['event_id', 'language', 'name', 'description', 'alias', 'is_main', 'type'],
    events.flatMap((e) =>
      e.contents.map((c) => [e.id, c.language, c.name, c.description, c.alias, c.isMain, c.type]),
    ),
  )
  await insertRows(
    em,
    'event_location',
    [
      'event_id',
      'name',
      'address_line',
      'formatted_address',
      'short_address_line',
      'country_code',
      'lat',
      'long',
      'date_start',
      'date_end',
      'has_start_time',
      'has_end_time',
      'start_time',
      'end_time',
      'is_main',
      'external_url',
    ],
    events.flatMap((e) =>
      e.locations.map((l) => [
        e.id,
        l.name,
        l.addressLine,
        l.formattedAddress,
        l.shortAddressLine,
        l.countryCode,
        l.lat,
        l.long,
        l.dateStart,
        l.dateEnd,
        l.startTime !== null,
        l.endTime !== null,
        l.startTime,
        l.endTime,
        l.isMain,
        l.externalUrl,
      ]),
    ),
  )
  await insertRows(
    em,
    'hotel',
    ['event_id', 'name', 'price_minor', 'website_url', 'address_line', 'stars'],
    events.flatMap((e) =>
      e.hotels.map((h) => [e.id, h.name, h.priceMinor, h.websiteUrl, h.addressLine, h.stars]),
    ),
  )

  const tournaments = events.flatMap((e) => e.tournaments.map((t) => ({ event: e, t })))
  const tournamentIds = await insertRows(
    em,
    'tournament',
    [
      'event_id',
      'alias',
      'name',
      'type',
      'is_multi_session',
      'is_complicated',
      'is_complicated_multi_session',
      'is_complicated_multi_round',
      'is_complicated_group',
      'start_date',
      'start_time',
      'end_date',
      'end_time',
      'points_score_type',
      'verify_player',
      'results_source',
      'results_url',
      'registration_url',
      'has_registration',
      'is_registration_enabled',
      'registration_start_at',
      'registration_end_at',
      'order_number',
      'is_main',
      'boards',
      'is_prize_information_enabled',
      'is_player_list_view_enabled',
      'location_name',
    ],
    tournaments.map(({ event, t }) => [
      event.id,
      t.alias,
      t.name,
      t.type,
      t.isMultiSession,
      t.isComplicated,
      t.isComplicatedMultiSession,
      t.isComplicatedMultiRound,
      t.isComplicatedGroup,
      t.startDate,
      t.startTime,
      t.endDate,
      t.endTime,
      t.pointsScoreType,
      t.verifyPlayer,
      // Spec section 9: results source 1 is a results URL.
      t.resultsUrl ? 1 : null,
      t.resultsUrl,
      t.registrationUrl,
      t.hasRegistration,
      t.isRegistrationEnabled,
      t.registrationStartAt,
      t.registrationEndAt,
      t.orderNumber,
      t.isMain,
      t.boards,
      t.isPrizeInformationEnabled,
      t.isPlayerListViewEnabled,
      t.locationName,
    ]),
  )
  tournaments.forEach(({ t }, i) => {
    t.id = tournamentIds[i] ?? 0
  })
  const all = tournaments.map(({ t }) => t)

  await insertRows(
    em,
    'tournament_session',
    ['tournament_id', 'start_date', 'end_date', 'start_time', 'end_time', 'text', 'boards'],
    all.flatMap((t) =>
      t.sessions.map((s) => [t.id, s.date, s.date, s.startTime, s.endTime, s.text, s.boards]),
    ),
  )
  await insertRows(
    em,
    'tournament_stage',
    ['tournament_id', 'name', 'type', 'order_number', 'results_url'],
    all.flatMap((t) => t.stages.map((s, i) => [t.id, s.name, s.type, i + 1, s.resultsUrl])),
  )
  await insertRows(
    em,
    'tournament_program_day',
    ['tournament_id', 'date', 'tours'],
    all.flatMap((t) => t.programDays.map((d) => [t.id, d.date, JSON.stringify(d.tours)])),
  )
  await insertRows(
    em,
    'prize',
    [
      'tournament_id',
      'place_number',
      'prize_amount_minor',
      'custom_prize',
      'medal_icon_key',
      'cup_icon_key',
      'type',
    ],
    all.flatMap((t) =>
      t.prizes.map((p) => [
        t.id,
        p.placeNumber,
        p.amountMinor,
        p.customPrize,
        p.medalIconKey,
        p.cupIconKey,
        p.type,
      ]),
    ),
  )
  await insertRows(
    em,
    'prize_setup',
    [
      'tournament_id',
      'places_number',
      'prize_pool_minor',
      'custom_prize_pool',
      'custom_prize_text',
      'is_formula_used',
    ],
    all.flatMap((t) => {
      const s = t.prizeSetup
      return s
        ? [[t.id, s.placesNumber, s.prizePoolMinor, s.customPrizePool, s.customPrizeText, s.isFormulaUsed]]
        : []
    }),
  )

  const tickets = all.flatMap((t) => t.tickets.map((k) => ({ t, k })))
  const ticketIds = await insertRows(
    em,
    'ticket',
    ['tournament_id', 'type', 'price_minor', 'quantity', 'sold', 'is_for_sale', 'is_price_per_team'],
    tickets.map(({ t, k }) => [
      t.id,
      k.type,
      k.priceMinor,
      k.quantity,
      k.sold,
      k.isForSale,
      k.isPricePerTeam,
    ]),
  )
  tickets.forEach(({ k }, i) => {
    k.id = ticketIds[i] ?? 0
  })
  const categories = tickets.flatMap(({ k }) => k.categories.map((c) => ({ k, c })))
  const categoryIds = await insertRows(
    em,
    'ticket_age_category',
    [
      'ticket_id',
      'name',
      'age_from',
      'age_to',
      'price_minor',
      'sold',
      'discount_percent',
      'sales_start_date',
      'sales_end_date',
      'is_early_bird',
      'early_bird_price_minor',
      'early_bird_sales_start_date',
      'early_bird_sales_end_date',
      'early_bird_end_sales_quantity',
    ],
    categories.map(({ k, c }) => [
      k.id,
      c.name,
      c.ageFrom,
      c.ageTo,
      c.priceMinor,
      c.sold,
      c.discountPercent,
      c.salesStartDate,
      c.salesEndDate,
      c.earlyBird !== null,
      c.earlyBird?.priceMinor ?? null,
      c.earlyBird?.startDate ?? null,
      c.earlyBird?.endDate ?? null,
      c.earlyBird?.endSalesQuantity ?? null,
    ]),
  )
  categories.forEach(({ c }, i) => {
    c.id = categoryIds[i] ?? 0
  })

  const entries = events.flatMap((e) =>
    e.tournaments.flatMap((t) => t.entries.map((entry) => ({ e, t, entry }))),
  )
  const entryIds = await insertRows(
    em,
    'entry',
    ['tournament_id', 'event_id', 'ticket_id', 'status', 'team_name', 'created_at'],
    entries.map(({ e, t, entry }) => [
      t.id,
      e.id,
      entry.ticket?.id ?? null,
      entry.status,
      entry.teamName,
      entry.createdAt,
    ]),
  )
  await insertRows(
    em,
    'contestant',
    ['entry_id', 'position', 'first_name', 'last_name', 'country_code', 'federation_id', 'age_category_id'],
    entries.flatMap(({ entry }, i) =>
      entry.contestants.map((c, p) => [
        entryIds[i] ?? null,
        p + 1,
        c.firstName,
        c.lastName,
        c.countryCode,
        c.federationId,
        c.category?.id ?? null,
      ]),
    ),
  )
}
