import { countrySearchNames, slugify } from '@kibitz/kernel'

/**
 * The text the catalogue's text search matches (`search_text like '%text%'`, decision 004): every
 * alias, every content name and every place, and every name of the event's countries in the ten content
 * languages ('polska', 'польша', 'pologne'; decision 030), lower-cased, plus each name folded to plain latin,
 * since visitors often type without diacritics ('festiwal brydzowy wroclaw').
 */
export const searchTextOf = (
  aliases: ReadonlyArray<string>,
  names: ReadonlyArray<string>,
  countryCodes: ReadonlyArray<string | null | undefined> = [],
): string => {
  const present = [...names, ...countrySearchNames(countryCodes)].filter((n) => n.trim().length > 0)
  const folded = present.map((n) => slugify(n).replaceAll('-', ' '))
  return [...new Set([...aliases, ...present, ...folded].map((p) => p.toLowerCase()))]
    .filter((part) => part.length > 0)
    .join(' ')
}
