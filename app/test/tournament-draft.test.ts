import { decodeWithProblems } from '@kibitz/kernel/format'
import { EventId, idFromText, TournamentId } from '@kibitz/kernel/ids'
import { TournamentInput, type TournamentInputEncoded } from '@kibitz/tournaments/input'
import { describe, expect, it } from 'vitest'
import {
  dayAfter,
  emptyPrize,
  feesDraftOf,
  formulaAmountOf,
  formulaSplit,
  moneyMinor,
  moneyText,
  newTournamentInput,
  nextFreePlace,
  programDraftOf,
  type TournamentPayload,
  ticketsLeft,
  tournamentDraftOf,
  tournamentSearch,
  withEveryPlace,
  withFeesDraft,
  withProgramDraft,
  withTournamentDraft,
} from '../src/components/editor/tournamentDraft.ts'

/** A stored tournament as fetchEditorTournament gives it: every field filled, optional ones as null. */
const full: TournamentInputEncoded = {
  name: 'Open Pairs',
  additionalName: 'Swiss',
  type: 1,
  isMultiSession: true,
  isComplicated: true,
  isComplicatedMultiSession: true,
  isComplicatedMultiRound: false,
  isComplicatedGroup: true,
  startDate: '2027-04-02',
  endDate: '2027-04-03',
  startTime: '10:00',
  endTime: '18:30',
  pointsScoreType: 'MP_PAIRS',
  verifyPlayer: true,
  resultsSource: 1,
  resultsUrl: 'https://results.example.org/open',
  rulesAndRegulationsFile: 'event/event-7/documents/rules.pdf',
  hasRegistration: true,
  isRegistrationEnabled: true,
  registrationStart: '2027-03-01T09:00',
  registrationEnd: '2027-04-01T20:00',
  registrationType: 2,
  playerListUrl: 'https://players.example.org/open',
  isPrizeInformationEnabled: true,
  isPlayerListViewEnabled: false,
  boards: 54,
  description: 'Two sessions of 27 boards.',
  locationName: 'Main hall',
  sessions: [
    {
      startDate: '2027-04-02',
      endDate: null,
      startTime: '10:00',
      endTime: '14:00',
      type: 1,
      text: 'Session 1',
      boards: 27,
    },
    {
      startDate: '2027-04-03',
      endDate: '2027-04-03',
      startTime: null,
      endTime: null,
      type: 2,
      text: null,
      boards: null,
    },
  ],
  stages: [
    { name: 'Qualification', type: 1, resultsUrl: 'https://results.example.org/q' },
    { name: 'Final A', type: 2, resultsUrl: null },
  ],
  programs: [
    {
      date: '2027-04-02',
      tours: [
        { time: '10:00', name: 'Round 1' },
        { time: '14:30', name: 'Round 2' },
      ],
    },
    { date: '2027-04-03', tours: [{ time: '10:00', name: 'Final' }] },
  ],
  tickets: [
    {
      ticketId: 11,
      type: 1,
      priceMinor: 4050,
      quantity: 120,
      isForSale: true,
      isPricePerTeam: false,
      ageCategories: [
        {
          id: 21,
          name: 'Juniors',
          ageFrom: 0,
          ageTo: 25,
          priceMinor: 2000,
          quantity: 30,
          discountPercent: 50,
          salesStartDate: '2027-02-01',
          salesEndDate: '2027-04-01',
          isEarlyBird: true,
          earlyBirdPriceMinor: 1500,
          earlyBirdSalesStartDate: '2027-02-01',
          earlyBirdSalesEndDate: '2027-02-28',
          earlyBirdEndSalesQuantity: 10,
          enabled: true,
        },
        {
          id: 22,
          name: 'Seniors',
          ageFrom: 65,
          ageTo: null,
          priceMinor: 3000,
          quantity: null,
          discountPercent: 0,
          salesStartDate: null,
          salesEndDate: null,
          isEarlyBird: false,
          earlyBirdPriceMinor: null,
          earlyBirdSalesStartDate: null,
          earlyBirdSalesEndDate: null,
          earlyBirdEndSalesQuantity: null,
          enabled: false,
        },
      ],
    },
    {
      ticketId: 12,
      type: 4,
      priceMinor: 0,
      quantity: 10,
      isForSale: false,
      isPricePerTeam: true,
      ageCategories: [],
    },
  ],
  prizes: [
    {
      placeNumber: 1,
      additionalName: null,
      prizeAmountMinor: 30000,
      customPrize: 'A cup',
      medalIconKey: 'gold',
      cupIconKey: 'gold',
      type: 1,
    },
    {
      placeNumber: 2,
      additionalName: null,
      prizeAmountMinor: 20000,
      customPrize: null,
      medalIconKey: 'silver',
      cupIconKey: null,
      type: 1,
    },
    {
      placeNumber: 3,
      additionalName: null,
      prizeAmountMinor: 10000,
      customPrize: null,
      medalIconKey: null,
      cupIconKey: null,
      type: 1,
    },
    {
      placeNumber: 1,
      additionalName: 'Best juniors',
      prizeAmountMinor: null,
      customPrize: 'Books',
      medalIconKey: null,
      cupIconKey: null,
      type: 2,
    },
  ],
  prizeSetup: {
    placesNumber: 3,
    prizePoolMinor: 60000,
    customPrizePool: 'and trophies',
    customPrizeText: 'Prizes are handed out after the final.',
    isFormulaUsed: true,
  },
}

