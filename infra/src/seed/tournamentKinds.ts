import type { ContentLanguage } from '@kibitz/kernel'
import type { PointsScoreType } from '@kibitz/tournaments'

type Localised = Readonly<Record<ContentLanguage, string>>

/** One kind of tournament a bridge event offers, with what it takes to run it. */
export interface TournamentKind {
  /** Spec section 9: pairs 1, team 2, individual 3, others 4. */
  readonly type: 1 | 2 | 3 | 4
  readonly scoring: PointsScoreType
  /** Slug of the English name; tournament aliases are unique per event. */
  readonly alias: string
  readonly names: Localised
  /** Days the tournament takes at most. */
  readonly days: number
  /** Entries in a full field (pairs, teams or players). */
  readonly field: readonly [min: number, max: number]
  /** Boards per session. */
  readonly boardsPerSession: number
  readonly mixed?: boolean
  readonly seniors?: boolean
  readonly youth?: boolean
  /** Played in the evening after the main programme (Pattons, BAM). */
  readonly evening?: boolean
  /** Knockout: a qualifying round robin, then knockout stages. */
  readonly knockout?: boolean
}

export const tournamentKinds = {
  openPairs: {
    type: 1,
    scoring: 'MP_PAIRS',
    alias: 'open-pairs',
    days: 1,
    field: [14, 40],
    boardsPerSession: 26,
    names: {
      en: 'Open Pairs',
      lt: 'Atvirasis porų turnyras',
      pl: 'Turniej par open',
      it: 'Torneo a coppie open',
      ru: 'Открытый парный турнир',
      es: 'Torneo de parejas open',
      fr: 'Tournoi par paires open',
      de: 'Offenes Paarturnier',
      tr: 'Açık Çiftler Turnuvası',
      et: 'Avatud paarisvõistlus',
    },
  },
  mixedPairs: {
    type: 1,
    scoring: 'MP_PAIRS',
    alias: 'mixed-pairs',
    days: 1,
    field: [10, 28],
    boardsPerSession: 24,
    mixed: true,
    names: {
      en: 'Mixed Pairs',
      lt: 'Mišrių porų turnyras',
      pl: 'Turniej par mikstowych',
      it: 'Coppie miste',
      ru: 'Смешанный парный турнир',
      es: 'Parejas mixtas',
      fr: 'Paires mixtes',
      de: 'Mixed-Paarturnier',
      tr: 'Karışık Çiftler',
      et: 'Segapaaride võistlus',
    },
  },
  impPairs: {
    type: 1,
    scoring: 'IMP',
    alias: 'imp-pairs',
    days: 1,
    field: [10, 26],
    boardsPerSession: 24,
    names: {
      en: 'IMP Pairs',
      lt: 'Porų turnyras IMP',
      pl: 'Turniej par na IMP',
      it: 'Coppie a IMP',
      ru: 'Парный турнир по IMP',
      es: 'Parejas por IMPs',
      fr: 'Paires en IMP',
      de: 'IMP-Paarturnier',
      tr: 'IMP Çiftler',
      et: 'IMP paarisvõistlus',
    },
  },
  seniorPairs: {
    type: 1,
    scoring: 'MP_PAIRS',
    alias: 'seniors-pairs',
    days: 1,
    field: [8, 18],
    boardsPerSession: 24,
    seniors: true,
    names: {
      en: 'Seniors Pairs',
      lt: 'Senjorų porų turnyras',
      pl: 'Turniej par seniorów',
      it: 'Coppie senior',
      ru: 'Парный турнир сеньоров',
      es: 'Parejas sénior',
      fr: 'Paires seniors',
      de: 'Senioren-Paarturnier',
      tr: 'Senyör Çiftler',
      et: 'Seeniorite paarisvõistlus',
    },
  },
  youthPairs: {
    type: 1,
    scoring: 'MP_PAIRS',
    alias: 'youth-pairs-u26',
    days: 1,
    field: [6, 14],
    boardsPerSession: 24,
    youth: true,
    names: {
      en: 'Youth Pairs (U26)',
      lt: 'Jaunimo porų turnyras (U26)',
      pl: 'Turniej par młodzieżowych (U26)',
      it: 'Coppie giovanili (U26)',
      ru: 'Юношеский парный турнир (U26)',
      es: 'Parejas juveniles (sub-26)',
      fr: 'Paires juniors (U26)',
      de: 'Jugend-Paarturnier (U26)',
      tr: 'Genç Çiftler (U26)',
      et: 'Noorte paarisvõistlus (U26)',
    },
  },
  swissTeams: {
    type: 2,
    scoring: 'VP',
    alias: 'swiss-teams',
    days: 2,
    field: [8, 22],
    boardsPerSession: 28,
    names: {
      en: 'Swiss Teams',
      lt: 'Komandinis turnyras (šveicariška sistema)',
      pl: 'Turniej teamów (system szwajcarski)',
      it: 'Squadre a sistema svizzero',
      ru: 'Командный турнир по швейцарской системе',
      es: 'Equipos por sistema suizo',
      fr: 'Tournoi par quatre (système suisse)',
      de: 'Teamturnier (Schweizer System)',
      tr: 'İsviçre Usulü Takımlar',
      et: 'Võistkonnaturniir (Šveitsi süsteem)',
    },
  },
  koTeams: {
    type: 2,
    scoring: 'IMP',
    alias: 'knockout-teams',
    days: 3,
    field: [8, 16],
    boardsPerSession: 32,
    knockout: true,
    names: {
      en: 'Knockout Teams',
      lt: 'Komandų atkrintamosios varžybos',
      pl: 'Turniej teamów – system pucharowy',
      it: 'Squadre a eliminazione diretta',
      ru: 'Командный турнир на выбывание',
      es: 'Equipos por eliminatorias',
      fr: 'Quatre à élimination directe',
      de: 'K.-o.-Teamturnier',
      tr: 'Eleme Usulü Takımlar',
      et: 'Väljalangemisega võistkonnaturniir',
    },
  },
  individual: {
    type: 3,
    scoring: 'MP_PAIRS',
    alias: 'individual',
    days: 1,
    field: [16, 36],
    boardsPerSession: 27,
    names: {
      en: 'Individual Tournament',
      lt: 'Individualus turnyras',
      pl: 'Turniej indywidualny',
      it: 'Torneo individuale',
      ru: 'Индивидуальный турнир',
      es: 'Torneo individual',
      fr: 'Tournoi individuel',
      de: 'Individualturnier',
      tr: 'Bireysel Turnuva',
      et: 'Individuaalturniir',
    },
  },
  patton: {
    type: 4,
    scoring: 'PATTON',
    alias: 'patton-teams',
    days: 1,
    field: [6, 14],
    boardsPerSession: 24,
    evening: true,
    names: {
      en: 'Patton Teams',
      lt: 'Pattono komandinis turnyras',
      pl: 'Turniej teamów na zapis Pattona',
      it: 'Patton a squadre',
      ru: 'Командный турнир Паттон',
      es: 'Patton por equipos',
      fr: 'Patton par quatre',
      de: 'Patton-Teamturnier',
      tr: 'Patton Takımlar',
      et: 'Pattoni võistkonnaturniir',
    },
  },
  bam: {
    type: 4,
    scoring: 'BAM',
    alias: 'board-a-match-teams',
    days: 1,
    field: [6, 12],
    boardsPerSession: 24,
    evening: true,
    names: {
      en: 'Board-a-Match Teams',
      lt: 'BAM komandinis turnyras',
      pl: 'Turniej teamów BAM',
      it: 'Squadre a BAM',
      ru: 'Командный турнир BAM',
      es: 'Equipos BAM',
      fr: 'Quatre au BAM',
      de: 'BAM-Teamturnier',
      tr: 'BAM Takımlar',
      et: 'BAM võistkonnaturniir',
    },
  },
} satisfies Record<string, TournamentKind>

