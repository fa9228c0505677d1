import { isIP } from 'node:net';
import path from 'node:path';
import { WEB_DIST_DIR } from './server-files';

/** Process configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_POOL_SIZE: the most connections a process's pool opens on DATABASE_URL (default 10;
   * the change feed's listener is one more): docs/deployment.md sizes it against the server's
   * max_connections.
   */
  databasePoolSize: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  filesDir: string;
  webDistDir: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  secureCookies: boolean;
  /** The reverse proxies whose X-Forwarded-For is believed (addresses and CIDR ranges); false: none. */
  trustProxy: string[] | false;
  /** DATA_ENCRYPTION_KEY: the keys of data encrypted at rest (platform/secrets.ts); undefined: a key file in dataDir. */
  dataEncryptionKey: string | undefined;
  logLevel: string;
  /** RUN_WORKER=false: `npm start` serves without running the jobs (workers run as `npm run worker`). */
  runWorker: boolean;
  /**
   * WEBHOOK_ALLOW_PRIVATE_HOSTS: whether buyer resale webhooks may reach loopback and private
   * addresses (modules/webhooks/outbound-address.ts); by default only outside production (NODE_ENV).
   */
  webhookPrivateHosts: boolean;
  /**
   * SFTP_PORT: the built-in SFTP server's port (modules/sftp; default 2222); SFTP_PORT=off: no
   * SFTP server in this process. SFTP_HOST: the host name shown to retailers (default: PUBLIC_URL's).
   */
  sftpPort: number | null;
  sftpHost: string;
  /**
   * SANDBOX_CARRIER: whether this process serves the sandbox carrier (modules/sandbox-carrier,
   * docs/transport.md) under /api/sandbox-carrier; by default only outside production (NODE_ENV).
   */
  sandboxCarrier: boolean;
  /**
   * SANDBOX_PAYOUTS: whether this process serves the sandbox bank and wallet (modules/sandbox-payouts,
   * docs/payments.md) under /api/sandbox-payouts; by default only outside production (NODE_ENV).
   */
  sandboxPayouts: boolean;
  /**
   * SANDBOX_DEVICE_CHECK: whether this process serves the sandbox IMEI blacklist
   * (modules/sandbox-device-check, docs/device-check.md) under /api/sandbox-device-check; by
   * default only outside production (NODE_ENV).
   */
  sandboxDeviceCheck: boolean;
  /**
   * JOB_POLLING_SECONDS: how often this process's job workers look for new jobs (default 2, at
   * least 0.5, pg-boss's floor); the browser tests poll every half second to wait less for mails
   * and labels.
   */
  jobPollingSeconds: number;
  /** NODE_ENV=production: JSON logs, one line per request (main.ts); the refusals of productionRefusals. */
  production: boolean;
  /**
   * SHUTDOWN_GRACE_SECONDS: how long a process given SIGTERM may take to finish its requests and
   * jobs before it exits anyway (platform/shutdown.ts; default 25, under the 30 s a container
   * orchestrator commonly waits before SIGKILL).
   */
  shutdownGraceSeconds: number;
  /**
   * S3_BUCKET and the other S3_* variables: the files (images, PDFs, imports, exports) in an
   * S3-compatible object store (platform/storage/s3-storage.ts); undefined: on disk in filesDir.
   */
  objectStorage: ObjectStorageConfig | undefined;
  /** SFTP_HOST_KEY: the SFTP server's private host key, PEM or a file's path; undefined: a key file in dataDir. */
  sftpHostKey: string | undefined;
  /**
   * METRICS_TOKEN: /metrics on the HTTP port answers a request bearing this token
   * (platform/metrics.ts, docs/metrics.md); unset: no /metrics there.
   */
  metricsToken: string | undefined;
  /** METRICS_PORT: a listener of its own on HOST serving /metrics without a token; unset: none. */
  metricsPort: number | null;
  /**
   * SSO_PROVIDER_TIMEOUT_SECONDS: how long a request to a single sign-on provider may take
   * (discovery, token, userinfo; default 10): past it, `sso_provider_timeout` (docs/single-sign-on.md).
   */
  ssoProviderTimeoutSeconds: number;
}

