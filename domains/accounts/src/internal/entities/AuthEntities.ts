import { defineEntity, p } from '@mikro-orm/postgresql'

/**
 * A signed-in browser or API client. Only the SHA-256 of the random token is stored, so a database leak
 * does not hand out sessions; `expiresAt` slides with use up to `absoluteExpiresAt`.
 */
const SessionSchema = defineEntity({
  name: 'SessionEntity',
  tableName: 'user_session',
  properties: {
    id: p.integer().primary().autoincrement(),
    tokenHash: p.string().length(64).unique(),
    userId: p.integer().index(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime(),
    absoluteExpiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(300).nullable(),
  },
})
export class SessionEntity extends SessionSchema.class {}
SessionSchema.setClass(SessionEntity)

/**
 * Single-use e-mailed links: activation 1, password reset 2, organiser decision 3, e-mail change 4 (with the
 * new address it confirms). Stored as hashes.
 */
const AuthTokenSchema = defineEntity({
  name: 'AuthTokenEntity',
  tableName: 'auth_token',
  properties: {
    id: p.integer().primary().autoincrement(),
    tokenHash: p.string().length(64).unique(),
    purpose: p.smallint(),
    userId: p.integer().index(),
    organiserId: p.integer().nullable(),
    email: p.string().length(254).nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
})
export class AuthTokenEntity extends AuthTokenSchema.class {}
AuthTokenSchema.setClass(AuthTokenEntity)

/** A social account (Facebook 1, Google 2, VK 3) connected to a user; one per provider and user. */
const SocialIdentitySchema = defineEntity({
  name: 'SocialIdentityEntity',
  tableName: 'social_identity',
  uniques: [{ properties: ['provider', 'subject'] }, { properties: ['userId', 'provider'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer(),
    provider: p.smallint(),
    subject: p.string().length(255),
    email: p.string().length(254).nullable(),
    createdAt: p.datetime(),
  },
})
export class SocialIdentityEntity extends SocialIdentitySchema.class {}
SocialIdentitySchema.setClass(SocialIdentityEntity)

/** One counted attempt (a failed login, a sign-up, a reset request) for throttling by IP and by account. */
const AuthAttemptSchema = defineEntity({
  name: 'AuthAttemptEntity',
  tableName: 'auth_attempt',
  indexes: [{ properties: ['scope', 'key', 'at'] }],
  properties: {
    id: p.bigint().primary().autoincrement(),
    scope: p.string().length(20),
    key: p.string().length(300),
    at: p.datetime(),
  },
})
export class AuthAttemptEntity extends AuthAttemptSchema.class {}
AuthAttemptSchema.setClass(AuthAttemptEntity)

/**
 * A browser that signed in to an account: only the SHA-256 of its device cookie's random token is stored. One
 * browser may be known to several accounts (one row each); a login from it is never locked by strangers.
 */
const KnownDeviceSchema = defineEntity({
  name: 'KnownDeviceEntity',
  tableName: 'known_device',
  uniques: [{ properties: ['tokenHash', 'userId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    tokenHash: p.string().length(64),
    userId: p.integer().index(),
    createdAt: p.datetime(),
    lastUsedAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
})
export class KnownDeviceEntity extends KnownDeviceSchema.class {}
KnownDeviceSchema.setClass(KnownDeviceEntity)

/** A forgot-password request waiting for the worker, which mails the link if the address has an account. */
const PasswordResetRequestSchema = defineEntity({
  name: 'PasswordResetRequestEntity',
  tableName: 'password_reset_request',
  properties: {
    id: p.bigint().primary().autoincrement(),
    email: p.string().length(254),
    requestedAt: p.datetime().index(),
  },
})
export class PasswordResetRequestEntity extends PasswordResetRequestSchema.class {}
PasswordResetRequestSchema.setClass(PasswordResetRequestEntity)
