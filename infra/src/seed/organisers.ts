import { OrganiserStatus } from '@kibitz/accounts'
import type { ContentLanguage } from '@kibitz/kernel'

/** Spec section 4: organiser status pending 1, declined 2, accepted 3; kind individual 1, company 2. */
export const OrganiserKind = { individual: 1, company: 2 }

export interface OrganiserSpec {
  readonly status: number
  readonly kind: number
  readonly name: string
  /** The organiser's own language: its events' main content is written in it. */
  readonly language: ContentLanguage
  readonly country: string
  readonly email: string
  readonly phone: string
  readonly websiteUrl: string | null
  /** The person behind the account. */
  readonly contact: { readonly firstName: string; readonly lastName: string }
  readonly page?: {
    readonly alias: string
    readonly shortName: string
    readonly initials: string
    readonly description: string
  }
}

// E-mail addresses use the reserved .example domain: demo data must never reach a real mailbox.
export const organisers = {
  lbf: {
    status: OrganiserStatus.accepted,
    kind: OrganiserKind.company,
    name: 'Lietuvos bridžo federacija',
    language: 'lt',
    country: 'LT',
    email: 'info@lbf.example',
    phone: '+370 5 212 3456',
    websiteUrl: null,
    contact: { firstName: 'Rasa', lastName: 'Petrauskienė' },
    page: {
      alias: 'lbf',
      shortName: 'LBF',
      initials: 'LBF',
      description:
        'Lietuvos bridžo federacija vienija šalies bridžo klubus ir žaidėjus. Rengiame Lietuvos čempionatus, tarptautinius festivalius ir internetinę lygą.',
    },
  },
  wroclaw: {
    status: OrganiserStatus.accepted,
    kind: OrganiserKind.company,
    name: 'Wrocławski Klub Brydżowy',
    language: 'pl',
    country: 'PL',
    email: 'klub@wkb-wroclaw.example',
    phone: '+48 71 344 55 66',
    websiteUrl: null,
    contact: { firstName: 'Piotr', lastName: 'Zieliński' },
    page: {
      alias: 'wroclawski-klub-brydzowy',
      shortName: 'WKB Wrocław',
      initials: 'WKB',
      description:
        'Klub brydżowy działający we Wrocławiu od ponad pięćdziesięciu lat, członek Polskiego Związku Brydża Sportowego. Turnieje klubowe gramy w każdy wtorek i czwartek.',
    },
  },
  figb: {
    status: OrganiserStatus.accepted,
    kind: OrganiserKind.company,
    name: 'Federazione Italiana Gioco Bridge',
    language: 'it',
    country: 'IT',
    email: 'segreteria@figb.example',
    phone: '+39 02 7000 0333',
    websiteUrl: 'https://www.federbridge.it',
    contact: { firstName: 'Giulia', lastName: 'Conti' },
    page: {
      alias: 'figb',
      shortName: 'FIGB',
      initials: 'FIGB',
      description:
        'La Federazione Italiana Gioco Bridge organizza i campionati nazionali e i grandi festival internazionali in Italia. Qui trovate calendario, risultati e regolamenti.',
    },
  },
  aeb: {
    status: OrganiserStatus.accepted,
    kind: OrganiserKind.company,
    name: 'Asociación Española de Bridge',
    language: 'es',
    country: 'ES',
    email: 'secretaria@aebridge.example',
    phone: '+34 91 555 01 42',
    websiteUrl: null,
    contact: { firstName: 'Carmen', lastName: 'Navarro' },
    page: {
      alias: 'aeb',
      shortName: 'AEB',
      initials: 'AEB',
      description:
        'La Asociación Española de Bridge reúne a los clubes de toda España. Organizamos los campeonatos de España y apoyamos los festivales internacionales.',
    },
  },
  ffb: {
    status: OrganiserStatus.accepted,
    kind: OrganiserKind.company,
    name: 'Fédération Française de Bridge',
    language: 'fr',
    country: 'FR',
    email: 'contact@ffb.example',
    phone: '+33 1 40 00 12 34',
    websiteUrl: 'https://www.ffbridge.fr',
    contact: { firstName: 'Nathalie', lastName: 'Lefebvre' },
    page: {
      alias: 'ffb',
      shortName: 'FFB',
      initials: 'FFB',
      description:
        'La Fédération Française de Bridge organise les championnats de France et accompagne les clubs et les festivals partout en France.',
    },
  },
  tbf: {
    status: OrganiserStatus.accepted,
    kind: OrganiserKind.company,
    name: 'Türkiye Briç Federasyonu',
    language: 'tr',
    country: 'TR',
    email: 'info@tbf.example',
    phone: '+90 212 555 01 01',
    websiteUrl: null,
    contact: { firstName: 'Kerem', lastName: 'Aydın' },
    page: {
      alias: 'tbf',
      shortName: 'TBF',
      initials: 'TBF',
      description:
        'Türkiye Briç Federasyonu, ulusal şampiyonaları ve uluslararası festivalleri düzenler. Turnuva takvimi ve sonuçlar bu sayfada yayınlanır.',
    },
  },
  ebl: {
    status: OrganiserStatus.accepted,
    kind: OrganiserKind.company,
    name: 'Eesti Bridžiliit',
    language: 'et',
    country: 'EE',
    email: 'info@bridziliit.example',
    phone: '+372 640 1234',
    websiteUrl: null,
    contact: { firstName: 'Kadri', lastName: 'Tamm' },
    page: {
      alias: 'eesti-bridziliit',
      shortName: 'Bridžiliit',
      initials: 'EBL',
      description:
        'Eesti Bridžiliit korraldab Eesti meistrivõistlusi ja Tallinna bridžifestivali. Lehel leiad võistluskalendri ja tulemused.',
    },
  },
  bee: {
    status: OrganiserStatus.accepted,
    kind: OrganiserKind.company,
    name: 'Bridge Events Europe Ltd',
    language: 'en',
    country: 'GB',
    email: 'events@bridge-events-europe.example',
    phone: '+44 20 7946 0321',
    websiteUrl: null,
    contact: { firstName: 'David', lastName: 'Palmer' },
    page: {
      alias: 'bridge-events-europe',
      shortName: 'Bridge Events Europe',
      initials: 'BEE',
      description:
        'Bridge Events Europe runs congresses and festivals across Northern Europe and online series on BBO and RealBridge.',
    },
  },
  // Not accepted: their events stay drafts or pending and never reach the public catalogue.
  lodz: {
    status: OrganiserStatus.pending,
    kind: OrganiserKind.individual,
    name: 'Tomasz Wiśniewski',
    language: 'pl',
    country: 'PL',
    email: 'tomasz.wisniewski@lodz-bridge.example',
    phone: '+48 42 630 11 22',
    websiteUrl: null,
    contact: { firstName: 'Tomasz', lastName: 'Wiśniewski' },
  },
  riga: {
    status: OrganiserStatus.declined,
    kind: OrganiserKind.company,
    name: 'Riga Bridge Academy',
    language: 'en',
    country: 'LV',
    email: 'office@riga-bridge-academy.example',
    phone: '+371 6700 1234',
    websiteUrl: null,
    contact: { firstName: 'Andris', lastName: 'Ozols' },
  },
} satisfies Record<string, OrganiserSpec>

export type OrganiserKey = keyof typeof organisers
