import type { ContentLanguage } from '@kibitz/kernel'
import type { DemoImage } from './images.ts'
import type { OrganiserKey } from './organisers.ts'

// The seed first plans every row in memory, then inserts table by table. Ids are filled in as the rows
// are inserted, so children can point at their parents.

export interface ContentPlan {
  readonly language: ContentLanguage
  readonly name: string
  readonly description: string
  readonly alias: string
  readonly isMain: boolean
  /** Spec section 3: 2 for the native-language content, 1 for a translation. */
  readonly type: 1 | 2
}

export interface LocationPlan {
  readonly name: string
  readonly addressLine: string | null
  readonly formattedAddress: string | null
  readonly shortAddressLine: string
  readonly countryCode: string | null
  readonly lat: number | null
  readonly long: number | null
  readonly dateStart: string
  readonly dateEnd: string
  readonly startTime: string | null
  readonly endTime: string | null
  readonly isMain: boolean
  readonly externalUrl: string | null
}

export interface HotelPlan {
  readonly name: string
  readonly priceMinor: number
  readonly websiteUrl: string
  readonly addressLine: string
  readonly stars: number
}

export interface SessionPlan {
  readonly date: string
  readonly startTime: string
  readonly endTime: string
  readonly text: string
  readonly boards: number
}

export interface StagePlan {
  readonly name: string
  readonly type: number
  readonly resultsUrl: string | null
}

export interface ProgramDayPlan {
  readonly date: string
  readonly tours: ReadonlyArray<{ readonly time: string; readonly name: string }>
}

export interface CategoryPlan {
  id: number
  readonly name: string
  readonly ageFrom: number | null
  readonly ageTo: number | null
  readonly priceMinor: number
  readonly discountPercent: number
  readonly salesStartDate: string
  readonly salesEndDate: string
  readonly earlyBird: {
    readonly priceMinor: number
    readonly startDate: string
    readonly endDate: string
    readonly endSalesQuantity: number
  } | null
  sold: number
}

export interface TicketPlan {
  id: number
  /** Spec section 3: basic 1, medium 2, advanced 3, free of charge 4. */
  readonly type: 1 | 2 | 3 | 4
  readonly priceMinor: number
  quantity: number
  sold: number
  readonly isForSale: boolean
  readonly isPricePerTeam: boolean
  readonly categories: Array<CategoryPlan>
}

export interface PrizePlan {
  readonly placeNumber: number
  readonly amountMinor: number | null
  readonly customPrize: string | null
  readonly medalIconKey: string | null
  readonly cupIconKey: string | null
  /** 1 money, 2 custom prize. */
  readonly type: 1 | 2
}

export interface PrizeSetupPlan {
  readonly placesNumber: number
  readonly prizePoolMinor: number | null
  readonly customPrizePool: string | null
  readonly customPrizeText: string | null
  readonly isFormulaUsed: boolean
}

export interface ContestantPlan {
  readonly firstName: string
  readonly lastName: string
  readonly countryCode: string
  readonly federationId: string | null
  readonly category: CategoryPlan | null
}

export type EntryStatus = 'confirmed' | 'pending' | 'canceled'

export interface EntryPlan {
  readonly ticket: TicketPlan | null
  readonly status: EntryStatus
  readonly teamName: string | null
  readonly createdAt: string
  readonly contestants: ReadonlyArray<ContestantPlan>
}

export interface TournamentPlan {
  id: number
  readonly alias: string
  readonly name: string
  readonly type: number
  readonly isMultiSession: boolean
  readonly isComplicated: boolean
  readonly isComplicatedMultiSession: boolean
  readonly isComplicatedMultiRound: boolean
  readonly isComplicatedGroup: boolean
  readonly startDate: string
  readonly startTime: string
  readonly endDate: string
  readonly endTime: string
  readonly pointsScoreType: string
  readonly verifyPlayer: boolean
  readonly resultsUrl: string | null
  readonly registrationUrl: string | null
  readonly hasRegistration: boolean
  readonly isRegistrationEnabled: boolean
  readonly registrationStartAt: string
  readonly registrationEndAt: string
  readonly orderNumber: number
  readonly isMain: boolean
  readonly boards: number
  readonly isPrizeInformationEnabled: boolean
  readonly isPlayerListViewEnabled: boolean
  readonly locationName: string | null
  readonly sessions: ReadonlyArray<SessionPlan>
  readonly stages: ReadonlyArray<StagePlan>
  readonly programDays: ReadonlyArray<ProgramDayPlan>
  readonly tickets: ReadonlyArray<TicketPlan>
  readonly prizes: ReadonlyArray<PrizePlan>
  readonly prizeSetup: PrizeSetupPlan | null
  readonly entries: ReadonlyArray<EntryPlan>
}

export interface EventPlan {
  id: number
  readonly organiser: OrganiserKey
  readonly key: string
  readonly alias: string
  readonly status: number
  readonly state: string
  readonly type: number
  readonly isLive: boolean
  readonly isOnline: boolean
  readonly editionType: 1 | 2
  readonly editionYear: number
  readonly editionSeason: string | null
  readonly dateStart: string
  readonly dateEnd: string
  readonly countryCode: string
  readonly currencyCode: string
  readonly timeZone: string
  readonly organiserEmail: string
  /** Where demo registrations are paid by bank transfer. */
  readonly bank: { readonly beneficiary: string; readonly iban: string; readonly bic: string }
  readonly liveResultsUrl: string | null
  readonly hasLiveResults: boolean
  readonly hasFinalResults: boolean
  readonly isRecommended: boolean
  readonly image: DemoImage | null
  readonly isYouth: boolean
  readonly showNativeName: boolean
  readonly championshipTypeText: string | null
  readonly stateMessage: string | null
  readonly searchText: string
  readonly createdAt: string
  readonly updatedAt: string
  readonly contents: ReadonlyArray<ContentPlan>
  readonly locations: ReadonlyArray<LocationPlan>
  readonly hotels: ReadonlyArray<HotelPlan>
  readonly tournaments: ReadonlyArray<TournamentPlan>
}
