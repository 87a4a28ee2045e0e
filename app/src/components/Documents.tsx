import { isoDate } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatFileSize } from '../lib/fileSize.ts'
import { LongDate } from './Dates.tsx'

// Documents of an event or a tournament on its public page (issue 17): each a link with its type, its size and
// its upload date, written the way the reader's language writes them ("1,2 MB" in Lithuanian, "1.2 MB" in
// English).

/** A document as the event page has it (files' PublicDocument, encoded). */
export interface DocumentData {
  readonly fileId: number
  readonly url: string
  readonly filename: string
  readonly fileType: string
  readonly folderKind: string
  readonly tournamentId: number | null
  readonly size: number
  readonly uploadedAt: string
}

/** The list; nothing when there are no documents. Dates are the upload's day in the event's time zone. */
export function DocumentList({
  documents,
  timeZone,
  heading,
}: {
  documents: ReadonlyArray<DocumentData>
  timeZone: string
  heading?: React.ReactNode
}) {
  const { i18n } = useLingui()
  if (documents.length === 0) return null
  return (
    <section className="flex flex-col gap-2" data-testid="documents">
      <h3 className="text-lg font-bold">{heading ?? <Trans>Documents</Trans>}</h3>
      <ul className="flex flex-col divide-y divide-line">
        {documents.map((document) => (
          <li
            key={document.fileId}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
          >
            <a
              href={document.url}
              className="font-semibold text-brand-700 hover:underline"
              type={document.fileType === 'PDF' ? 'application/pdf' : undefined}
            >
              {document.filename}
            </a>
            <span className="text-sm text-muted">
              <abbr title={document.fileType} className="no-underline">
                {document.fileType}
              </abbr>
              {' · '}
              <span suppressHydrationWarning>{formatFileSize(document.size, i18n.locale)}</span>
              {' · '}
              <LongDate date={isoDate(new Date(document.uploadedAt), timeZone)} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
