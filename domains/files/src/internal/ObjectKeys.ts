import path from 'node:path'

/** Object keys are relative paths of safe segments: letters, digits, dot, dash, underscore. */
export const isObjectKey = (key: string): boolean =>
  key.length > 0 &&
  key.length <= 300 &&
  key.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment) && !segment.includes('..'))

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.pdf': 'application/pdf',
}

/** The media type a key's extension stands for (the store only writes keys it named itself). */
export const contentTypeOf = (key: string): string =>
  contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream'

/** A key the store refuses to write: a bug in the caller, so a defect rather than a typed failure. */
export const unsafeKey = (key: string) => new Error(`unsafe object key ${JSON.stringify(key)}`)
