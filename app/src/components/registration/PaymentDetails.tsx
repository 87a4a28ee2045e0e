import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { EntryPageData } from '../../server/registration.server.ts'

// How to pay a pending registration (spec section 2: /payment): the bank transfer's details with the RF
// reference to copy, and the card checkout when the organiser takes cards.

function CopyButton({ text }: { text: string }) {
  const { t } = useLingui()
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(text.replace(/\s/g, '')).then(() => setCopied(true))
      }}
      className="ml-2 rounded-lg border border-line px-2 py-0.5 text-xs font-semibold text-brand-800"
      aria-label={t`Copy the payment reference`}
    >
      {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      <span className="sr-only" aria-live="polite">
        {copied ? t`The reference is copied.` : ''}
      </span>
    </button>
  )
}

export function PaymentDetails({ entry }: { entry: EntryPageData }) {
  return (
    <div className="flex flex-col gap-4">
      {entry.bank && entry.reference ? (
        <section aria-labelledby="bank-title" className="rounded-card border border-line p-4">
          <h2 id="bank-title" className="mb-2 text-lg font-bold">
            <Trans>Pay by bank transfer</Trans>
          </h2>
          <dl className="grid gap-x-6 gap-y-2 text-sm md:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">
              <Trans>Beneficiary</Trans>
            </dt>
            <dd>{entry.bank.beneficiary}</dd>
            <dt className="font-semibold">IBAN</dt>
            <dd className="font-mono">{entry.bank.iban}</dd>
            {entry.bank.bic ? (
              <>
                <dt className="font-semibold">BIC</dt>
                <dd className="font-mono">{entry.bank.bic}</dd>
              </>
            ) : null}
            <dt className="font-semibold">
              <Trans>Amount</Trans>
            </dt>
            <dd className="font-bold">{entry.total}</dd>
            <dt className="font-semibold">
              <Trans>Payment reference</Trans>
            </dt>
            <dd>
              <span className="font-mono" data-testid="payment-reference">
                {entry.reference}
              </span>
              <CopyButton text={entry.reference} />
            </dd>
            {entry.dueBy ? (
              <>
                <dt className="font-semibold">
                  <Trans>Pay by</Trans>
                </dt>
                <dd>{entry.dueBy}</dd>
              </>
            ) : null}
          </dl>
          <p className="mt-2 text-sm text-muted">
            <Trans>
              Write the reference exactly as shown: it tells the organiser which registration you pay. Unpaid
              registrations expire at the time above.
            </Trans>
          </p>
        </section>
      ) : null}
      {entry.canPayByCard ? (
        <form method="post" action="/payment/card">
          <input type="hidden" name="token" value={entry.token} />
          <button
            type="submit"
            className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            <Trans>Pay by card</Trans>
          </button>
        </form>
      ) : null}
    </div>
  )
}
