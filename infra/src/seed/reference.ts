import type { EntityManager } from '@mikro-orm/postgresql'
import { countRows, insertRows } from './sql.ts'

/** ISO 3166-1 alpha-2 codes with English names: all of Europe plus the bridge countries elsewhere. */
export const countries: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AD', 'Andorra'],
  ['AL', 'Albania'],
  ['AM', 'Armenia'],
  ['AT', 'Austria'],
  ['AZ', 'Azerbaijan'],
  ['BA', 'Bosnia and Herzegovina'],
  ['BE', 'Belgium'],
  ['BG', 'Bulgaria'],
  ['BY', 'Belarus'],
  ['CH', 'Switzerland'],
  ['CY', 'Cyprus'],
  ['CZ', 'Czechia'],
  ['DE', 'Germany'],
  ['DK', 'Denmark'],
  ['EE', 'Estonia'],
  ['ES', 'Spain'],
  ['FI', 'Finland'],
  ['FO', 'Faroe Islands'],
  ['FR', 'France'],
  ['GB', 'United Kingdom'],
  ['GE', 'Georgia'],
  ['GI', 'Gibraltar'],
  ['GR', 'Greece'],
  ['HR', 'Croatia'],
  ['HU', 'Hungary'],
  ['IE', 'Ireland'],
  ['IS', 'Iceland'],
  ['IT', 'Italy'],
  ['LI', 'Liechtenstein'],
  ['LT', 'Lithuania'],
  ['LU', 'Luxembourg'],
  ['LV', 'Latvia'],
  ['MC', 'Monaco'],
  ['MD', 'Moldova'],
  ['ME', 'Montenegro'],
  ['MK', 'North Macedonia'],
  ['MT', 'Malta'],
  ['NL', 'Netherlands'],
  ['NO', 'Norway'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['RO', 'Romania'],
  ['RS', 'Serbia'],
  ['RU', 'Russia'],
  ['SE', 'Sweden'],
  ['SI', 'Slovenia'],
  ['SK', 'Slovakia'],
  ['SM', 'San Marino'],
  ['TR', 'Türkiye'],
  ['UA', 'Ukraine'],
  ['AR', 'Argentina'],
  ['AU', 'Australia'],
  ['BR', 'Brazil'],
  ['CA', 'Canada'],
  ['CL', 'Chile'],
  ['CN', 'China'],
  ['EG', 'Egypt'],
  ['HK', 'Hong Kong'],
  ['IL', 'Israel'],
  ['IN', 'India'],
  ['JP', 'Japan'],
  ['MA', 'Morocco'],
  ['NZ', 'New Zealand'],
  ['US', 'United States'],
  ['ZA', 'South Africa'],
]

export const countryName = (code: string): string => countries.find(([c]) => c === code)?.[1] ?? code

const currencies: ReadonlyArray<readonly [code: string, name: string, symbol: string, popular: boolean]> = [
  ['EUR', 'Euro', '€', true],
  ['USD', 'US dollar', '$', true],
  ['PLN', 'Polish złoty', 'zł', true],
  ['GBP', 'Pound sterling', '£', true],
  ['SEK', 'Swedish krona', 'kr', false],
  ['NOK', 'Norwegian krone', 'kr', false],
  ['DKK', 'Danish krone', 'kr', false],
  ['ISK', 'Icelandic króna', 'kr', false],
  ['CHF', 'Swiss franc', 'CHF', false],
  ['CZK', 'Czech koruna', 'Kč', false],
  ['HUF', 'Hungarian forint', 'Ft', false],
  ['RON', 'Romanian leu', 'lei', false],
  ['BGN', 'Bulgarian lev', 'лв', false],
  ['RSD', 'Serbian dinar', 'дин.', false],
  ['TRY', 'Turkish lira', '₺', false],
  ['RUB', 'Russian rouble', '₽', false],
  ['UAH', 'Ukrainian hryvnia', '₴', false],
  ['ILS', 'Israeli new shekel', '₪', false],
  ['CAD', 'Canadian dollar', 'C$', false],
  ['AUD', 'Australian dollar', 'A$', false],
  ['JPY', 'Japanese yen', '¥', false],
  ['CNY', 'Chinese yuan', '¥', false],
]

// Spec section 1: the content languages in the spec's order, English the default; seven of them are also
// interface languages.
const languages: ReadonlyArray<readonly [code: string, name: string, native: string, ui: boolean]> = [
  ['en', 'English', 'English', true],
  ['it', 'Italian', 'Italiano', true],
  ['lt', 'Lithuanian', 'Lietuvių', true],
  ['pl', 'Polish', 'Polski', true],
  ['ru', 'Russian', 'Русский', true],
  ['es', 'Spanish', 'Español', true],
  ['fr', 'French', 'Français', true],
  ['de', 'German', 'Deutsch', false],
  ['tr', 'Turkish', 'Türkçe', false],
  ['et', 'Estonian', 'Eesti', false],
]

/** Age groups as bridge federations use them (WBF youth categories, EBL seniors). */
export const ageGroups: ReadonlyArray<readonly [name: string, from: number | null, to: number | null]> = [
  ['Juniors U16', null, 15],
  ['Juniors U21', null, 20],
  ['Juniors U26', null, 25],
  ['Open', null, null],
  ['Seniors 62+', 62, null],
  ['Super seniors 70+', 70, null],
]

/**
 * Reference data. Codes that already exist are kept (a later migration may ship its own lookups), and
 * age groups, which have no natural key, are only added to an empty table.
 */
export async function insertReferenceData(em: EntityManager): Promise<void> {
  await em.execute(
    `insert into "country" ("code", "name") values ${countries.map(() => '(?, ?)').join(', ')} on conflict ("code") do nothing`,
    countries.flat(),
  )
  await em.execute(
    `insert into "currency" ("code", "name", "symbol", "is_popular") values ${currencies.map(() => '(?, ?, ?, ?)').join(', ')} on conflict ("code") do nothing`,
    currencies.flat(),
  )
  await em.execute(
    `insert into "language" ("code", "name", "native_name", "is_default", "is_interface") values ${languages.map(() => '(?, ?, ?, ?, ?)').join(', ')} on conflict ("code") do nothing`,
    languages.flatMap(([code, name, native, ui]) => [code, name, native, code === 'en', ui]),
  )
  if ((await countRows(em, 'age_group')) === 0) {
    await insertRows(em, 'age_group', ['name', 'age_from', 'age_to'], ageGroups)
  }
}
