import { configDefaults, defineConfig } from 'vitest/config';

/** Tests of the S3 storage itself (they start their own S3 server): only in the api-s3 project. */
const S3_ONLY = ['apps/api/test/media-s3-*.test.ts', 'apps/api/test/media-copy-to-s3.test.ts'];

// One run: unit tests of the domain and of the web app's pure helpers, and the same API suite on each SQL dialect.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/app/**/*.test.ts'] } },
      {
        test: {
          name: 'api-sqlite',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...S3_ONLY],
          env: { TEST_DIALECT: 'sqlite' },
          // Above the inbox's 10 s wait, so a missing e-mail fails with its own message.
          testTimeout: 15_000,
        },
      },
      {
        // The media suite again with the media in an S3 bucket (a loopback S3 server per file), on SQLite alone:
        // the storage does not depend on the dialect.
        test: {
          name: 'api-s3',
          include: [
            'apps/api/test/media.test.ts',
            'apps/api/test/media-serving.test.ts',
            'apps/api/test/media-public-url.test.ts',
            ...S3_ONLY,
            'apps/api/test/uploads.test.ts',
            'apps/api/test/housekeeping.test.ts',
            'apps/api/test/my-data.test.ts',
            'apps/api/test/health.test.ts',
            'apps/api/test/demo.test.ts',
            'apps/api/test/publications-images.test.ts',
            'apps/api/test/operations.test.ts',
          ],
          env: { TEST_DIALECT: 'sqlite', TEST_MEDIA_STORAGE: 's3' },
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...S3_ONLY],
          env: { TEST_DIALECT: 'postgres' },
          testTimeout: 15_000,
        },
      },
    ],
  },
});
