import type { ContentLanguage } from '@kibitz/kernel'
import { countryNameIn } from '@kibitz/kernel/reference'

/** What an event in a country uses unless it says otherwise. */
export interface CountryProfile {
  readonly timeZone: string
  readonly currency: string
}

export const countryProfiles: Readonly<Record<string, CountryProfile>> = {
  LT: { timeZone: 'Europe/Vilnius', currency: 'EUR' },
  LV: { timeZone: 'Europe/Riga', currency: 'EUR' },
  EE: { timeZone: 'Europe/Tallinn', currency: 'EUR' },
  PL: { timeZone: 'Europe/Warsaw', currency: 'PLN' },
  IT: { timeZone: 'Europe/Rome', currency: 'EUR' },
  ES: { timeZone: 'Europe/Madrid', currency: 'EUR' },
  FR: { timeZone: 'Europe/Paris', currency: 'EUR' },
  DE: { timeZone: 'Europe/Berlin', currency: 'EUR' },
  NL: { timeZone: 'Europe/Amsterdam', currency: 'EUR' },
  TR: { timeZone: 'Europe/Istanbul', currency: 'TRY' },
  GB: { timeZone: 'Europe/London', currency: 'GBP' },
  SE: { timeZone: 'Europe/Stockholm', currency: 'SEK' },
  NO: { timeZone: 'Europe/Oslo', currency: 'NOK' },
  DK: { timeZone: 'Europe/Copenhagen', currency: 'DKK' },
}

export const profileOf = (countryCode: string): CountryProfile => {
  const profile = countryProfiles[countryCode]
  if (!profile) throw new Error(`seed: no country profile for ${countryCode}`)
  return profile
}

export interface Venue {
  readonly name: string
  readonly street: string
  readonly postcode: string
}

export interface HotelSpec {
  readonly name: string
  readonly stars: number
  /** Per night for a double room, euro cents (converted to the event's currency). */
  readonly euroMinor: number
  readonly street: string
}

export interface City {
  /** The city's own name, as on its street signs. */
  readonly name: string
  readonly nameEn: string
  /** Names in content languages that spell it differently (Cyrillic, Polish exonyms …). */
  readonly names?: Partial<Record<ContentLanguage, string>>
  readonly country: string
  readonly lat: number
  readonly long: number
  readonly venues: readonly [Venue, ...Array<Venue>]
  readonly hotels?: ReadonlyArray<HotelSpec>
}

const city = (c: City) => c

