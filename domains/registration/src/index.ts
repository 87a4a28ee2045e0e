export * from './Entry.ts'
export { RegistrationService } from './RegistrationService.ts'
