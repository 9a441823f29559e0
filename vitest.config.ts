import { defineConfig } from 'vitest/config';

// One run, three suites: the domain's unit tests, and the same API suite against each SQL dialect.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      {
        test: {
          name: 'api-sqlite',
          include: ['apps/api/test/**/*.test.ts'],
          env: { TEST_DIALECT: 'sqlite' },
          // Above the inbox's 10 s wait, so a missing e-mail fails with its own message.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/api/test/**/*.test.ts'],
          env: { TEST_DIALECT: 'postgres' },
          testTimeout: 15_000,
        },
      },
    ],
  },
});
