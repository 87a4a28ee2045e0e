import { useLingui } from '@lingui/react/macro'
import type { ScreenUse } from '../../server/fileManager.functions.ts'

// What the file manager says in words: sizes, where a file is used, and its refusals.

/**
 * A size in bytes in the interface language: "812 byte", "14.2 kB", "3.4 MB", "1 GB", counted in 1,024s as the
 * quota is set (FILE_QUOTA_MB: 1,024 is "1 GB").
 */
export const readableSize = (bytes: number, locale: string): string => {
  const format = (unit: string, value: number) => {
    try {
      return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
    } catch {
      return `${bytes} B`
    }
  }
  if (bytes < 1024) return format('byte', bytes)
  if (bytes < 1024 ** 2) return format('kilobyte', bytes / 1024)
  if (bytes < 1024 ** 3) return format('megabyte', bytes / 1024 ** 2)
  return format('gigabyte', bytes / 1024 ** 3)
}

/** Where a use of a file can be changed: the event's or tournament's editor, the gallery, the page. */
export const placeOfUse = (use: ScreenUse): string | null => {
  if (use.eventId !== null && use.tournamentId !== null)
    return `/event/manage/${use.eventId}/tournaments/edit-tournament/${use.tournamentId}`
  if (use.eventId !== null) return `/event/manage/${use.eventId}/event-gallery`
  if (use.pageAlias !== null) return `/page/${encodeURIComponent(use.pageAlias)}`
  return null
}

/** How a use reads: "the picture of the event Spring Festival". */
export function useUseText(): (use: ScreenUse) => string {
  const { t } = useLingui()
  return (use) => {
    const name = use.name
    switch (use.usedAs) {
      case 'eventPicture':
        return t`the picture of the event “${name}”`
      case 'tournamentRules':
        return t`the rules of the tournament “${name}”`
      case 'tournamentResults':
        return t`the results of the tournament “${name}”`
      case 'galleryItem':
        return t`a picture in the gallery “${name}”`
      default:
        switch (use.kind) {
          case 'event':
            return t`the event “${name}”`
          case 'tournament':
            return t`the tournament “${name}”`
          case 'gallery':
            return t`the gallery “${name}”`
          default:
            return t`the page “${name}”`
        }
    }
  }
}

/** The file manager's own refusals, beside the kernel's rules (useFieldMessage). */
export function useFileProblem(): (rule: string | undefined) => string | null {
  const { t } = useLingui()
  return (rule) => {
    switch (rule) {
      case undefined:
        return null
      case 'readOnly':
        return t`The platform’s own folders cannot be renamed or deleted.`
      case 'inUse':
        return t`Some of these are still in use, so they were not deleted. See what uses them below.`
      case 'rootFile':
        return t`Files go into a folder: open a folder or make one first. A whole folder can be uploaded here.`
      case 'unknownId':
        return t`This file or folder is gone or is not yours. Reload the page and try again.`
      default:
        return null
    }
  }
}
