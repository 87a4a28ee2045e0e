export * from './Account.ts'
export {
  AccountLimits,
  AccountService,
  AccountsConfig,
  type RequestInfo,
  type SignedIn,
  type SocialCredential,
} from './AccountService.ts'
export * from './Organiser.ts'
export { OrganiserService } from './OrganiserService.ts'
export { rateLimitLayer } from './RateLimits.ts'
export * from './Social.ts'
export { ensureDemoLogins, ensureSuperUser } from './SuperUser.ts'
export { type AccountsPurge, purgeExpiredAccountData } from './Upkeep.ts'
