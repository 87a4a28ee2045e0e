// The organiser's file tree (spec sections 3 and 9, docs/decisions/040): folders are paths; the platform's own
// folders (an event's and a page's, FolderPaths) are read-only; names are one path segment; an upload's kind comes
// from its content, never its name. Pure functions, shared by the tree's service and its API.

/** The platform's folder paths: an event's and an organiser page's folders and the folders above them. */
const platformFolders: ReadonlyArray<RegExp> = [
  /^event$/,
  /^event\/event-\d{1,10}$/,
  /^event\/event-\d{1,10}\/(?:documents|gallery|tournaments|results)$/,
  /^event\/event-\d{1,10}\/tournaments\/tournament-\d{1,10}$/,
  /^event\/event-\d{1,10}\/tournaments\/tournament-\d{1,10}\/documents$/,
  /^event\/event-\d{1,10}\/results\/tournament-\d{1,10}$/,
  /^page$/,
  // Any page's alias (the pages domain owns its rules): nothing the organiser makes stands beside the pages.
  /^page\/[^/]+$/,
  /^page\/[^/]+\/(?:gallery|documents|other)$/,
]

/**
 * Whether `path` is one of the platform's folders (spec isFolderReadableOnly): it cannot be renamed or deleted,
 * and nothing the organiser makes may take its place. Folders the organiser made, anywhere, are not.
 */
export const isPlatformFolder = (path: string): boolean => platformFolders.some((folder) => folder.test(path))

/** The folders above `path` and `path` itself, from the root down: `a/b/c` gives `a`, `a/b`, `a/b/c`. */
export const folderChain = (path: string): ReadonlyArray<string> => {
  const segments = path.split('/').filter((segment) => segment !== '')
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'))
}

/** The folder `path` is in, or null at the root. */
export const parentOf = (path: string): string | null => {
  const at = path.lastIndexOf('/')
  return at < 0 ? null : path.slice(0, at)
}

/** The most characters of one folder or file name. */
export const maxNameLength = 100

/** Why a folder or file name cannot be one path segment (the kernel's validation rules), or null when it can. */
export type NameProblem = 'required' | 'tooLong' | 'invalidName'

/** Whether `name` (as typed) can name a folder or a file in the tree; checked after trimming. */
export const nameProblem = (name: string): NameProblem | null => {
  const trimmed = name.trim()
  if (trimmed === '') return 'required'
  if (trimmed.length > maxNameLength) return 'tooLong'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[/\\\u0000-\u001f\u007f]/.test(trimmed)) return 'invalidName'
  if (trimmed === '.' || trimmed === '..') return 'invalidName'
  return null
}

/**
 * The folders a folder upload's relative path (`holiday/day 1/photo.jpg`) makes under the destination, and its
 * file name; null when any segment is not a name (`nameProblem`), so the whole upload is refused.
 */
export const relativePathParts = (
  relativePath: string,
): { readonly folders: ReadonlyArray<string>; readonly filename: string } | null => {
  const segments = relativePath.split('/')
  if (segments.length > 20 || segments.some((segment) => nameProblem(segment) !== null)) return null
  const trimmed = segments.map((segment) => segment.trim())
  const filename = trimmed.pop()
  return filename === undefined ? null : { folders: trimmed, filename }
}

/** What an upload is, by its first bytes. */
export type ContentKind = 'image' | 'document'

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>, at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** Images sharp reads: JPEG, PNG, GIF, WebP and AVIF (an ISO media file whose brand is avif or avis). */
const isImage = (bytes: Uint8Array) =>
  startsWith(bytes, [0xff, 0xd8, 0xff]) ||
  startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
  startsWith(bytes, ascii('GIF87a')) ||
  startsWith(bytes, ascii('GIF89a')) ||
  (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) ||
  (startsWith(bytes, ascii('ftyp'), 4) &&
    (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8)))

/** Text a person can read: valid UTF-8 (a byte order mark allowed) without control characters but tab and breaks. */
const isPlainText = (bytes: Uint8Array) => {
  if (bytes.length === 0) return false
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      bytes.subarray(0, Math.min(bytes.length, 64 * 1024)),
    )
  } catch {
    // A cut in the middle of a character at the end of the sample is still text.
    if (bytes.length <= 64 * 1024) return false
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024 - 4))
    } catch {
      return false
    }
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what makes it not text.
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)
}

/**
 * Documents: PDF, the Office formats (Open XML, a zip whose first entry is `[Content_Types].xml` or `mimetype` for
 * OpenDocument; and the older compound files) and plain UTF-8 text.
 */
const isDocument = (bytes: Uint8Array) =>
  startsWith(bytes, ascii('%PDF-')) ||
  (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) &&
    (startsWith(bytes, ascii('[Content_Types].xml'), 30) || startsWith(bytes, ascii('mimetype'), 30))) ||
  startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) ||
  isPlainText(bytes)

/** An upload's kind by its content (never its name), or null for a kind the file system does not keep. */
export const contentKind = (bytes: Uint8Array): ContentKind | null =>
  isImage(bytes) ? 'image' : isDocument(bytes) ? 'document' : null
