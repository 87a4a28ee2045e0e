import { defineEntity, p } from '@mikro-orm/postgresql'

/**
 * A user: spec role regular 1 / admin 2, type user 1 / company 2. A user without a password signs in only
 * through a connected social account; one not yet activated cannot sign in (1003).
 */
const UserSchema = defineEntity({
  name: 'UserEntity',
  tableName: 'app_user',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254).unique(),
    role: p.smallint().default(1),
    isCompany: p.boolean().default(false),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    companyName: p.string().length(200).nullable(),
    language: p.string().length(5).default('en'),
    passwordHash: p.text().nullable(),
    activatedAt: p.datetime().nullable(),
    bannedAt: p.datetime().nullable(),
    rulesAcceptedAt: p.datetime().nullable(),
    phone: p.string().length(40).nullable(),
    description: p.string().length(250).nullable(),
    languages: p
      .json<ReadonlyArray<string>>()
      .defaultRaw(`'[]'`)
      .onCreate(() => []),
    currencyId: p.integer().nullable(),
    countryCode: p.string().length(2).nullable(),
    idProvider: p.smallint().nullable(),
    idNumber: p.string().length(40).nullable(),
    avatarUrl: p.string().length(300).nullable(),
    avatarThumbUrl: p.string().length(300).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().nullable(),
  },
})
export class UserEntity extends UserSchema.class {}
UserSchema.setClass(UserEntity)

/** Organiser account: status pending 1, declined 2, accepted 3; kind individual 1, company 2. */
const OrganiserSchema = defineEntity({
  name: 'OrganiserEntity',
  tableName: 'organiser',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer().unique(),
    status: p.smallint(),
    type: p.smallint(),
    name: p.string().length(200),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    companyCode: p.string().length(40).nullable(),
    vatNumber: p.string().length(40).nullable(),
    websiteUrl: p.string().length(500).nullable(),
    imageUrl: p.string().length(500).nullable(),
    email: p.string().length(254).nullable(),
    phone: p.string().length(40).nullable(),
    countryCode: p.string().length(2).nullable(),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
})
export class OrganiserEntity extends OrganiserSchema.class {}
OrganiserSchema.setClass(OrganiserEntity)
