import { defineConfig } from 'vitest/config'

// One vitest run for every package: domain, infra, jobs and API tests share one real PostgreSQL
// acquired by the global setup (DATABASE_URL, testcontainers, or embedded PostgreSQL).
export default defineConfig({
  test: {
    include: [
      'domains/*/test/**/*.test.ts',
      'infra/test/**/*.test.ts',
      'jobs/test/**/*.test.ts',
      'app/test/**/*.test.ts',
      'testing/test/**/*.test.ts',
      'scripts/test/**/*.test.ts',
    ],
    globalSetup: ['./testing/src/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
