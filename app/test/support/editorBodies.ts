// Valid bodies of the event editor's API as its screens send them, for tests that need one to start from
// (the API tests, the fuzz suite, the end-to-end security suite). Plain data: no test runner imports here.

/** A pairs tournament with one basic ticket, registration open in the spring of 2030. */
export const tournamentBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Open Pairs',
  type: 1,
  isMultiSession: false,
  isComplicated: false,
  isComplicatedMultiSession: false,
  isComplicatedMultiRound: false,
  isComplicatedGroup: false,
  startDate: '2030-05-10',
  endDate: '2030-05-10',
  startTime: '10:00',
  pointsScoreType: 'MP_PAIRS',
  verifyPlayer: false,
  hasRegistration: true,
  isRegistrationEnabled: true,
  registrationStart: '2030-04-01T09:00',
  registrationEnd: '2030-05-09T20:00',
  isPrizeInformationEnabled: true,
  isPlayerListViewEnabled: true,
  sessions: [],
  stages: [],
  programs: [],
  tickets: [
    { type: 1, priceMinor: 4000, quantity: 60, isForSale: true, isPricePerTeam: false, ageCategories: [] },
  ],
  prizes: [],
  ...overrides,
})

/** An international festival in Palanga in July 2030, in English, with one main location. */
export const generalInformationBody = (overrides: Record<string, unknown> = {}) => ({
  contents: [
    { language: 'en', name: 'Baltic Bridge Festival', description: 'Pairs and teams', isMain: true, type: 1 },
  ],
  type: 3,
  isLive: true,
  isOnline: false,
  editionType: 1,
  editionYear: 2030,
  dateStart: '2030-07-01',
  dateEnd: '2030-07-05',
  countryCode: 'LT',
  languages: ['en', 'lt'],
  currencyCode: 'EUR',
  timeZone: 'Europe/Vilnius',
  organiserEmail: 'festival@example.test',
  locations: [
    { name: 'Palanga Hall', addressLine: 'Vytauto g. 1, Palanga', shortAddressLine: 'Palanga', isMain: true },
  ],
  ...overrides,
})
