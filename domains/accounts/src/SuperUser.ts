import type { Em } from '@kibitz/kernel'
import { Effect } from 'effect'
import { AccountRepo, TokenPurpose } from './internal/AccountRepo.ts'
import { hashPassword } from './internal/Secrets.ts'
import { UserRole } from './Organiser.ts'

/**
 * Start-up only (infra bootstrap): makes sure the operator's super user (ADMIN_EMAIL) exists, is active and
 * has the admin role. Its password is set from ADMIN_PASSWORD only while it has none, so a password the
 * super user changed later is kept across restarts.
 */
export const ensureSuperUser = Effect.fn('ensureSuperUser')(function* (email: string, password: string) {
  const address = email.trim().toLowerCase()
  const now = new Date()
  const accounts = yield* AccountRepo
  const existing = yield* accounts.findUserByEmail(address)
  if (!existing) {
    const user = yield* accounts
      .createUser({
        email: address,
        passwordHash: password.length > 0 ? yield* hashPassword(password) : null,
        firstName: null,
        lastName: null,
        language: 'en',
        activatedAt: now,
        rulesAcceptedAt: now,
      })
      .pipe(Effect.orDie)
    user.role = UserRole.admin
    yield* accounts.flush()
    return
  }
  if (existing.role !== UserRole.admin) {
    // An ordinary account under the configured address becomes the super user: whoever held it must not
    // keep a way in, so its password becomes ADMIN_PASSWORD and its sessions and social accounts go.
    existing.passwordHash = password.length > 0 ? yield* hashPassword(password) : null
    yield* accounts.revokeSessionsOf(existing.id, now)
    // Links the previous holder asked for (a reset, an e-mail change) must not outlive the takeover.
    for (const purpose of Object.values(TokenPurpose)) yield* accounts.voidTokens(existing.id, purpose, now)
    for (const identity of yield* accounts.identitiesOf(existing.id)) {
      yield* accounts.removeIdentity(existing.id, identity.provider)
    }
  }
  existing.role = UserRole.admin
  existing.activatedAt ??= now
  if (!existing.passwordHash && password.length > 0) existing.passwordHash = yield* hashPassword(password)
  yield* accounts.flush()
}, Effect.provide(AccountRepo.layer)) satisfies (
  email: string,
  password: string,
) => Effect.Effect<void, never, Em>

/**
 * Demo data only (never in production): gives seeded accounts that have no password `password` and
 * activates them, so a newcomer can log in as a demo organiser.
 */
export const ensureDemoLogins = Effect.fn('ensureDemoLogins')(function* (
  emails: ReadonlyArray<string>,
  password: string,
) {
  const hash = yield* hashPassword(password)
  const accounts = yield* AccountRepo
  for (const email of emails) {
    const user = yield* accounts.findUserByEmail(email.trim().toLowerCase())
    if (!user || user.passwordHash) continue
    user.passwordHash = hash
    user.activatedAt ??= new Date()
  }
  yield* accounts.flush()
}, Effect.provide(AccountRepo.layer))
