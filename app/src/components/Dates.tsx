import { formatDateRange, formatLongDate } from '@kibitz/kernel/format'
import { useLingui } from '@lingui/react/macro'

// Dates are formatted by Intl on the server and again in the browser, whose ICU may differ in small
// ways; the server's text stands (no hydration error over a space or a dash).

/** A date range in the interface language, e.g. "March 5 – 8, 2027". */
export function DateRange({ start, end }: { start: string; end: string }) {
  const { i18n } = useLingui()
  return (
    <time dateTime={start} suppressHydrationWarning>
      {formatDateRange(start, end, i18n.locale)}
    </time>
  )
}

/** One long date in the interface language, e.g. "March 5, 2027". */
export function LongDate({ date }: { date: string }) {
  const { i18n } = useLingui()
  return (
    <time dateTime={date} suppressHydrationWarning>
      {formatLongDate(date, i18n.locale)}
    </time>
  )
}
