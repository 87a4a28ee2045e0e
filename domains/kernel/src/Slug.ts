// Aliases are ASCII slugs: content in Polish, Lithuanian, Turkish or Russian gets a latin alias that a
// visitor can type into the address bar.

const cyrillic: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
}

// Letters that Unicode does not decompose into a base letter plus accents.
const special: Readonly<Record<string, string>> = {
  ł: 'l',
  ß: 'ss',
  ı: 'i',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
}

/** Lower-case ASCII slug: 'Festiwal Brydżowy Wrocław 2027' gives 'festiwal-brydzowy-wroclaw-2027'. */
export function slugify(text: string): string {
  const mapped = [...text.toLowerCase()].map((c) => cyrillic[c] ?? special[c] ?? c).join('')
  return mapped
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
