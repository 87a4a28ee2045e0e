import { Trans } from '@lingui/react/macro'
import type { FlashKey } from '../lib/session.ts'

/** A one-time message after a redirect (spec section 4: login shows one on success). */
export function FlashMessage({ flash }: { flash: FlashKey }) {
  const text = (() => {
    switch (flash) {
      case 'signedIn':
        return <Trans>You are logged in. Welcome back!</Trans>
      case 'signedOut':
        return <Trans>You are logged out.</Trans>
      case 'sessionEnded':
        return <Trans>Your session has ended. Please log in again.</Trans>
      case 'registered':
        return <Trans>Almost there: we have e-mailed you a link to activate your account.</Trans>
      case 'passwordReset':
        return <Trans>Your password has been changed. You can log in with it now.</Trans>
      case 'resetSent':
        return (
          <Trans>
            If an account with this e-mail exists, we have sent it a link to choose a new password.
          </Trans>
        )
      case 'profileSaved':
        return <Trans>Your changes have been saved.</Trans>
      case 'socialConnected':
        return <Trans>The social account is connected.</Trans>
      case 'socialDisconnected':
        return <Trans>The social account is disconnected.</Trans>
      case 'organiserApplied':
        return <Trans>Your organiser application has been sent.</Trans>
      case 'accountSwitched':
        return <Trans>You switched accounts.</Trans>
      case 'emailChanged':
        return <Trans>Your e-mail address is changed. From now on, log in with it.</Trans>
      case 'eventSaved':
        return <Trans>Your changes to the event are saved.</Trans>
      case 'emailConfirmSent':
        return (
          <Trans>
            We have e-mailed a confirmation link to the new address. Your e-mail changes once you open it.
          </Trans>
        )
    }
  })()
  return (
    <p
      role="status"
      className="mb-6 rounded-lg border border-brand-600/30 bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-800"
    >
      {text}
    </p>
  )
}
