import { slugify } from '@kibitz/kernel'

export { slugify }

/** Replaces `{key}` placeholders. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key]
    return value === undefined ? whole : String(value)
  })
}

/** Makes `base` unique within `taken` by appending -2, -3 … and records it. */
export function uniqueSlug(base: string, taken: Set<string>): string {
  let candidate = base
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`
  taken.add(candidate)
  return candidate
}
