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
  // Documents of the file tree (docs/decisions/040), served as attachments or inert data.
  '.txt': 'text/plain; charset=utf-8',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.odp': 'application/vnd.oasis.opendocument.presentation',
}

/** The media type a key's extension stands for (the store only writes keys it named itself). */
export const contentTypeOf = (key: string): string =>
  contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream'

/** A key the store refuses to write: a bug in the caller, so a defect rather than a typed failure. */
export const unsafeKey = (key: string) => new Error(`unsafe object key ${JSON.stringify(key)}`)
