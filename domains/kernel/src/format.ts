// The browser-safe part of the kernel: pure formatting and constants, no Effect services or ORM.
export * from './Constants.ts'
export * from './Dates.ts'
export * from './Languages.ts'
export * from './Money.ts'
export * from './Slug.ts'
export * from './Text.ts'
export * from './TimeState.ts'
