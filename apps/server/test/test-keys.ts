/** The data encryption key of every test run: the seeded template and each test app share it. */
export const TEST_DATA_ENCRYPTION_KEY = 'dGVzdC1vbmx5IGRhdGEgZW5jcnlwdGlvbiBrZXkgISE=';

/** The least a production process is given (platform/config.ts refuses to start with less). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://reprise@db.internal:5432/reprise',
  DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
  PUBLIC_URL: 'https://reprise.example',
  SECURE_COOKIES: 'true',
  S3_BUCKET: 'reprise-files',
} as const;