/** Where and how to reach the bucket of the files. */
export interface ObjectStorageConfig {
  bucket: string;
  /** S3_REGION, us-east-1 by default (stores other than AWS mostly ignore it). */
  region: string;
  /** S3_ENDPOINT: the store's URL (MinIO, Ceph, R2…); undefined: AWS S3 itself. */
  endpoint: string | undefined;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; undefined: the AWS SDK's own chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` addresses rather than `bucket.endpoint/key`; by default when S3_ENDPOINT is set. */
  forcePathStyle: boolean;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const refusals = productionRefusals(env);
  if (refusals.length) throw new ConfigError(refusals.join('\n'));
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Reprise <no-reply@reprise.localhost>',
    mailDir: path.resolve(env.MAIL_DIR ?? path.join(dataDir, 'mail')),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? WEB_DIST_DIR),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 12),
    secureCookies: env.SECURE_COOKIES === 'true',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    runWorker: parseRunWorker(env),
    webhookPrivateHosts:
      (env.WEBHOOK_ALLOW_PRIVATE_HOSTS ?? String(env.NODE_ENV !== 'production')) === 'true',
    sftpPort: env.SFTP_PORT === 'off' ? null : int(env.SFTP_PORT, 2222),
    sftpHost: env.SFTP_HOST ?? new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).hostname,
    sandboxCarrier: parseSandboxCarrier(env),
    sandboxPayouts: parseSandboxSwitch(env, 'SANDBOX_PAYOUTS'),
    sandboxDeviceCheck: parseSandboxSwitch(env, 'SANDBOX_DEVICE_CHECK'),
    jobPollingSeconds: Math.max(0.5, int(env.JOB_POLLING_SECONDS, 2)),
    production: env.NODE_ENV === 'production',
    shutdownGraceSeconds: int(env.SHUTDOWN_GRACE_SECONDS, 25),
    objectStorage: parseObjectStorage(env),
    sftpHostKey: env.SFTP_HOST_KEY?.trim() || undefined,
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    metricsPort: parseMetricsPort(env.METRICS_PORT, port),
    ssoProviderTimeoutSeconds: int(env.SSO_PROVIDER_TIMEOUT_SECONDS, 10),
  };
}

/**
 * What a production process (NODE_ENV=production) must be given, one line for each that is
 * missing: the defaults that make `npm start` work on one machine (the embedded database, a key
 * kept beside it, localhost, cookies over plain HTTP) are refused there.
 */
