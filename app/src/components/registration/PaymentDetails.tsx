import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'
import type { EntryPageData } from '../../server/registration.functions.ts'

// How to pay a pending registration (spec section 2: /payment): the bank transfer's details, each readable and
// selectable as text (without JavaScript a click selects the whole value) with a copy button once scripts run,
// the EPC QR code for euro transfers, the deadline with its time zone, and the card checkout when offered.

function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 4000)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true))
      }}
      className="inline-flex h-8 shrink-0 items-center rounded-lg border border-line px-2 text-xs font-semibold text-brand-800"
      aria-label={label}
    >
      {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      <span className="sr-only" aria-live="polite">
        {copied ? done : ''}
      </span>
    </button>
  )
}

/** One value of the transfer: the text to read or select, and (with scripts) a button that copies `copy`. */
function Detail(props: {
  term: ReactNode
  value: ReactNode
  copy?: { text: string; label: string; done: string }
  scripted: boolean
  testId?: string
  strong?: boolean
}) {
  return (
    <>
      <dt className="font-semibold">{props.term}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2">
        <span
          data-testid={props.testId}
          className={`select-all break-all ${props.strong ? 'font-bold' : 'font-mono'}`}
        >
          {props.value}
        </span>
        {props.copy && props.scripted ? <CopyButton {...props.copy} /> : null}
      </dd>
    </>
  )
}

export function PaymentDetails({ entry }: { entry: EntryPageData }) {
  const { t } = useLingui()
  // Copy buttons need the clipboard API, so they appear only once the page's script runs.
  const [scripted, setScripted] = useState(false)
  useEffect(() => setScripted(true), [])
  const bank = entry.bank
  const reference = entry.reference
  const total = entry.total
  return (
    <div className="flex flex-col gap-4">
      {bank && reference ? (
        <section aria-labelledby="bank-title" className="rounded-card border border-line p-4">
          <h2 id="bank-title" className="mb-2 text-lg font-bold">
            <Trans>Pay by bank transfer</Trans>
          </h2>
          <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
            <dl className="grid min-w-0 grid-cols-1 gap-x-6 gap-y-2 text-sm md:grid-cols-[max-content_1fr]">
              <dt className="font-semibold">
                <Trans>Beneficiary</Trans>
              </dt>
              <dd>{bank.beneficiary}</dd>
              <Detail
                term="IBAN"
                value={bank.iban}
                testId="payment-iban"
                scripted={scripted}
                copy={{
                  text: bank.iban.replace(/\s/g, ''),
                  label: t`Copy the IBAN`,
                  done: t`The IBAN is copied.`,
                }}
              />
              {bank.bic ? <Detail term="BIC" value={bank.bic} scripted={scripted} /> : null}
              <Detail
                term={<Trans>Amount</Trans>}
                value={entry.total}
                testId="payment-amount"
                strong
                scripted={scripted}
                copy={{ text: entry.amountToCopy, label: t`Copy the amount`, done: t`The amount is copied.` }}
              />
              <Detail
                term={<Trans>Payment reference</Trans>}
                value={reference}
                testId="payment-reference"
                scripted={scripted}
                copy={{
                  text: reference.replace(/\s/g, ''),
                  label: t`Copy the payment reference`,
                  done: t`The reference is copied.`,
                }}
              />
              {entry.dueBy ? (
                <>
                  <dt className="font-semibold">
                    <Trans>Pay by</Trans>
                  </dt>
                  <dd data-testid="payment-deadline">
                    <span className="font-semibold">{entry.dueBy}</span>
                    {entry.dueByZone ? <span className="text-muted"> ({entry.dueByZone})</span> : null}
                  </dd>
                </>
              ) : null}
            </dl>
            {entry.transferCode ? (
              <figure className="flex shrink-0 flex-col items-center gap-1 self-center md:self-start">
                <svg
                  role="img"
                  aria-label={t`QR code for a banking app: the transfer of ${total} with the reference ${reference}`}
                  data-testid="payment-qr"
                  viewBox={`0 0 ${entry.transferCode.size} ${entry.transferCode.size}`}
                  shapeRendering="crispEdges"
                  className="h-44 w-44"
                >
                  <rect width="100%" height="100%" fill="#fff" />
                  <path d={entry.transferCode.path} fill="#000" />
                </svg>
                <figcaption className="max-w-44 text-center text-xs text-muted">
                  <Trans>Scan with your banking app to fill in the transfer.</Trans>
                </figcaption>
              </figure>
            ) : null}
          </div>
          <p className="mt-3 text-sm text-muted">
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
