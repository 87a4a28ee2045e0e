import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { privatePageMeta } from '../lib/title.ts'
import { fetchOutbox } from '../server/outbox.functions.ts'

// The developer's view of the e-mail outbox (ARCHITECTURE.md: without SMTP_URL e-mails are kept here). It
// exists only on a non-production server without SMTP_URL; elsewhere the loader answers 404.
// Plain server-rendered HTML: each message opens with <details>, so it works without JavaScript.

export const Route = createFileRoute('/dev/outbox')({
  loader: async () => {
    const messages = await fetchOutbox()
    if (messages === null) throw notFound()
    return { messages }
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Outbox`) }),
  component: DevOutbox,
})

type Message = NonNullable<Awaited<ReturnType<typeof fetchOutbox>>>[number]

const statusStyle: Readonly<Record<Message['status'], string>> = {
  pending: 'bg-warn-100 text-warn-800',
  sent: 'bg-brand-100 text-brand-800',
  failed: 'bg-danger-100 text-danger-700',
  kept: 'bg-canvas text-muted',
}

function DevOutbox() {
  const { messages } = Route.useLoaderData()
  return (
    <section aria-labelledby="outbox-title" className="flex flex-col gap-4">
      <div>
        <h1 id="outbox-title" className="text-3xl font-extrabold">
          <Trans>Outbox</Trans>
        </h1>
        <p className="text-muted">
          <Trans>
            The latest 50 e-mails, newest first. This page exists only in development, when no SMTP server is
            configured.
          </Trans>
        </p>
      </div>
      {messages.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-muted shadow-card">
          <Trans>No e-mails yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {messages.map((message) => (
            <li key={message.id}>
              <OutboxMessage message={message} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function OutboxMessage({ message }: { message: Message }) {
  const { t, i18n } = useLingui()
  const statusLabel: Readonly<Record<Message['status'], string>> = {
    pending: t`pending`,
    sent: t`sent`,
    failed: t`failed`,
    kept: t`kept`,
  }
  return (
    <details className="rounded-card bg-surface shadow-card">
      <summary className="grid cursor-pointer gap-x-4 gap-y-1 p-4 md:grid-cols-[11rem_1fr_2fr_auto]">
        <time dateTime={message.createdAt} className="text-sm text-muted" suppressHydrationWarning>
          {new Date(message.createdAt).toLocaleString(i18n.locale, {
            dateStyle: 'medium',
            timeStyle: 'medium',
          })}
        </time>
        <span className="break-all">{message.to}</span>
        <span className="font-semibold">
          {message.subject} <span className="text-sm font-normal text-muted">({message.kind})</span>
        </span>
        <span
          className={`justify-self-start rounded px-2 text-sm font-semibold ${statusStyle[message.status]}`}
        >
          {statusLabel[message.status]}
        </span>
      </summary>
      <div className="flex flex-col gap-3 border-t border-line p-4">
        {message.links.length > 0 ? (
          <div>
            <h2 className="font-bold">
              <Trans>Links</Trans>
            </h2>
            <ul className="list-disc pl-6">
              {message.links.map((link) => (
                <li key={link}>
                  <a href={link} className="break-all text-brand-700 underline">
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {/* A sent or given-up message has had its bodies emptied; there is nothing left to show. */}
        {message.text === '' ? null : (
          <pre className="whitespace-pre-wrap break-words font-sans text-sm">{message.text}</pre>
        )}
        {message.attempts > 0 ? (
          <p className="text-sm text-muted">
            <Trans>
              Failed attempts: {message.attempts}. Last error: {message.lastError}
            </Trans>
          </p>
        ) : null}
      </div>
    </details>
  )
}
