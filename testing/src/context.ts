// Typing for what the global setup hands to every test file through `inject()`.
declare module 'vitest' {
  interface ProvidedContext {
    /** URL of the PostgreSQL database of this test run, with migrations applied. */
    databaseUrl: string
  }
}

export {}
