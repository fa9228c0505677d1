/** The data encryption key of every test run: the seeded template and each test app share it. */
export const TEST_DATA_ENCRYPTION_KEY = 'dGVzdC1vbmx5IGRhdGEgZW5jcnlwdGlvbiBrZXkgISE=';
