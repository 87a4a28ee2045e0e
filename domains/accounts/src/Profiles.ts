import type { ImageStore } from '@kibitz/files'
import { ErrorCode, inTransaction, type LookupService, OrganiserId, UserId } from '@kibitz/kernel'
import { Effect } from 'effect'
import {
  InvalidInput,
  organiserChangeKinds,
  type ProfileChangeKind,
  ProfileData,
  PublicOrganiserProfile,
  PublicProfile,
  profileChangeForms,
} from './Account.ts'
import { AccountLimits, hour } from './AccountLimits.ts'
import type { AccountsConfig } from './AccountRequest.ts'
import {
  type AccountMailer,
  currentUser,
  fail,
  isoDay,
  normaliseEmail,
  now,
  usableToken,
  validate,
} from './internal/AccountKit.ts'
import { type AccountRepo, type Organiser, TokenPurpose, type User } from './internal/AccountRepo.ts'
import { hashPassword, newToken, tokenHash, verifyPassword } from './internal/Secrets.ts'
import { OrganiserKind, OrganiserStatus } from './Organiser.ts'
import type { SignInThrottle } from './SignInThrottle.ts'

// Profiles (spec sections 5 and 7): the settings screens' data and changes, the avatar, e-mail changes confirmed
// from the new address, and the public profiles of players and organisers. The AccountService methods of the
// same names.

/** What the profile methods need besides the database. */
export interface ProfileDeps {
  readonly config: AccountsConfig['Service']
  readonly images: ImageStore['Service']
  readonly lookups: LookupService['Service']
  readonly mailer: AccountMailer
  readonly accounts: AccountRepo['Service']
  readonly throttle: SignInThrottle
}