export type TournamentKindKey = keyof typeof tournamentKinds

/** The words a tournament program, its stages and prizes need, in each content language. */
export interface Vocabulary {
  readonly session: string
  readonly prizeGiving: string
  readonly qualification: string
  readonly finalA: string
  readonly finalB: string
  readonly roundRobin: string
  readonly knockout: string
  readonly semiAndFinal: string
  readonly prizes: readonly [first: string, second: string, third: string]
  readonly prizePool: string
  readonly formula: string
}

export const vocabulary: Readonly<Record<ContentLanguage, Vocabulary>> = {
  en: {
    session: 'Session',
    prizeGiving: 'Prize giving',
    qualification: 'Qualification',
    finalA: 'Final A',
    finalB: 'Final B',
    roundRobin: 'Round robin',
    knockout: 'Knockout',
    semiAndFinal: 'Semi-finals and final',
    prizes: ['Trophy and champagne', 'Medals and a bottle of wine', 'Medals'],
    prizePool: 'Trophies and medals',
    formula: 'The prize fund is shared by formula: 30% / 20% / 15% / 12% / 10% / 8% / 5% of the pool.',
  },
  lt: {
    session: 'Sesija',
    prizeGiving: 'Apdovanojimai',
    qualification: 'Atranka',
    finalA: 'Finalas A',
    finalB: 'Finalas B',
    roundRobin: 'Ratų sistema',
    knockout: 'Atkrintamosios varžybos',
    semiAndFinal: 'Pusfinaliai ir finalas',
    prizes: ['Taurė ir šampanas', 'Medaliai ir vyno butelis', 'Medaliai'],
    prizePool: 'Taurės ir medaliai',
    formula: 'Prizinis fondas dalijamas pagal formulę: 30% / 20% / 15% / 12% / 10% / 8% / 5% fondo.',
  },
  pl: {
    session: 'Sesja',
    prizeGiving: 'Zakończenie i wręczenie nagród',
    qualification: 'Eliminacje',
    finalA: 'Finał A',
    finalB: 'Finał B',
    roundRobin: 'Każdy z każdym',
    knockout: 'Faza pucharowa',
    semiAndFinal: 'Półfinały i finał',
    prizes: ['Puchar i szampan', 'Medale i butelka wina', 'Medale'],
    prizePool: 'Puchary i medale',
    formula: 'Pula nagród dzielona jest według wzoru: 30% / 20% / 15% / 12% / 10% / 8% / 5% puli.',
  },
  it: {
    session: 'Sessione',
    prizeGiving: 'Premiazione',
    qualification: 'Qualificazione',
    finalA: 'Finale A',
    finalB: 'Finale B',
    roundRobin: 'Girone all’italiana',
    knockout: 'Eliminazione diretta',
    semiAndFinal: 'Semifinali e finale',
    prizes: ['Coppa e spumante', 'Medaglie e una bottiglia di vino', 'Medaglie'],
    prizePool: 'Coppe e medaglie',
    formula: 'Il montepremi è ripartito secondo la formula: 30% / 20% / 15% / 12% / 10% / 8% / 5%.',
  },
  ru: {
    session: 'Сессия',
    prizeGiving: 'Награждение',
    qualification: 'Квалификация',
    finalA: 'Финал A',
    finalB: 'Финал B',
    roundRobin: 'Круговой турнир',
    knockout: 'Игры на выбывание',
    semiAndFinal: 'Полуфиналы и финал',
    prizes: ['Кубок и шампанское', 'Медали и бутылка вина', 'Медали'],
    prizePool: 'Кубки и медали',
    formula: 'Призовой фонд делится по формуле: 30% / 20% / 15% / 12% / 10% / 8% / 5% фонда.',
  },
  es: {
    session: 'Sesión',
    prizeGiving: 'Entrega de premios',
    qualification: 'Clasificación',
    finalA: 'Final A',
    finalB: 'Final B',
    roundRobin: 'Liguilla',
    knockout: 'Eliminatorias',
    semiAndFinal: 'Semifinales y final',
    prizes: ['Trofeo y cava', 'Medallas y una botella de vino', 'Medallas'],
    prizePool: 'Trofeos y medallas',
    formula: 'La bolsa de premios se reparte según la fórmula: 30% / 20% / 15% / 12% / 10% / 8% / 5%.',
  },
  fr: {
    session: 'Séance',
    prizeGiving: 'Remise des prix',
    qualification: 'Qualification',
    finalA: 'Finale A',
    finalB: 'Finale B',
    roundRobin: 'Poule',
    knockout: 'Élimination directe',
    semiAndFinal: 'Demi-finales et finale',
    prizes: ['Coupe et champagne', 'Médailles et une bouteille de vin', 'Médailles'],
    prizePool: 'Coupes et médailles',
    formula: 'La dotation est répartie selon la formule : 30 % / 20 % / 15 % / 12 % / 10 % / 8 % / 5 %.',
  },
  de: {
    session: 'Durchgang',
    prizeGiving: 'Siegerehrung',
    qualification: 'Qualifikation',
    finalA: 'A-Finale',
    finalB: 'B-Finale',
    roundRobin: 'Jeder gegen jeden',
    knockout: 'K.-o.-Runde',
    semiAndFinal: 'Halbfinale und Finale',
    prizes: ['Pokal und Sekt', 'Medaillen und eine Flasche Wein', 'Medaillen'],
    prizePool: 'Pokale und Medaillen',
    formula: 'Das Preisgeld wird nach der Formel 30 % / 20 % / 15 % / 12 % / 10 % / 8 % / 5 % verteilt.',
  },
  tr: {
    session: 'Oturum',
    prizeGiving: 'Ödül töreni',
    qualification: 'Ön eleme',
    finalA: 'A Finali',
    finalB: 'B Finali',
    roundRobin: 'Lig usulü',
    knockout: 'Eleme turları',
    semiAndFinal: 'Yarı final ve final',
    prizes: ['Kupa ve şampanya', 'Madalya ve bir şişe şarap', 'Madalya'],
    prizePool: 'Kupalar ve madalyalar',
    formula: 'Ödül havuzu şu formülle dağıtılır: %30 / %20 / %15 / %12 / %10 / %8 / %5.',
  },
  et: {
    session: 'Voor',
    prizeGiving: 'Autasustamine',
    qualification: 'Kvalifikatsioon',
    finalA: 'A-finaal',
    finalB: 'B-finaal',
    roundRobin: 'Ringturniir',
    knockout: 'Väljalangemisturniir',
    semiAndFinal: 'Poolfinaalid ja finaal',
    prizes: ['Karikas ja šampus', 'Medalid ja pudel veini', 'Medalid'],
    prizePool: 'Karikad ja medalid',
    formula: 'Auhinnafond jagatakse valemi järgi: 30% / 20% / 15% / 12% / 10% / 8% / 5%.',
  },
}