const problemsOf = (payload: TournamentPayload) => {
  const checked = decodeWithProblems(TournamentInput, payload)
  return checked.ok ? [] : checked.problems.map((p) => ({ field: p.field, rule: p.rule }))
}

/** Prices of a euro event typed by an organiser who uses the site in English. */
const euroEn = { currency: 'EUR', locale: 'en' }

describe('tournament draft round trip', () => {
  it('the full input is valid to begin with', () => {
    expect(problemsOf(full)).toEqual([])
  })

  it('gives back the same input through the tournament form', () => {
    expect(withTournamentDraft(full, tournamentDraftOf(full))).toEqual(full)
  })

  it('gives back the same input through the entry fees and prizes form', () => {
    expect(withFeesDraft(full, feesDraftOf(full, euroEn), euroEn)).toEqual(full)
  })

  it('gives back the same input through the program form', () => {
    expect(withProgramDraft(full, programDraftOf(full))).toEqual(full)
  })

  it('keeps the tickets, prizes and program of the loaded input when only the tournament form edits it', () => {
    const draft = { ...tournamentDraftOf(full), name: 'Open Teams', type: '2', sessions: [], stages: [] }
    const saved = withTournamentDraft(full, draft)
    expect(saved.name).toBe('Open Teams')
    expect(saved.type).toBe(2)
    expect(saved.sessions).toEqual([])
    expect(saved.tickets).toBe(full.tickets)
    expect(saved.prizes).toBe(full.prizes)
    expect(saved.prizeSetup).toBe(full.prizeSetup)
    expect(saved.programs).toBe(full.programs)
    expect(saved.rulesAndRegulationsFile).toBe(full.rulesAndRegulationsFile)
    expect(saved.registrationType).toBe(full.registrationType)
  })

  it('sends empty texts as null and leaves no complex sub-format on once the complex format is off', () => {
    const draft = {
      ...tournamentDraftOf(full),
      additionalName: '  ',
      startTime: '',
      registrationStart: '',
      boards: '',
      isComplicated: false,
    }
    const saved = withTournamentDraft(full, draft)
    expect(saved).toMatchObject({
      additionalName: null,
      startTime: null,
      registrationStart: null,
      boards: null,
      isComplicated: false,
      isComplicatedMultiSession: false,
      isComplicatedGroup: false,
    })
  })

  it('gives a session or stage added on the form no type, so the domain picks its default', () => {
    const draft = tournamentDraftOf(full)
    draft.stages.push({ name: 'Final B', resultsUrl: '', type: undefined })
    const saved = withTournamentDraft(full, draft)
    expect(saved.stages[2]).toEqual({ name: 'Final B', resultsUrl: null })
    expect(problemsOf(saved)).toEqual([])
  })
})

