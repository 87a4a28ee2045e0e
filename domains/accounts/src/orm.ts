import {
  AuthAttemptEntity,
  AuthTokenEntity,
  KnownDeviceEntity,
  PasswordResetRequestEntity,
  SessionEntity,
  SocialIdentityEntity,
} from './internal/entities/AuthEntities.ts'
import { OrganiserEntity, UserEntity } from './internal/entities/UserEntity.ts'

/** Entity classes for the ORM set-up in infra/ only; no other package may use them. */
export const entities = [
  UserEntity,
  OrganiserEntity,
  SessionEntity,
  AuthTokenEntity,
  SocialIdentityEntity,
  AuthAttemptEntity,
  KnownDeviceEntity,
  PasswordResetRequestEntity,
]
