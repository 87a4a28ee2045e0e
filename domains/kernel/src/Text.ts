/** True for a C0 control character or DEL. */
const isControl = (char: string): boolean => {
  const code = char.charCodeAt(0)
  return code < 0x20 || code === 0x7f
}

/** True when `text` holds a control character (PostgreSQL, URLs and calendars all choke on some). */
export const hasControlCharacters = (text: string): boolean => [...text].some(isControl)

/** `text` without control characters, except those listed in `keep` (e.g. tab and newline). */
export const withoutControlCharacters = (text: string, keep = ''): string =>
  [...text].filter((c) => !isControl(c) || keep.includes(c)).join('')

/**
 * The member of a closed set a stored value names. A value outside the set is corrupt data: it
 * throws (a defect inside an Effect), never silently becomes some default.
 */
export const oneOf = <T extends string | number>(
  values: ReadonlyArray<T>,
  value: string | number,
  what: string,
): T => {
  const found = values.find((v) => v === value)
  if (found === undefined) throw new Error(`corrupt ${what}: ${JSON.stringify(value)}`)
  return found
}

/** `text` for a LIKE pattern (with the default escape `\`): its wildcards and the escape character stand for themselves. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)
