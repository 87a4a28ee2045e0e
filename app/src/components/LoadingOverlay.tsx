import { Trans } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'

/** A slim progress bar while a navigation loads, announced to screen readers. */
export function LoadingOverlay({ always = false }: { always?: boolean }) {
  const loading = useRouterState({ select: (s) => s.status === 'pending' })
  const visible = always || loading
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden">
      {visible ? (
        <>
          <div className="loading-bar h-full w-1/3 bg-accent-500" />
          <span className="sr-only">
            <Trans>Loading…</Trans>
          </span>
        </>
      ) : null}
    </div>
  )
}
