import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV as PRODUCTION } from '../../test/test-keys';
import { ConfigError, loadConfig, parseTrustProxy } from './config';

describe('TRUST_PROXY', () => {
  it('is off when unset, empty or false', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('refuses true, which would believe any client’s X-Forwarded-For, with a message naming the fix', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => parseTrustProxy('true')).toThrow(
      /list the addresses or CIDR ranges.*TRUST_PROXY=10\.0\.0\.0\/8/,
    );
  });

  it('accepts a list of addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.10,fd00::/8,::1')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
    expect(parseTrustProxy('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses anything that is not an address or a range, naming it', () => {
    for (const value of [
      'localhost',
      '10.0.0.0/33',
      '10.0.0/8',
      '1',
      '10.0.0.1,',
      'fd00::/129',
      '10.0.0.0/8/8',
    ]) {
      expect(() => parseTrustProxy(value), value).toThrow(ConfigError);
    }
    expect(() => parseTrustProxy('10.0.0.0/8,proxy.local')).toThrow(/"proxy\.local"/);
  });
});

describe('RUN_WORKER', () => {
  it('runs the jobs in the server unless RUN_WORKER=false', () => {
    expect(loadConfig({}).runWorker).toBe(true);
    expect(loadConfig({ RUN_WORKER: 'false', DATABASE_URL: 'postgres://db/reprise' }).runWorker).toBe(false);
  });

  it('refuses RUN_WORKER=false on the embedded database, where no other process could run the jobs', () => {
    expect(() => loadConfig({ RUN_WORKER: 'false' })).toThrow(/RUN_WORKER=false needs DATABASE_URL/);
  });
});

describe('SANDBOX_PAYOUTS', () => {
  it('runs the sandbox bank and wallet by default, not when NODE_ENV=production, unless told', () => {
    expect(loadConfig({}).sandboxPayouts).toBe(true);
    expect(loadConfig(PRODUCTION).sandboxPayouts).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SANDBOX_PAYOUTS: 'true' }).sandboxPayouts).toBe(true);
    expect(loadConfig({ SANDBOX_PAYOUTS: 'false' }).sandboxPayouts).toBe(false);
    expect(() => loadConfig({ SANDBOX_PAYOUTS: 'yes' })).toThrow(/SANDBOX_PAYOUTS must be true or false/);
  });
});

describe('SANDBOX_CARRIER', () => {
  it('runs the sandbox carrier by default, but not when NODE_ENV=production', () => {
    expect(loadConfig({}).sandboxCarrier).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).sandboxCarrier).toBe(true);
    expect(loadConfig(PRODUCTION).sandboxCarrier).toBe(false);
  });

  it('an explicit value wins over NODE_ENV', () => {
    expect(loadConfig({ ...PRODUCTION, SANDBOX_CARRIER: 'true' }).sandboxCarrier).toBe(true);
    expect(loadConfig({ SANDBOX_CARRIER: 'false' }).sandboxCarrier).toBe(false);
  });

  it('refuses anything but true or false, naming the variable', () => {
    expect(() => loadConfig({ SANDBOX_CARRIER: 'yes' })).toThrow(/SANDBOX_CARRIER must be true or false/);
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('opens at most 10 connections a process by default, or the number set', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(loadConfig({ DATABASE_POOL_SIZE: 'many' }).databasePoolSize).toBe(10);
  });
});

describe('JOB_POLLING_SECONDS', () => {
  it('polls every 2 s by default, as often as set, and never under pg-boss’s floor of half a second', () => {
    expect(loadConfig({}).jobPollingSeconds).toBe(2);
    expect(loadConfig({ JOB_POLLING_SECONDS: '0.5' }).jobPollingSeconds).toBe(0.5);
    expect(loadConfig({ JOB_POLLING_SECONDS: '0.1' }).jobPollingSeconds).toBe(0.5);
    expect(loadConfig({ JOB_POLLING_SECONDS: 'often' }).jobPollingSeconds).toBe(2);
  });
});

describe('SHUTDOWN_GRACE_SECONDS', () => {
  it('gives a stopping process 25 seconds by default, or the number of seconds set', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(25);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '50' }).shutdownGraceSeconds).toBe(50);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: 'soon' }).shutdownGraceSeconds).toBe(25);
  });
});