describe('money in the forms', () => {
  it('shows minor units as the major amount, without a trailing .00', () => {
    expect(moneyText(4000, euroEn)).toBe('40')
    expect(moneyText(4050, euroEn)).toBe('40.50')
    expect(moneyText(5, euroEn)).toBe('0.05')
    expect(moneyText(123456789, euroEn)).toBe('1234567.89')
    expect(moneyText(0, euroEn)).toBe('0')
    expect(moneyText(null, euroEn)).toBe('')
    expect(moneyText(undefined, euroEn)).toBe('')
  })

  it("shows the amount with the organiser's decimal mark and the currency's minor unit", () => {
    expect(moneyText(4050, { currency: 'PLN', locale: 'pl' })).toBe('40,50')
    expect(moneyText(4050, { currency: 'EUR', locale: 'fr' })).toBe('40,50')
    expect(moneyText(5000, { currency: 'JPY', locale: 'en' })).toBe('5000')
    expect(moneyText(1234, { currency: 'KWD', locale: 'en' })).toBe('1.234')
  })

  it('reads typed major amounts as minor units', () => {
    expect(moneyMinor('40', euroEn)).toBe(4000)
    expect(moneyMinor('40.5', euroEn)).toBe(4050)
    expect(moneyMinor('40.50', euroEn)).toBe(4050)
    expect(moneyMinor(' 1,250.50 ', euroEn)).toBe(125050)
    expect(moneyMinor('12,5', euroEn)).toBe(1250)
    expect(moneyMinor('€15', euroEn)).toBe(1500)
  })

  it('reads what organisers type in their language and currency', () => {
    expect(moneyMinor('12,50', { currency: 'PLN', locale: 'pl' })).toBe(1250)
    expect(moneyMinor('1 250,50', { currency: 'EUR', locale: 'fr' })).toBe(125050)
    expect(moneyMinor('5000', { currency: 'JPY', locale: 'en' })).toBe(5000)
    expect(moneyMinor('5,000', { currency: 'JPY', locale: 'en' })).toBe(5000)
    expect(moneyMinor('50.5', { currency: 'JPY', locale: 'en' })).toBeNaN()
    expect(moneyMinor('1,5', { currency: 'KWD', locale: 'ru' })).toBe(1500)
  })

  it('reads an empty amount as missing and an unreadable one as not a number', () => {
    expect(moneyMinor('', euroEn)).toBeNull()
    expect(moneyMinor('   ', euroEn)).toBeNull()
    expect(moneyMinor('forty', euroEn)).toBeNaN()
    expect(moneyMinor('40.505', euroEn)).toBeNaN()
  })

  it('lets the schema name the field of an empty, unreadable or negative price', () => {
    const draft = feesDraftOf(full, euroEn)
    const first = draft.tickets[0]
    const category = first?.ageCategories[0]
    if (!first || !category) throw new Error('the full input has a ticket with an age category')
    first.price = ''
    category.price = 'forty'
    category.earlyBirdPrice = '-5'
    expect(problemsOf(withFeesDraft(full, draft, euroEn))).toEqual([
      { field: 'tickets.0.priceMinor', rule: 'required' },
      { field: 'tickets.0.ageCategories.0.priceMinor', rule: 'outOfRange' },
      { field: 'tickets.0.ageCategories.0.earlyBirdPriceMinor', rule: 'outOfRange' },
    ])
  })

  it('counts tickets left as the typed quantity minus what is sold, never below 0', () => {
    expect(ticketsLeft('120', 20)).toBe(100)
    expect(ticketsLeft('10', 12)).toBe(0)
    expect(ticketsLeft('', 3)).toBeNull()
    expect(ticketsLeft('1.5', 0)).toBeNull()
  })
})

