// The accounts domain's security limits, in one place so the service, its throttle and the tests read the same.

const minute = 60_000
export const hour = 60 * minute
const day = 24 * hour

/** Spec-independent security limits (docs/decisions/012-accounts.md, 028-sign-in-throttling.md). */
export const AccountLimits = {
  /** Failed logins for one account from one address without its device cookie. */
  failedLoginsPerAccountAndAddress: 5,
  /** Failed logins from one address over every account: sized for a venue's shared address. */
  failedLoginsPerAddress: 100,
  /** Failed logins for one account from every client without its device cookie (a spread-out guesser). */
  failedLoginsPerAccount: 30,
  /** Failed logins for one account from one of its known devices (the device's own budget). */
  failedLoginsPerDevice: 10,
  /** How long a device stays known after its last sign-in. */
  knownDeviceMs: 365 * day,
  signUpsPerWindow: 5,
  resetRequestsPerWindow: 5,
  windowMs: 15 * minute,
  sessionIdleMs: 14 * day,
  sessionAbsoluteMs: 60 * day,
  sessionTouchMs: 5 * minute,
  activationValidMs: 7 * day,
  resetValidMs: 2 * hour,
  decisionValidMs: 30 * day,
  activationResendAfterMs: 10 * minute,
  emailChangeValidMs: 24 * hour,
  passwordChecksPerWindow: 5,
  emailChangesPerWindow: 5,
} as const