describe('S3_BUCKET and the other S3_* variables', () => {
  const PEER = {
    S3_BUCKET: 'reprise-files',
    S3_ENDPOINT: 'http://minio.internal:9000',
    S3_ACCESS_KEY_ID: 'reprise',
    S3_SECRET_ACCESS_KEY: 'a secret',
  };

  it('keeps the files on disk without S3_BUCKET', () => {
    expect(loadConfig({}).objectStorage).toBeUndefined();
  });

  it('reads the bucket, the store and its keys; path-style addresses by default with an endpoint', () => {
    expect(loadConfig(PEER).objectStorage).toEqual({
      bucket: 'reprise-files',
      region: 'us-east-1',
      endpoint: 'http://minio.internal:9000',
      credentials: { accessKeyId: 'reprise', secretAccessKey: 'a secret' },
      forcePathStyle: true,
    });
    expect(
      loadConfig({ ...PEER, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'eu-west-3' }).objectStorage,
    ).toMatchObject({
      region: 'eu-west-3',
      forcePathStyle: false,
    });
  });

  it('on AWS itself, leaves the credentials to the SDK and uses virtual-hosted addresses', () => {
    expect(loadConfig({ S3_BUCKET: 'reprise-files', S3_REGION: 'eu-west-3' }).objectStorage).toEqual({
      bucket: 'reprise-files',
      region: 'eu-west-3',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses a half-given configuration, one clear line naming the variables', () => {
    expect(() => loadConfig({ S3_ENDPOINT: PEER.S3_ENDPOINT, S3_ACCESS_KEY_ID: 'reprise' })).toThrow(
      /^S3_ENDPOINT, S3_ACCESS_KEY_ID are set but S3_BUCKET is not/,
    );
    expect(() => loadConfig({ ...PEER, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /^S3_ACCESS_KEY_ID is set without S3_SECRET_ACCESS_KEY: give both/,
    );
    expect(() => loadConfig({ ...PEER, S3_ACCESS_KEY_ID: '' })).toThrow(
      /^S3_SECRET_ACCESS_KEY is set without S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ ...PEER, S3_ENDPOINT: 'minio.internal:9000' })).toThrow(
      /^S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ ...PEER, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /^S3_FORCE_PATH_STYLE must be true or false/,
    );
    for (const load of [
      () => loadConfig({ S3_ENDPOINT: PEER.S3_ENDPOINT }),
      () => loadConfig({ ...PEER, S3_SECRET_ACCESS_KEY: '' }),
    ])
      expect(load).toThrow(ConfigError);
  });
});

describe('METRICS_TOKEN and METRICS_PORT', () => {
  const TOKEN = 'a-scraper-secret-0123456789';

  it('serves no metrics when neither is set', () => {
    const config = loadConfig({});
    expect(config.metricsToken).toBeUndefined();
    expect(config.metricsPort).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: ' ', METRICS_PORT: '' })).toMatchObject({
      metricsToken: undefined,
      metricsPort: null,
    });
  });

  it('takes a token and a port, together or alone', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN })).toMatchObject({ metricsToken: TOKEN, metricsPort: null });
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({
      metricsToken: undefined,
      metricsPort: 9464,
    });
    expect(loadConfig({ METRICS_TOKEN: ` ${TOKEN} `, METRICS_PORT: '9464' })).toMatchObject({
      metricsToken: TOKEN,
      metricsPort: 9464,
    });
  });

  it('refuses a token short enough to guess', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
  });

  it('refuses a port that is not one, and the HTTP port itself', () => {
    for (const value of ['metrics', '0', '65536', '94.64', '-1'])
      expect(() => loadConfig({ METRICS_PORT: value }), value).toThrow(/METRICS_PORT must be a port number/);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(ConfigError);
  });
});

describe('NODE_ENV=production', () => {
  it('starts with a database server, a key, a public address and secure cookies', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.databaseUrl).toBe(PRODUCTION.DATABASE_URL);
    expect(config.secureCookies).toBe(true);
  });

  it('refuses each default of the one-machine demo, one line each', () => {
    const refused = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message.split('\n');
      }
    };
    expect(refused({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^DATABASE_URL is required in production/),
      expect.stringMatching(/^DATA_ENCRYPTION_KEY is required in production/),
      expect.stringMatching(/^PUBLIC_URL is required in production/),
      expect.stringMatching(/^SECURE_COOKIES=true is required in production/),
      expect.stringMatching(/^S3_BUCKET is required in production/),
    ]);
    for (const name of ['DATABASE_URL', 'DATA_ENCRYPTION_KEY', 'PUBLIC_URL', 'S3_BUCKET'] as const)
      expect(refused({ ...PRODUCTION, [name]: '' }), name).toEqual([
        expect.stringMatching(new RegExp(`^${name} is required in production`)),
      ]);
    expect(refused({ ...PRODUCTION, SECURE_COOKIES: 'false' })).toEqual([
      expect.stringMatching(/^SECURE_COOKIES=true is required/),
    ]);
    // outside production the demo's defaults stand
    expect(refused({})).toEqual([]);
  });
});
