import { ErrorCode, inTransaction, OrganiserId, type UserId } from '@kibitz/kernel'
import { Effect } from 'effect'
import {
  CompanyApplication,
  IndividualApplication,
  type OrganiserApplication,
  OrganiserApplicationView,
} from './Account.ts'
import { AccountLimits } from './AccountLimits.ts'
import { type AccountMailer, currentUser, displayName, fail, now, validate } from './internal/AccountKit.ts'
import { type AccountRepo, type Organiser, TokenPurpose, type User } from './internal/AccountRepo.ts'
import { newToken, tokenHash } from './internal/Secrets.ts'
import { OrganiserKind, OrganiserStatus } from './Organiser.ts'

// Organiser applications (spec section 4): a user applies, the super users are e-mailed a decision link, and
// whoever follows it accepts or declines. The AccountService methods of the same names.

/** The organiser-application methods of AccountService, writing their e-mails through `mailer`. */
export const organiserApplications = ({
  accounts,
  mailer: { link, mail },
}: {
  readonly accounts: AccountRepo['Service']
  readonly mailer: AccountMailer
}) => {
  const applyAsOrganiser = Effect.fn('AccountService.applyAsOrganiser')(function* (
    userId: UserId,
    kind: OrganiserApplication['kind'],
    input: unknown,
  ) {
    const fields =
      kind === 'company'
        ? yield* Effect.map(validate(CompanyApplication, input), (d) => ({
            type: OrganiserKind.company,
            name: d.companyName,
            firstName: null,
            lastName: null,
            companyCode: d.companyCode,
            vatNumber: d.vatNumber ?? null,
            countryCode: d.countryCode,
            phone: d.phone,
            websiteUrl: d.websiteUrl ?? null,
          }))
        : yield* Effect.map(validate(IndividualApplication, input), (d) => ({
            type: OrganiserKind.individual,
            name: `${d.firstName} ${d.lastName}`.slice(0, 200),
            firstName: d.firstName,
            lastName: d.lastName,
            companyCode: null,
            vatNumber: null,
            countryCode: d.countryCode,
            phone: d.phone,
            websiteUrl: d.websiteUrl ?? null,
          }))
    return yield* inTransaction(
      Effect.gen(function* () {
        // The user row stays locked: two applications sent at once run one after the other.
        const user = yield* accounts.findUserForUpdate(userId)
        if (!user) return yield* fail(ErrorCode.userNotFound)
        let organiser = yield* accounts.findOrganiserOfUser(userId)
        // A pending or accepted application stands as it is; a declined one may apply again.
        if (organiser && organiser.status !== OrganiserStatus.declined) return currentUser(user, organiser)
        if (organiser) {
          Object.assign(organiser, fields, { status: OrganiserStatus.pending, decidedAt: null })
          yield* accounts.flush()
        } else {
          // The lock above rules out a second row; a clash would mean a writer outside this service.
          organiser = yield* accounts
            .createOrganiser({ ...fields, userId, email: user.email })
            .pipe(Effect.catchTag('Duplicate', () => fail(ErrorCode.unknown)))
        }
        user.isCompany = fields.type === OrganiserKind.company
        if (fields.type === OrganiserKind.company) user.companyName = fields.name
        yield* accounts.flush()
        const token = newToken()
        const at = yield* now
        yield* accounts.createToken({
          hash: tokenHash(token),
          purpose: TokenPurpose.organiserDecision,
          userId,
          organiserId: organiser.id,
          now: at,
          validMs: AccountLimits.decisionValidMs,
        })
        for (const admin of yield* accounts.superUsers()) {
          yield* mail(admin, {
            kind: 'organiserApplication',
            applicantName: displayName(user),
            applicantEmail: user.email,
            organiserKind: fields.type === OrganiserKind.company ? 'company' : 'individual',
            organiserName: fields.name,
            country: fields.countryCode,
            phone: fields.phone,
            website: fields.websiteUrl,
            acceptLink: link(`/register-organizer/status/${OrganiserStatus.accepted}/${token}`),
            declineLink: link(`/register-organizer/status/${OrganiserStatus.declined}/${token}`),
          })
        }
        return currentUser(user, organiser)
      }),
    )
  })

  const applicationView = (organiser: Organiser, user: User) =>
    new OrganiserApplicationView({
      organizerId: OrganiserId.make(organiser.id),
      type: organiser.type,
      name: organiser.name,
      applicantEmail: user.email,
      countryCode: organiser.countryCode ?? null,
      phone: organiser.phone ?? null,
      websiteUrl: organiser.websiteUrl ?? null,
      status: organiser.status,
    })

  const decisionTarget = Effect.fn('AccountService.decisionTarget')(function* (token: string, lock: boolean) {
    const hash = tokenHash(token)
    const row = lock
      ? yield* accounts.findTokenForUpdate(hash, TokenPurpose.organiserDecision)
      : yield* accounts.findToken(hash, TokenPurpose.organiserDecision)
    const at = yield* now
    if (!row?.organiserId || row.expiresAt.getTime() <= at.getTime()) {
      return yield* fail(ErrorCode.resetTokenExpired)
    }
    const organiser = yield* accounts.findOrganiser(row.organiserId)
    const user = yield* accounts.findUserById(row.userId)
    if (!organiser || !user) return yield* fail(ErrorCode.userNotFound)
    return { row, organiser, user, at }
  })

  const viewOrganiserDecision = Effect.fn('AccountService.viewOrganiserDecision')(function* (token: string) {
    const { organiser, user } = yield* decisionTarget(token, false)
    return applicationView(organiser, user)
  })

  const decideOrganiser = Effect.fn('AccountService.decideOrganiser')(function* (
    token: string,
    status: number,
  ) {
    if (status !== OrganiserStatus.accepted && status !== OrganiserStatus.declined) {
      return yield* fail(ErrorCode.unknown, 'status')
    }
    return yield* inTransaction(
      Effect.gen(function* () {
        const { row, organiser, user, at } = yield* decisionTarget(token, true)
        // The first decision stands; the same link followed again (or by another admin) only reports it.
        if (row.usedAt || organiser.status !== OrganiserStatus.pending)
          return applicationView(organiser, user)
        row.usedAt = at
        organiser.status = status
        organiser.decidedAt = at
        yield* accounts.flush()
        yield* mail(
          user,
          status === OrganiserStatus.accepted
            ? {
                kind: 'organiserAccepted',
                firstName: user.firstName ?? '',
                link: link('/profile-settings-organizer'),
              }
            : { kind: 'organiserDeclined', firstName: user.firstName ?? '' },
        )
        return applicationView(organiser, user)
      }),
    )
  })

  return { applyAsOrganiser, viewOrganiserDecision, decideOrganiser }
}