export const cities = {
  vilnius: city({
    name: 'Vilnius',
    nameEn: 'Vilnius',
    names: { ru: 'Вильнюс', pl: 'Wilno' },
    country: 'LT',
    lat: 54.6872,
    long: 25.2797,
    venues: [
      { name: 'Konferencijų centras „Neris“', street: 'Konstitucijos pr. 20', postcode: '09308' },
      { name: 'Vilniaus bridžo klubas', street: 'Gedimino pr. 9', postcode: '01103' },
    ],
    hotels: [
      { name: 'Hotel Senamiestis', stars: 4, euroMinor: 11500, street: 'Pilies g. 12' },
      { name: 'Neris River Hotel', stars: 3, euroMinor: 7900, street: 'Konstitucijos pr. 14' },
      { name: 'Grand Gediminas Hotel', stars: 5, euroMinor: 18900, street: 'Gedimino pr. 24' },
    ],
  }),
  kaunas: city({
    name: 'Kaunas',
    nameEn: 'Kaunas',
    names: { ru: 'Каунас' },
    country: 'LT',
    lat: 54.8985,
    long: 23.9036,
    venues: [{ name: 'Kauno bridžo klubas „Vytis“', street: 'Laisvės al. 55', postcode: '44309' }],
  }),
  klaipeda: city({
    name: 'Klaipėda',
    nameEn: 'Klaipėda',
    names: { ru: 'Клайпеда' },
    country: 'LT',
    lat: 55.7033,
    long: 21.1443,
    venues: [{ name: 'Klaipėdos kultūros centras', street: 'H. Manto g. 31', postcode: '92236' }],
  }),
  palanga: city({
    name: 'Palanga',
    nameEn: 'Palanga',
    names: { ru: 'Паланга' },
    country: 'LT',
    lat: 55.9175,
    long: 21.0686,
    venues: [{ name: 'Palangos koncertų salė', street: 'Vytauto g. 43', postcode: '00134' }],
    hotels: [
      { name: 'Gintarinis krantas Hotel', stars: 4, euroMinor: 12900, street: 'Birutės al. 34' },
      { name: 'Vila Jūratė', stars: 3, euroMinor: 8500, street: 'S. Daukanto g. 20' },
    ],
  }),
  druskininkai: city({
    name: 'Druskininkai',
    nameEn: 'Druskininkai',
    country: 'LT',
    lat: 54.0167,
    long: 23.9667,
    venues: [{ name: 'Druskininkų konferencijų centras', street: 'Vilniaus al. 22', postcode: '66119' }],
    hotels: [
      { name: 'Nemuno SPA Hotel', stars: 4, euroMinor: 13500, street: 'V. Kudirkos g. 45' },
      { name: 'Pušynas Guest House', stars: 3, euroMinor: 6900, street: 'Vilniaus al. 7' },
    ],
  }),
  siauliai: city({
    name: 'Šiauliai',
    nameEn: 'Šiauliai',
    country: 'LT',
    lat: 55.9349,
    long: 23.3137,
    venues: [{ name: 'Šiaulių bridžo klubas', street: 'Vilniaus g. 141', postcode: '76353' }],
  }),
  wroclaw: city({
    name: 'Wrocław',
    nameEn: 'Wrocław',
    names: { lt: 'Vroclavas', ru: 'Вроцлав' },
    country: 'PL',
    lat: 51.1079,
    long: 17.0385,
    venues: [
      { name: 'Centrum Kongresowe Wrocław', street: 'ul. Wystawowa 1', postcode: '51-618' },
      { name: 'Wrocławski Klub Brydżowy', street: 'ul. Świdnicka 28', postcode: '50-068' },
    ],
    hotels: [
      { name: 'Hotel Rynek Wrocław', stars: 4, euroMinor: 10900, street: 'Rynek 27' },
      { name: 'Hotel Odra', stars: 3, euroMinor: 7200, street: 'ul. Stawowa 13' },
      { name: 'Apartamenty Ostrów Tumski', stars: 3, euroMinor: 6500, street: 'ul. Katedralna 6' },
    ],
  }),
  krakow: city({
    name: 'Kraków',
    nameEn: 'Kraków',
    names: { ru: 'Краков' },
    country: 'PL',
    lat: 50.0647,
    long: 19.945,
    venues: [{ name: 'Krakowski Klub Brydżowy', street: 'ul. Karmelicka 34', postcode: '31-128' }],
  }),
  sopot: city({
    name: 'Sopot',
    nameEn: 'Sopot',
    names: { ru: 'Сопот' },
    country: 'PL',
    lat: 54.4418,
    long: 18.5601,
    venues: [
      { name: 'Centrum Konferencyjne Sopot', street: 'ul. Powstańców Warszawy 10', postcode: '81-718' },
    ],
    hotels: [
      { name: 'Hotel Bałtyk Sopot', stars: 4, euroMinor: 14500, street: 'ul. Bohaterów Monte Cassino 40' },
      { name: 'Pensjonat Molo', stars: 3, euroMinor: 8900, street: 'ul. Grunwaldzka 12' },
    ],
  }),
  lodz: city({
    name: 'Łódź',
    nameEn: 'Łódź',
    country: 'PL',
    lat: 51.7592,
    long: 19.456,
    venues: [{ name: 'Łódzki Dom Kultury', street: 'ul. Traugutta 18', postcode: '90-113' }],
  }),
  salsomaggiore: city({
    name: 'Salsomaggiore Terme',
    nameEn: 'Salsomaggiore Terme',
    country: 'IT',
    lat: 44.815,
    long: 9.9797,
    venues: [
      { name: 'Palazzo dei Congressi', street: 'Viale Romagnosi 7', postcode: '43039' },
      { name: 'Centro Congressi Terme Berzieri', street: 'Piazza Berzieri 1', postcode: '43039' },
    ],
    hotels: [
      { name: 'Grand Hotel Terme', stars: 4, euroMinor: 12500, street: 'Viale Romagnosi 1' },
      { name: 'Hotel Valentini', stars: 3, euroMinor: 8200, street: 'Viale Porro 10' },
      { name: 'Albergo Cristallo', stars: 3, euroMinor: 7400, street: 'Via Matteotti 4' },
    ],
  }),
  sanremo: city({
    name: 'Sanremo',
    nameEn: 'Sanremo',
    country: 'IT',
    lat: 43.8159,
    long: 7.7761,
    venues: [{ name: 'Palafiori', street: 'Corso Garibaldi 1', postcode: '18038' }],
    hotels: [
      { name: 'Hotel Riviera dei Fiori', stars: 4, euroMinor: 13900, street: 'Corso Imperatrice 45' },
      { name: 'Hotel Mare Blu', stars: 3, euroMinor: 9200, street: 'Via Nino Bixio 22' },
    ],
  }),
  roma: city({
    name: 'Roma',
    nameEn: 'Rome',
    names: { ru: 'Рим', lt: 'Roma', pl: 'Rzym' },
    country: 'IT',
    lat: 41.9028,
    long: 12.4964,
    venues: [{ name: 'Circolo del Bridge Roma', street: 'Via Nazionale 194', postcode: '00184' }],
  }),
  milano: city({
    name: 'Milano',
    nameEn: 'Milan',
    names: { pl: 'Mediolan' },
    country: 'IT',
    lat: 45.4642,
    long: 9.19,
    venues: [{ name: 'Centro Congressi Milano', street: 'Via Washington 70', postcode: '20146' }],
  }),
  marbella: city({
    name: 'Marbella',
    nameEn: 'Marbella',
    country: 'ES',
    lat: 36.5101,
    long: -4.8825,
    venues: [
      { name: 'Palacio de Congresos de Marbella', street: 'Calle José Meliá 2', postcode: '29602' },
      { name: 'Club de Bridge Marbella', street: 'Avenida Ricardo Soriano 12', postcode: '29601' },
    ],
    hotels: [
      { name: 'Hotel Costa del Sol Marbella', stars: 4, euroMinor: 14900, street: 'Paseo Marítimo 8' },
      { name: 'Hostal La Alameda', stars: 2, euroMinor: 6800, street: 'Calle Alameda 5' },
      { name: 'Gran Hotel Puerto Banús', stars: 5, euroMinor: 24500, street: 'Avenida Julio Iglesias 3' },
    ],
  }),
  madrid: city({
    name: 'Madrid',
    nameEn: 'Madrid',
    country: 'ES',
    lat: 40.4168,
    long: -3.7038,
    venues: [{ name: 'Club de Bridge Madrid', street: 'Calle de Serrano 45', postcode: '28001' }],
  }),
  valencia: city({
    name: 'València',
    nameEn: 'Valencia',
    names: { es: 'Valencia' },
    country: 'ES',
    lat: 39.4699,
    long: -0.3763,
    venues: [{ name: 'Club de Bridge Valencia', street: 'Calle de Colón 20', postcode: '46004' }],
  }),
  barcelona: city({
    name: 'Barcelona',
    nameEn: 'Barcelona',
    country: 'ES',
    lat: 41.3874,
    long: 2.1686,
    venues: [{ name: 'Centre de Congressos Diagonal', street: 'Avinguda Diagonal 661', postcode: '08028' }],
    hotels: [
      { name: 'Hotel Diagonal Mar', stars: 4, euroMinor: 15900, street: 'Avinguda Diagonal 640' },
      { name: 'Hostal Gràcia', stars: 2, euroMinor: 7900, street: 'Carrer Gran de Gràcia 71' },
    ],
  }),
  palma: city({
    name: 'Palma',
    nameEn: 'Palma de Mallorca',
    country: 'ES',
    lat: 39.5696,
    long: 2.6502,
    venues: [{ name: 'Palau de Congressos de Palma', street: 'Passeig Marítim 18', postcode: '07014' }],
    hotels: [
      { name: 'Hotel Bahía de Palma', stars: 4, euroMinor: 13200, street: 'Passeig Marítim 10' },
      { name: 'Hotel Santa Catalina', stars: 3, euroMinor: 9400, street: 'Carrer de Sant Magí 22' },
    ],
  }),
  deauville: city({
    name: 'Deauville',
    nameEn: 'Deauville',
    country: 'FR',
    lat: 49.3575,
    long: 0.0698,
    venues: [
      { name: 'Centre International de Deauville', street: '1 Rue Lucien Barrière', postcode: '14800' },
    ],
    hotels: [
      { name: 'Hôtel des Planches', stars: 4, euroMinor: 17500, street: '12 Boulevard de la Mer' },
      { name: 'Hôtel Le Trouville', stars: 3, euroMinor: 10500, street: '5 Rue Victor Hugo' },
    ],
  }),
  paris: city({
    name: 'Paris',
    nameEn: 'Paris',
    names: { ru: 'Париж', pl: 'Paryż', lt: 'Paryžius', tr: 'Paris' },
    country: 'FR',
    lat: 48.8566,
    long: 2.3522,
    venues: [{ name: 'Maison du Bridge', street: '12 Rue de la Paix', postcode: '75002' }],
  }),
  biarritz: city({
    name: 'Biarritz',
    nameEn: 'Biarritz',
    country: 'FR',
    lat: 43.4832,
    long: -1.5586,
    venues: [{ name: 'Bellevue Palais des Congrès', street: 'Place Bellevue', postcode: '64200' }],
    hotels: [
      { name: 'Hôtel Côte des Basques', stars: 4, euroMinor: 16500, street: '8 Rue Gambetta' },
      { name: 'Hôtel du Phare', stars: 3, euroMinor: 9900, street: '3 Avenue de l’Impératrice' },
    ],
  }),
  lyon: city({
    name: 'Lyon',
    nameEn: 'Lyon',
    country: 'FR',
    lat: 45.764,
    long: 4.8357,
    venues: [{ name: 'Bridge Club Lyon Bellecour', street: '18 Place Bellecour', postcode: '69002' }],
  }),
  juan: city({
    name: 'Juan-les-Pins',
    nameEn: 'Juan-les-Pins',
    country: 'FR',
    lat: 43.568,
    long: 7.109,
    venues: [
      {
        name: 'Palais des Congrès d’Antibes Juan-les-Pins',
        street: '60 Chemin des Sables',
        postcode: '06160',
      },
    ],
  }),
  istanbul: city({
    name: 'İstanbul',
    nameEn: 'Istanbul',
    names: { ru: 'Стамбул', pl: 'Stambuł', lt: 'Stambulas' },
    country: 'TR',
    lat: 41.0082,
    long: 28.9784,
    venues: [
      {
        name: 'Lütfi Kırdar Kongre Merkezi',
        street: 'Harbiye Mah. Darülbedai Cad. No:3, Şişli',
        postcode: '34367',
      },
    ],
    hotels: [
      { name: 'Boğaziçi Palace Hotel', stars: 5, euroMinor: 21000, street: 'Cumhuriyet Cad. No:50, Harbiye' },
      { name: 'Hotel Taksim Square', stars: 4, euroMinor: 11000, street: 'Sıraselviler Cad. No:12, Beyoğlu' },
      { name: 'Pera Guest House', stars: 3, euroMinor: 6500, street: 'Meşrutiyet Cad. No:88, Beyoğlu' },
    ],
  }),
  antalya: city({
    name: 'Antalya',
    nameEn: 'Antalya',
    names: { ru: 'Анталья' },
    country: 'TR',
    lat: 36.8969,
    long: 30.7133,
    venues: [{ name: 'Antalya Kongre Merkezi', street: 'Lara Cad. No:120, Muratpaşa', postcode: '07230' }],
    hotels: [
      { name: 'Lara Beach Resort', stars: 5, euroMinor: 16000, street: 'Lara Cad. No:200, Muratpaşa' },
      { name: 'Kaleiçi Butik Otel', stars: 3, euroMinor: 7000, street: 'Hesapçı Sok. No:15, Kaleiçi' },
    ],
  }),
  izmir: city({
    name: 'İzmir',
    nameEn: 'Izmir',
    names: { ru: 'Измир' },
    country: 'TR',
    lat: 38.4237,
    long: 27.1428,
    venues: [
      { name: 'İzmir Briç Kulübü', street: 'Kıbrıs Şehitleri Cad. No:45, Alsancak', postcode: '35220' },
    ],
  }),
  tallinn: city({
    name: 'Tallinn',
    nameEn: 'Tallinn',
    names: { ru: 'Таллин', lt: 'Talinas', pl: 'Tallinn' },
    country: 'EE',
    lat: 59.437,
    long: 24.7536,
    venues: [
      { name: 'Solarise keskuse konverentsisaal', street: 'Estonia pst 9', postcode: '10143' },
      { name: 'Tallinna Bridžiklubi', street: 'Narva mnt 7', postcode: '10117' },
    ],
    hotels: [
      { name: 'Vanalinna Hotell', stars: 4, euroMinor: 12000, street: 'Viru 11' },
      { name: 'Hotell Kadriorg', stars: 3, euroMinor: 7800, street: 'Narva mnt 40' },
    ],
  }),
  tartu: city({
    name: 'Tartu',
    nameEn: 'Tartu',
    names: { ru: 'Тарту' },
    country: 'EE',
    lat: 58.3776,
    long: 26.729,
    venues: [{ name: 'Tartu Ülikooli spordihoone', street: 'Ujula 4', postcode: '51008' }],
  }),
  parnu: city({
    name: 'Pärnu',
    nameEn: 'Pärnu',
    names: { ru: 'Пярну' },
    country: 'EE',
    lat: 58.3859,
    long: 24.4971,
    venues: [{ name: 'Pärnu Kontserdimaja', street: 'Aida 4', postcode: '80011' }],
    hotels: [
      { name: 'Rannahotell Pärnu', stars: 4, euroMinor: 11500, street: 'Ranna pst 5' },
      { name: 'Villa Ammende Külalistemaja', stars: 3, euroMinor: 8400, street: 'Mere pst 7' },
    ],
  }),
  london: city({
    name: 'London',
    nameEn: 'London',
    names: { ru: 'Лондон', pl: 'Londyn', lt: 'Londonas', it: 'Londra', es: 'Londres', fr: 'Londres' },
    country: 'GB',
    lat: 51.5074,
    long: -0.1278,
    venues: [{ name: 'Kensington Bridge Centre', street: '38 Kensington Church Street', postcode: 'W8 4HA' }],
    hotels: [
      { name: 'The Kensington Court Hotel', stars: 4, euroMinor: 21000, street: '20 Kensington Court' },
      { name: 'Holland Park Lodge', stars: 3, euroMinor: 13500, street: '7 Holland Park Avenue' },
    ],
  }),
  edinburgh: city({
    name: 'Edinburgh',
    nameEn: 'Edinburgh',
    country: 'GB',
    lat: 55.9533,
    long: -3.1883,
    venues: [{ name: 'Edinburgh Bridge Centre', street: '12 Grosvenor Crescent', postcode: 'EH12 5EL' }],
  }),
  stockholm: city({
    name: 'Stockholm',
    nameEn: 'Stockholm',
    names: { ru: 'Стокгольм', pl: 'Sztokholm', lt: 'Stokholmas', it: 'Stoccolma', es: 'Estocolmo' },
    country: 'SE',
    lat: 59.3293,
    long: 18.0686,
    venues: [{ name: 'Stockholms Bridgecenter', street: 'Sveavägen 44', postcode: '111 34' }],
    hotels: [
      { name: 'Hotel Norrmalm', stars: 4, euroMinor: 16500, street: 'Drottninggatan 67' },
      { name: 'Gamla Stan Vandrarhem', stars: 2, euroMinor: 7500, street: 'Västerlånggatan 30' },
    ],
  }),
  amsterdam: city({
    name: 'Amsterdam',
    nameEn: 'Amsterdam',
    names: { ru: 'Амстердам' },
    country: 'NL',
    lat: 52.3676,
    long: 4.9041,
    venues: [{ name: 'Bridgecentrum Amsterdam', street: 'Prinsengracht 500', postcode: '1017 KH' }],
  }),
  berlin: city({
    name: 'Berlin',
    nameEn: 'Berlin',
    names: { ru: 'Берлин', pl: 'Berlin', lt: 'Berlynas', it: 'Berlino', es: 'Berlín' },
    country: 'DE',
    lat: 52.52,
    long: 13.405,
    venues: [{ name: 'Berliner Bridge-Zentrum', street: 'Kurfürstendamm 120', postcode: '10711' }],
    hotels: [
      { name: 'Hotel am Kurfürstendamm', stars: 4, euroMinor: 13900, street: 'Kurfürstendamm 68' },
      { name: 'Pension Charlottenburg', stars: 3, euroMinor: 8200, street: 'Kantstraße 31' },
    ],
  }),
  copenhagen: city({
    name: 'København',
    nameEn: 'Copenhagen',
    names: { ru: 'Копенгаген', pl: 'Kopenhaga', lt: 'Kopenhaga', it: 'Copenaghen', es: 'Copenhague' },
    country: 'DK',
    lat: 55.6761,
    long: 12.5683,
    venues: [{ name: 'Bella Center Copenhagen', street: 'Center Blvd. 5', postcode: '2300' }],
    hotels: [
      { name: 'Hotel Amager Strand', stars: 4, euroMinor: 17500, street: 'Ørestads Blvd. 10' },
      { name: 'Nyhavn Guesthouse', stars: 3, euroMinor: 11500, street: 'Nyhavn 22' },
      { name: 'Copenhagen City Hostel', stars: 2, euroMinor: 6000, street: 'H.C. Andersens Blvd. 50' },
    ],
  }),
  oslo: city({
    name: 'Oslo',
    nameEn: 'Oslo',
    country: 'NO',
    lat: 59.9139,
    long: 10.7522,
    venues: [{ name: 'Oslo Bridgesenter', street: 'Karl Johans gate 20', postcode: '0159' }],
  }),
  riga: city({
    name: 'Rīga',
    nameEn: 'Riga',
    names: { ru: 'Рига', lt: 'Ryga', pl: 'Ryga' },
    country: 'LV',
    lat: 56.9496,
    long: 24.1052,
    venues: [{ name: 'Rīgas Bridža klubs', street: 'Brīvības iela 85', postcode: 'LV-1001' }],
  }),
} satisfies Record<string, City>

export type CityKey = keyof typeof cities

/** The city's name as written in `language`. */
export const cityName = (c: City, language: ContentLanguage): string =>
  c.names?.[language] ?? (language === 'en' ? c.nameEn : c.name)

/** A full postal address the way a map service would format it. */
export const formattedAddress = (c: City, v: Venue): string =>
  c.country === 'GB'
    ? `${v.street}, ${c.name} ${v.postcode}, ${countryNameIn(c.country, 'en')}`
    : `${v.street}, ${v.postcode} ${c.name}, ${countryNameIn(c.country, 'en')}`

/** The card's short line, 'Vilnius, Lithuania'. */
export const shortAddress = (c: City): string => `${c.nameEn}, ${countryNameIn(c.country, 'en')}`
