export * from './Organiser.ts'
export { OrganiserService } from './OrganiserService.ts'
