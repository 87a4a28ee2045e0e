import { Plural, useLingui } from '@lingui/react/macro'
import type { MarkSelectedOutcome } from '../../server/registrations.functions.ts'
import type { Action } from './registrationsQuery.ts'

// What the organiser reads after a row action or "mark selected paid": a refusal in their words, or what was done.

/** The refusal of an action in the organiser's words. */
export function useRefusalMessage(): (reason: string, action: Action['action']) => string {
  const { t } = useLingui()
  return (reason, action) => {
    switch (reason) {
      case 'notFound':
        return t`This registration or tournament no longer exists. Reload the page.`
      case 'wrongState':
        return t`This cannot be done in the registration’s current state.`
      case 'incompatible':
        return t`That tournament takes a different number of players, or it is the entry’s own tournament.`
      case 'soldOut':
        return action === 'markPaid'
          ? t`No places are left, so the expired entry cannot come back.`
          : t`No places are left on that ticket.`
      case 'notForSale':
        return action === 'markPaid'
          ? t`Its ticket is no longer for sale, so the expired entry cannot come back.`
          : t`That ticket is not for sale.`
      case 'outsideSalesWindow':
        return action === 'markPaid'
          ? t`Its ticket is no longer on sale, so the expired entry cannot come back.`
          : t`That ticket is not on sale now.`
      case 'unknown':
        return t`That ticket does not exist any more.`
      case 'signedOut':
        return t`Your session has ended. Please log in again.`
      default:
        return t`Something went wrong. Please try again.`
    }
  }
}

/** What "mark selected paid" did, one sentence per kind of outcome. */
export function MarkedMessage({ outcome }: { readonly outcome: Extract<MarkSelectedOutcome, { ok: true }> }) {
  const count = (reason: string) => outcome.skipped.filter((s) => s.reason === reason).length
  const paid = count('alreadyPaid')
  const canceled = count('canceled')
  const expired = count('expired')
  const free = count('nothingToPay')
  const gone = count('notFound')
  return (
    <>
      <Plural
        value={outcome.marked.length}
        one="# entry is marked paid; its contact is e-mailed."
        other="# entries are marked paid; their contacts are e-mailed."
      />
      {paid > 0 ? (
        <>
          {' '}
          <Plural value={paid} one="# was already paid." other="# were already paid." />
        </>
      ) : null}
      {canceled > 0 ? (
        <>
          {' '}
          <Plural
            value={canceled}
            one="# is canceled and was left out."
            other="# are canceled and were left out."
          />
        </>
      ) : null}
      {expired > 0 ? (
        <>
          {' '}
          <Plural
            value={expired}
            one="# expired: mark it paid on its own row; it comes back only if places are left."
            other="# expired: mark each paid on its own row; they come back only if places are left."
          />
        </>
      ) : null}
      {free > 0 ? (
        <>
          {' '}
          <Plural value={free} one="# is free: nothing to pay." other="# are free: nothing to pay." />
        </>
      ) : null}
      {gone > 0 ? (
        <>
          {' '}
          <Plural value={gone} one="# no longer exists." other="# no longer exist." />
        </>
      ) : null}
    </>
  )
}
