import {
  decodeForm,
  type ErrorCodeValue,
  type FormSchema,
  MailMessage,
  OrganiserId,
  type Outbox,
  resolveInterfaceLocale,
  UserId,
} from '@kibitz/kernel'
import { Clock, Effect } from 'effect'
import { AccountFailure, CurrentUser, InvalidInput, OwnOrganiser } from '../Account.ts'
import { OrganiserStatus, UserRole } from '../Organiser.ts'
import type { Organiser, User } from './AccountRepo.ts'
import { type AccountMail, renderAccountMail } from './mail/AccountMail.ts'

// What every part of the accounts service shares: typed failures, the clock, form decoding, the signed-in user's
// shape and the account e-mails.

export type Failure = AccountFailure
export const fail = (code: ErrorCodeValue, field?: string): Effect.Effect<never, Failure> =>
  Effect.fail(new AccountFailure(field === undefined ? { code } : { code, field }))

export const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** Decodes form input with the shared schema, or fails naming every invalid field. */
export const validate = <S extends FormSchema>(
  schema: S,
  input: unknown,
): Effect.Effect<S['Type'], InvalidInput> => {
  const result = decodeForm(schema, input)
  return result.ok ? Effect.succeed(result.value) : Effect.fail(new InvalidInput({ errors: result.errors }))
}

export const displayName = (user: User) =>
  [user.firstName, user.lastName].filter((part) => part && part.length > 0).join(' ') || user.email

const ownOrganiser = (o: Organiser) =>
  new OwnOrganiser({
    organizerId: OrganiserId.make(o.id),
    status: o.status,
    type: o.type,
    name: o.name,
    firstName: o.firstName ?? null,
    lastName: o.lastName ?? null,
    companyCode: o.companyCode ?? null,
    vatNumber: o.vatNumber ?? null,
    countryCode: o.countryCode ?? null,
    websiteUrl: o.websiteUrl ?? null,
    phone: o.phone ?? null,
  })

export const currentUser = (user: User, organiser: Organiser | null) =>
  new CurrentUser({
    id: UserId.make(user.id),
    role: user.role,
    isSuper: user.role === UserRole.admin,
    isCompany: user.isCompany,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    userName: displayName(user),
    language: user.language,
    avatar: user.avatarUrl ?? null,
    avatarThumb: user.avatarThumbUrl ?? null,
    organizer: organiser ? ownOrganiser(organiser) : null,
    hasOrganizer: organiser !== null && organiser.status !== OrganiserStatus.declined,
    isOrganizer: organiser?.status === OrganiserStatus.accepted,
    organizerStatus: organiser?.status ?? null,
  })

export const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** Whether an e-mailed link's row can still be used at `at`: not used and not expired. */
export const usableToken = (row: { expiresAt: Date; usedAt?: Date | null } | null, at: Date) =>
  row !== null && !row.usedAt && row.expiresAt.getTime() > at.getTime()

/** Links into the site and account e-mails, rendered in the recipient's language and stored in the outbox. */
export const accountMailer = (publicUrl: string, outbox: Outbox['Service']) => {
  const link = (path: string) => `${publicUrl}${path}`
  const mail = (to: User, message: AccountMail, address = to.email) =>
    Effect.gen(function* () {
      const language = resolveInterfaceLocale(to.language)
      const rendered = renderAccountMail(message, language)
      yield* outbox.enqueue(
        new MailMessage({
          to: address,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          kind: `accounts.${message.kind}`,
          language,
        }),
      )
    })
  return { link, mail }
}

/** The mailer every part of the accounts service writes through. */
export type AccountMailer = ReturnType<typeof accountMailer>