function productionRefusals(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const refusals: string[] = [];
  if (!env.DATABASE_URL)
    refusals.push(
      'DATABASE_URL is required in production: the embedded database admits one process on one machine.',
    );
  if (!env.DATA_ENCRYPTION_KEY)
    refusals.push(
      'DATA_ENCRYPTION_KEY is required in production: the IBANs and secrets at rest are encrypted with it, and a key made on one machine is unknown to the others.',
    );
  if (!env.PUBLIC_URL)
    refusals.push('PUBLIC_URL is required in production: the address the mails, links and documents name.');
  if (env.SECURE_COOKIES !== 'true')
    refusals.push('SECURE_COOKIES=true is required in production: the session cookie goes over HTTPS only.');
  if (!env.S3_BUCKET?.trim())
    refusals.push(
      "S3_BUCKET is required in production (with S3_REGION, and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for a store other than AWS): files kept on one machine's disk are unseen by the other server and worker processes.",
    );
  return refusals;
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** The S3_* variables: all of them undefined without S3_BUCKET; a half-given configuration is refused. */
function parseObjectStorage(env: NodeJS.ProcessEnv): ObjectStorageConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const given = S3_VARIABLES.filter((name) => value(name));
    if (given.length === 0) return undefined;
    throw new ConfigError(
      `${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not: set S3_BUCKET to keep the files in object storage, or unset ${given.length === 1 ? 'it' : 'them'} to keep them on disk (DATA_DIR/files).`,
    );
  }
  const endpoint = value('S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    throw new ConfigError(`S3_ENDPOINT must be an http:// or https:// URL, not ${JSON.stringify(endpoint)}.`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey)
    throw new ConfigError(
      `${accessKeyId ? 'S3_ACCESS_KEY_ID is set without S3_SECRET_ACCESS_KEY' : 'S3_SECRET_ACCESS_KEY is set without S3_ACCESS_KEY_ID'}: give both, or neither to use the AWS SDK's own credentials (AWS_* variables, instance role).`,
    );
  const pathStyle = value('S3_FORCE_PATH_STYLE');
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false')
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, not ${JSON.stringify(pathStyle)}.`);
  return {
    bucket,
    region: value('S3_REGION') ?? 'us-east-1',
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true',
  };
}

/** SANDBOX_CARRIER=true or false wins; unset, the sandbox carrier runs unless NODE_ENV=production. */
function parseSandboxCarrier(env: NodeJS.ProcessEnv): boolean {
  const value = env.SANDBOX_CARRIER?.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value) throw new ConfigError(`SANDBOX_CARRIER must be true or false, not ${JSON.stringify(value)}.`);
  return env.NODE_ENV !== 'production';
}

/** A sandbox's switch: true or false wins; unset, the sandbox runs unless NODE_ENV=production. */
function parseSandboxSwitch(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name]?.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value) throw new ConfigError(`${name} must be true or false, not ${JSON.stringify(value)}.`);
  return env.NODE_ENV !== 'production';
}

/** The shortest METRICS_TOKEN accepted: a scraper's secret, not a word one could guess. */
const METRICS_TOKEN_MIN_LENGTH = 16;

function parseMetricsToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < METRICS_TOKEN_MIN_LENGTH)
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long (e.g. \`openssl rand -hex 32\`).`,
    );
  return token;
}

function parseMetricsPort(value: string | undefined, httpPort: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535)
    throw new ConfigError(`METRICS_PORT must be a port number (1 to 65535), not ${JSON.stringify(text)}.`);
  if (port === httpPort)
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (${httpPort}): it is a listener of its own, serving /metrics without a token.`,
    );
  return port;
}

/**
 * The embedded database admits one process, so its jobs can run only inside `npm start`:
 * RUN_WORKER=false there would leave every mail queued for ever.
 */
function parseRunWorker(env: NodeJS.ProcessEnv): boolean {
  if (env.RUN_WORKER !== 'false') return true;
  if (!env.DATABASE_URL) {
    throw new ConfigError(
      'RUN_WORKER=false needs DATABASE_URL: the embedded database admits one process, so its jobs run inside `npm start` only.',
    );
  }
  return false;
}

/** `npm run worker` is a process of its own, so it needs a database that several processes can open. */
export function workerDatabaseUrl(config: Config): string {
  if (!config.databaseUrl) {
    throw new ConfigError(
      'the worker needs DATABASE_URL: the embedded database (DATA_DIR) admits one process, and `npm start` runs the worker itself there.',
    );
  }
  return config.databaseUrl;
}

/** A configuration value the process cannot start with; main.ts prints its message alone. */
export class ConfigError extends Error {}

/** The ranges Fastify's proxy-addr knows by name (127.0.0.1/8 and ::1, 169.254.0.0/16…, 10.0.0.0/8…). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One IPv4 or IPv6 address, a CIDR range of them (`10.0.0.0/8`, `fd00::/8`), or a named range. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a comma-separated list of the proxies' addresses or CIDR ranges. `true` would
 * believe the X-Forwarded-For of any client (a forged address defeats throttling), so it is refused.
 */
export function parseTrustProxy(value: string | undefined): string[] | false {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true is no longer accepted: list the addresses or CIDR ranges of your reverse proxies, e.g. TRUST_PROXY=10.0.0.0/8,192.168.1.10',
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas; not understood: ${invalid.map((e) => JSON.stringify(e)).join(', ')}`,
    );
  }
  return entries;
}