/** The profile methods of AccountService. */
export const profiles = ({
  config,
  images,
  lookups,
  mailer: { link, mail },
  accounts,
  throttle: { forgive, reserve },
}: ProfileDeps) => {
  const emailLocked = (user: User) =>
    user.email === normaliseEmail(config.adminEmail) ||
    user.passwordHash === null ||
    user.passwordHash === undefined

  const profileData = Effect.fn('AccountService.profileData')(function* (userId: UserId) {
    const user = yield* accounts.findUserById(userId)
    if (!user) return yield* fail(ErrorCode.userNotFound)
    const organiser = yield* accounts.findOrganiserOfUser(userId)
    const identities = yield* accounts.identitiesOf(userId)
    return new ProfileData({
      user: currentUser(user, organiser),
      phone: user.phone ?? null,
      description: user.description ?? null,
      languages: [...user.languages],
      currencyId: user.currencyId ?? null,
      idProvider: user.idProvider ?? null,
      idNumber: user.idNumber ?? null,
      hasPassword: Boolean(user.passwordHash),
      canChangeEmail: !emailLocked(user),
      pendingEmail: yield* accounts.pendingEmailOf(userId, yield* now),
      socialProviders: identities.map((i) => i.provider),
    })
  })

  const changeProfile = Effect.fn('AccountService.changeProfile')(function* (
    userId: UserId,
    kind: ProfileChangeKind,
    input: unknown,
    sessionToken?: string,
  ) {
    const user = yield* accounts.findUserById(userId)
    if (!user) return yield* fail(ErrorCode.userNotFound)
    const at = yield* now
    const organiser = organiserChangeKinds.includes(kind) ? yield* accounts.findOrganiserOfUser(userId) : null
    // Organiser details are edited by an accepted organiser (spec section 4), not while pending.
    if (organiserChangeKinds.includes(kind) && organiser?.status !== OrganiserStatus.accepted) {
      return yield* fail(ErrorCode.userNotFound)
    }
    /** The current password, checked at most five times in 15 minutes (a stolen session must not guess it). */
    const checkPassword = (given: string | undefined) =>
      Effect.gen(function* () {
        if (!user.passwordHash) return
        const attempt = yield* reserve(
          'password-check',
          String(userId),
          AccountLimits.passwordChecksPerWindow,
        )
        if (!given || !(yield* verifyPassword(given, user.passwordHash))) {
          return yield* fail(ErrorCode.initialPasswordIncorrect, 'currentPassword')
        }
        yield* forgive([attempt])
      })
    switch (kind) {
      case 1: {
        const form = yield* validate(profileChangeForms[1], input)
        yield* checkPassword(form.currentPassword)
        user.passwordHash = yield* hashPassword(form.newPassword)
        yield* accounts.revokeSessionsOf(userId, at, sessionToken ? tokenHash(sessionToken) : undefined)
        yield* accounts.voidTokens(userId, TokenPurpose.passwordReset, at)
        break
      }
      case 2:
        user.phone = (yield* validate(profileChangeForms[2], input)).phone
        break
      case 3:
        user.description = (yield* validate(profileChangeForms[3], input)).description ?? null
        break
      case 4:
        user.languages = [...new Set((yield* validate(profileChangeForms[4], input)).languages)]
        break
      case 5: {
        const { currencyId } = yield* validate(profileChangeForms[5], input)
        // The currencies are the kernel's reference data.
        if (!(yield* lookups.currencies(false)).some((c) => c.id === currencyId)) {
          return yield* new InvalidInput({
            errors: { currencyId: { rule: 'required', message: 'The currencyId is required' } },
          })
        }
        user.currencyId = currencyId
        break
      }
      case 6: {
        const form = yield* validate(profileChangeForms[6], input)
        user.idProvider = form.idProvider
        user.idNumber = form.idNumber
        break
      }
      case 7: {
        if (emailLocked(user)) return yield* fail(ErrorCode.emailChangeNotAllowed, 'email')
        const form = yield* validate(profileChangeForms[7], input)
        yield* checkPassword(form.currentPassword)
        const email = normaliseEmail(form.email)
        if (email === user.email) break
        if (yield* accounts.findUserByEmail(email)) return yield* fail(ErrorCode.emailExists, 'email')
        // Every request mails a stranger's address: five per 15 minutes, right password or not.
        yield* reserve('email-change', String(userId), AccountLimits.emailChangesPerWindow)
        // Nothing changes until the new address proves it reaches its owner (confirmEmail).
        yield* inTransaction(
          Effect.gen(function* () {
            // Locked, so two requests at once cannot both leave a live link.
            yield* accounts.findUserForUpdate(userId)
            yield* accounts.voidTokens(userId, TokenPurpose.emailChange, at)
            const token = newToken()
            yield* accounts.createToken({
              hash: tokenHash(token),
              purpose: TokenPurpose.emailChange,
              userId,
              email,
              now: at,
              validMs: AccountLimits.emailChangeValidMs,
            })
            yield* mail(
              user,
              {
                kind: 'emailConfirm',
                // The new address is not proven yet: no user-typed text goes to it.
                firstName: '',
                newEmail: email,
                link: link(`/confirm-email/${token}`),
                validHours: AccountLimits.emailChangeValidMs / hour,
              },
              email,
            )
          }),
        )
        break
      }
      default: {
        if (!organiser) return yield* fail(ErrorCode.userNotFound)
        yield* changeOrganiser(organiser, user, kind, input)
      }
    }
    user.updatedAt = at
    yield* accounts.flush()
    return yield* profileData(userId)
  })

  const changeOrganiser = Effect.fn('AccountService.changeOrganiser')(function* (
    organiser: Organiser,
    user: User,
    kind: ProfileChangeKind,
    input: unknown,
  ) {
    switch (kind) {
      case 8: {
        const { companyName } = yield* validate(profileChangeForms[8], input)
        if (organiser.type === OrganiserKind.company) organiser.name = companyName
        user.companyName = companyName
        break
      }
      case 9:
        organiser.companyCode = (yield* validate(profileChangeForms[9], input)).companyCode
        break
      case 10:
        organiser.countryCode = (yield* validate(profileChangeForms[10], input)).countryCode
        break
      case 11:
        organiser.vatNumber = (yield* validate(profileChangeForms[11], input)).vatNumber
        break
      case 12:
        organiser.websiteUrl = (yield* validate(profileChangeForms[12], input)).websiteUrl
        break
      case 13:
        organiser.firstName = (yield* validate(profileChangeForms[13], input)).firstName
        break
      case 14:
        organiser.lastName = (yield* validate(profileChangeForms[14], input)).lastName
        break
      default:
        return
    }
    if (organiser.type === OrganiserKind.individual && (kind === 13 || kind === 14)) {
      organiser.name = [organiser.firstName, organiser.lastName].filter(Boolean).join(' ').slice(0, 200)
    }
  })

  const changeAvatar = Effect.fn('AccountService.changeAvatar')(function* (
    userId: UserId,
    bytes: Uint8Array | null,
  ) {
    const user = yield* accounts.findUserById(userId)
    if (!user) return yield* fail(ErrorCode.userNotFound)
    const previous = [user.avatarUrl, user.avatarThumbUrl].filter((url): url is string => Boolean(url))
    if (bytes) {
      const stored = yield* images.storeAvatar(userId, bytes).pipe(
        Effect.mapError(
          (rejected) =>
            new InvalidInput({
              errors: {
                avatar:
                  rejected.reason === 'tooLarge'
                    ? { rule: 'fileTooLarge', message: 'The avatar is too large' }
                    : {
                        rule: 'notAnImage',
                        message: 'The avatar must be a JPEG, PNG, WebP, GIF or AVIF image',
                      },
              },
            }),
        ),
      )
      user.avatarUrl = stored.url
      user.avatarThumbUrl = stored.thumbUrl
    } else {
      user.avatarUrl = null
      user.avatarThumbUrl = null
    }
    user.updatedAt = yield* now
    yield* accounts.flush()
    // The old files go only once the row points elsewhere.
    yield* images.removeAvatar(previous)
    return yield* profileData(userId)
  })

  const publicProfile = Effect.fn('AccountService.publicProfile')(function* (userId: UserId) {
    const user = yield* accounts.findUserById(userId)
    if (!user || user.bannedAt || !user.activatedAt) return yield* fail(ErrorCode.userNotFound)
    const organiser = yield* accounts.findOrganiserOfUser(userId)
    return new PublicProfile({
      id: UserId.make(user.id),
      avatar: user.avatarUrl ?? null,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      description: user.description ?? null,
      languages: [...user.languages],
      memberSince: isoDay(user.createdAt),
      organizerId: organiser?.status === OrganiserStatus.accepted ? OrganiserId.make(organiser.id) : null,
    })
  })

  const publicOrganiserProfile = Effect.fn('AccountService.publicOrganiserProfile')(function* (
    organiserId: OrganiserId,
  ) {
    const organiser = yield* accounts.findOrganiser(organiserId)
    if (!organiser || organiser.status !== OrganiserStatus.accepted)
      return yield* fail(ErrorCode.userNotFound)
    const user = yield* accounts.findUserById(organiser.userId)
    if (!user || user.bannedAt) return yield* fail(ErrorCode.userNotFound)
    return new PublicOrganiserProfile({
      organizerId: OrganiserId.make(organiser.id),
      type: organiser.type,
      name: organiser.name,
      countryCode: organiser.countryCode ?? null,
      websiteUrl: organiser.websiteUrl ?? null,
      email: organiser.email ?? null,
      phone: organiser.phone ?? null,
      description: user.description ?? null,
      memberSince: isoDay(organiser.createdAt),
    })
  })

  const viewEmailChange = Effect.fn('AccountService.viewEmailChange')(function* (token: string) {
    const row = yield* accounts.findToken(tokenHash(token), TokenPurpose.emailChange)
    if (!row?.email || !usableToken(row, yield* now)) return yield* fail(ErrorCode.resetTokenExpired)
    return { newEmail: row.email }
  })

  const confirmEmail = Effect.fn('AccountService.confirmEmail')(function* (token: string) {
    return yield* inTransaction(
      Effect.gen(function* () {
        const at = yield* now
        const row = yield* accounts.findTokenForUpdate(tokenHash(token), TokenPurpose.emailChange)
        if (!row?.email || !usableToken(row, at)) return yield* fail(ErrorCode.resetTokenExpired)
        const user = yield* accounts.findUserForUpdate(row.userId)
        if (!user) return yield* fail(ErrorCode.userNotFound)
        // The account may have become the configured super user since the link was sent.
        if (emailLocked(user)) return yield* fail(ErrorCode.emailChangeNotAllowed, 'email')
        const holder = yield* accounts.findUserByEmail(row.email)
        if (holder && holder.id !== user.id) return yield* fail(ErrorCode.emailExists, 'email')
        const previous = user.email
        user.email = row.email
        user.updatedAt = at
        row.usedAt = at
        yield* accounts
          .flushUnique()
          .pipe(Effect.catchTag('Duplicate', () => fail(ErrorCode.emailExists, 'email')))
        // Links mailed to the old address must not outlive the change.
        for (const purpose of [
          TokenPurpose.passwordReset,
          TokenPurpose.activation,
          TokenPurpose.emailChange,
        ]) {
          yield* accounts.voidTokens(user.id, purpose, at)
        }
        yield* mail(
          user,
          { kind: 'emailChanged', firstName: user.firstName ?? '', newEmail: user.email },
          previous,
        )
        return { userId: UserId.make(user.id), email: user.email }
      }),
    )
  })

  return {
    profileData,
    changeProfile,
    changeAvatar,
    viewEmailChange,
    confirmEmail,
    publicProfile,
    publicOrganiserProfile,
  }
}
