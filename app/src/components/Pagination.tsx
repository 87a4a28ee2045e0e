import { Trans, useLingui } from '@lingui/react/macro'
import { keysetText } from '../lib/search.ts'

/** Previous / next links as plain hrefs, so paging works without JavaScript too. */
export function Pagination({
  page,
  pageSize,
  total,
  href,
}: {
  page: number
  pageSize: number
  total: number
  href: (page: number) => string
}) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const link =
    'inline-flex h-10 items-center rounded-lg border border-line bg-surface px-4 text-sm font-semibold hover:bg-canvas'
  return (
    <nav aria-label={t`Pages`} className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <a className={link} href={href(page - 1)} rel="prev">
          <Trans>Previous</Trans>
        </a>
      ) : null}
      <span className="text-sm text-muted">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      {page < pages ? (
        <a className={link} href={href(page + 1)} rel="next">
          <Trans>Next</Trans>
        </a>
      ) : null}
    </nav>
  )
}

/**
 * Previous / next links of a listing read by keyset (docs/decisions/022): every page costs the same to read, and
 * the links are plain hrefs, so paging works without JavaScript.
 */
export function KeysetPagination({
  previous,
  next,
  href,
}: {
  previous: { readonly dateStart: string; readonly id: number } | null
  next: { readonly dateStart: string; readonly id: number } | null
  href: (start: { after: string } | { before: string }) => string
}) {
  const { t } = useLingui()
  if (!previous && !next) return null
  const link =
    'inline-flex h-10 items-center rounded-lg border border-line bg-surface px-4 text-sm font-semibold hover:bg-canvas'
  return (
    <nav aria-label={t`Pages`} className="mt-8 flex items-center justify-center gap-3">
      {previous ? (
        <a className={link} href={href({ before: keysetText(previous) })} rel="prev">
          <Trans>Previous</Trans>
        </a>
      ) : null}
      {next ? (
        <a className={link} href={href({ after: keysetText(next) })} rel="next">
          <Trans>Next</Trans>
        </a>
      ) : null}
    </nav>
  )
}
