import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import type { FormState } from '../lib/session.ts'
import { Checkbox, FormProblem } from './Forms.tsx'

const root = getRouteApi('__root__')

const names = { facebook: 'Facebook', google: 'Google', vk: 'VK' } as const

/**
 * Social sign-in buttons (spec: Facebook, Google, VK), one form per provider so they work without
 * JavaScript. On sign-up the visitor ticks the rules first; on login a new account is refused with 1007.
 */
export function SocialButtons(props: {
  intent: 'login' | 'connect'
  redirect?: string
  state: FormState | null
  withRules?: boolean
}) {
  const { socialProviders } = root.useLoaderData()
  const { t } = useLingui()
  if (socialProviders.length === 0) return null
  return (
    <section aria-label={t`Social accounts`} className="flex flex-col gap-3 border-t border-line pt-4">
      <FormProblem state={props.state} />
      <p className="text-sm text-muted">
        {props.intent === 'login' ? <Trans>Or continue with</Trans> : <Trans>Connect a social account</Trans>}
      </p>
      {/* One form, one button per provider (formAction), so the rules checkbox is shared without JavaScript. */}
      <form method="post" action={`/auth/${socialProviders[0]}`} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={props.intent} />
        {props.redirect ? <input type="hidden" name="redirect" value={props.redirect} /> : null}
        {props.withRules ? (
          <Checkbox
            name="acceptRules"
            label={<Trans>I accept the terms and conditions and the privacy policy.</Trans>}
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          {socialProviders.map((provider) => (
            <button
              key={provider}
              type="submit"
              formAction={`/auth/${provider}`}
              className="inline-flex h-10 items-center rounded-lg border border-line bg-surface px-4 text-sm font-semibold hover:bg-canvas"
            >
              {names[provider]}
            </button>
          ))}
        </div>
      </form>
    </section>
  )
}