describe('prize formula preview', () => {
  const setup = {
    placesNumber: '3',
    prizePool: '600',
    customPrizePool: '',
    customPrizeText: '',
    isFormulaUsed: true,
  }

  it('splits the pool as the server will: 1/2, 1/3 and 1/6 for three places', () => {
    expect(formulaSplit(setup, euroEn)).toEqual([30000, 20000, 10000])
  })

  it('gives what rounding leaves over to first place', () => {
    expect(formulaSplit({ ...setup, prizePool: '100.01' }, euroEn)).toEqual([5002, 3333, 1666])
  })

  it('shows nothing while the formula is off or the pool or places cannot be read', () => {
    expect(formulaSplit({ ...setup, isFormulaUsed: false }, euroEn)).toBeNull()
    expect(formulaSplit({ ...setup, prizePool: '' }, euroEn)).toBeNull()
    expect(formulaSplit({ ...setup, prizePool: 'lots' }, euroEn)).toBeNull()
    expect(formulaSplit({ ...setup, placesNumber: '0' }, euroEn)).toBeNull()
    expect(formulaSplit({ ...setup, placesNumber: '2.5' }, euroEn)).toBeNull()
  })

  it('gives the computed amount to main-ranking places it pays, not to side rankings or later places', () => {
    const split = formulaSplit(setup, euroEn)
    expect(formulaAmountOf(split, emptyPrize(2))).toBe(20000)
    expect(formulaAmountOf(split, emptyPrize(4))).toBeNull()
    expect(formulaAmountOf(split, { ...emptyPrize(1), additionalName: 'Best juniors' })).toBeNull()
    expect(formulaAmountOf(null, emptyPrize(1))).toBeNull()
  })

  it('sends the computed amounts of the paid places, whatever was typed', () => {
    const draft = feesDraftOf(full, euroEn)
    draft.prizeSetup.prizePool = '1200'
    const first = draft.prizes[0]
    if (!first) throw new Error('the full input has prizes')
    first.amount = '1'
    const saved = withFeesDraft(full, draft, euroEn)
    expect(saved.prizes.map((p) => p.prizeAmountMinor)).toEqual([60000, 40000, 20000, null])
    expect(saved.prizeSetup?.prizePoolMinor).toBe(120000)
  })

  it('keeps typed amounts once the formula is off', () => {
    const draft = feesDraftOf(full, euroEn)
    draft.prizeSetup.isFormulaUsed = false
    const first = draft.prizes[0]
    if (!first) throw new Error('the full input has prizes')
    first.amount = '350'
    expect(withFeesDraft(full, draft, euroEn).prizes[0]?.prizeAmountMinor).toBe(35000)
  })

  it('sends no prize setup when the organiser left it empty', () => {
    const draft = feesDraftOf({ ...full, prizeSetup: null }, euroEn)
    expect(draft.prizeSetup).toEqual({
      placesNumber: '',
      prizePool: '',
      customPrizePool: '',
      customPrizeText: '',
      isFormulaUsed: false,
    })
    expect(withFeesDraft(full, draft, euroEn).prizeSetup).toBeNull()
  })

  it('adds a prize row for every unpaid place of the main ranking, in place order', () => {
    const rows = withEveryPlace([emptyPrize(2), { ...emptyPrize(1), additionalName: 'Best juniors' }], 3)
    expect(rows.map((p) => [p.placeNumber, p.additionalName])).toEqual([
      ['1', ''],
      ['2', ''],
      ['3', ''],
      ['1', 'Best juniors'],
    ])
    expect(nextFreePlace(rows)).toBe(4)
    expect(nextFreePlace([emptyPrize(2)])).toBe(1)
  })
})

describe('a new tournament', () => {
  it('starts on the event’s first day with one basic ticket, and needs only its name', () => {
    const input = newTournamentInput('2027-04-02')
    expect(input).toMatchObject({ startDate: '2027-04-02', endDate: '2027-04-02', type: 1 })
    expect(input.tickets).toEqual([
      { type: 1, priceMinor: 0, quantity: 0, isForSale: true, isPricePerTeam: false, ageCategories: [] },
    ])
    expect(problemsOf(input)).toEqual([{ field: 'name', rule: 'required' }])
    expect(problemsOf({ ...input, name: 'Open Teams' })).toEqual([])
  })
})

describe('paths and search', () => {
  it('reads a positive database id from a path, and nothing else', () => {
    expect(idFromText(TournamentId, '42')).toBe(42)
    expect(idFromText(EventId, '2147483647')).toBe(2_147_483_647)
    for (const raw of ['0', '-1', '1.5', 'abc', '', '2147483648', '99999999999'])
      expect(idFromText(EventId, raw)).toBeNull()
  })

  it('keeps a valid ?tournament= and drops anything else', () => {
    expect(tournamentSearch({ tournament: 7 })).toEqual({ tournament: 7 })
    expect(tournamentSearch({ tournament: '7' })).toEqual({ tournament: 7 })
    expect(tournamentSearch({ tournament: 'x' })).toEqual({})
    expect(tournamentSearch({ tournament: { id: 7 } })).toEqual({})
    expect(tournamentSearch({})).toEqual({})
  })

  it('offers the day after the last program day for a new one', () => {
    expect(dayAfter('2027-04-02')).toBe('2027-04-03')
    expect(dayAfter('2027-12-31')).toBe('2028-01-01')
    expect(dayAfter('')).toBe('')
  })
})
