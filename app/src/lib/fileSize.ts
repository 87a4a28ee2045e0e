// A file's size as the public pages write it (issue 17: documents with their type, size and date).

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const

/** `bytes` in the largest unit under 1024 of it, one decimal at most, in `locale` (binary units, as files show). */
export const formatFileSize = (bytes: number, locale: string): string => {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    // "698 bytes", "1.2 MB": whole bytes read best spelled out, the larger units as their symbols.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value)
}
