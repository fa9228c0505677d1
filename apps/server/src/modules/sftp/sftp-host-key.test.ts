import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { startSftpServer } from './sftp-server';

/**
 * Several processes on several machines (SFTP_HOST_KEY): each shows clients the key it is given,
 * not one it made in its own data directory, so a client sees one host behind the load balancer.
 */

const { Client, utils } = ssh2;
let dataDir: string;
const hostKey = utils.generateKeyPairSync('ed25519').private;

/** The host key a client is shown by the SFTP server started with `env`, as an OpenSSH public key blob. */
async function shownHostKey(env: Record<string, string>): Promise<Buffer> {
  // nothing reaches the database before a client signs in
  const deps = { config: loadConfig({ DATA_DIR: dataDir, ...env }) } as AppDeps;
  const server = await startSftpServer(deps, { port: 0, host: '127.0.0.1', log: () => {} });
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const client = new Client();
      client.on('error', () => {});
      client.connect({
        host: '127.0.0.1',
        port: server.port,
        username: 'nobody',
        password: 'wrong',
        hostVerifier: (key: Buffer) => {
          resolve(key);
          client.end();
          return false;
        },
      });
      setTimeout(() => reject(new Error('no host key shown')), 5000).unref();
    });
  } finally {
    await server.close();
  }
}

const publicBlob = (privateKey: string) => {
  const parsed = utils.parseKey(privateKey);
  if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('one key expected');
  return parsed.getPublicSSH();
};

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'reprise-sftp-key-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('SFTP_HOST_KEY', () => {
  it('shows the key it is given, in PEM with \\n escapes as an environment file holds it, and writes none', async () => {
    const shown = await shownHostKey({ SFTP_HOST_KEY: hostKey.replace(/\n/g, '\\n') });
    expect(shown.equals(publicBlob(hostKey))).toBe(true);
    expect(readdirSync(dataDir)).not.toContain('sftp_host_key');
  });

  it('reads the key from the file it names', async () => {
    const file = path.join(dataDir, 'given_key');
    writeFileSync(file, hostKey, { mode: 0o600 });
    expect((await shownHostKey({ SFTP_HOST_KEY: file })).equals(publicBlob(hostKey))).toBe(true);
  });

  it('refuses to start with what is not a private key, one line naming the variable', async () => {
    for (const value of [
      path.join(dataDir, 'no-such-file'),
      '-----BEGIN OPENSSH PRIVATE KEY-----\nnonsense\n',
    ]) {
      const deps = { config: loadConfig({ DATA_DIR: dataDir, SFTP_HOST_KEY: value }) } as AppDeps;
      const error = await startSftpServer(deps, { port: 0, host: '127.0.0.1', log: () => {} }).then(
        async (server) => {
          await server.close();
          return null;
        },
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^SFTP_HOST_KEY is /);
    }
  });

  it('without it, makes a key in the data directory and shows the same one on the next start', async () => {
    const first = await shownHostKey({});
    expect(readdirSync(dataDir)).toContain('sftp_host_key');
    expect((await shownHostKey({})).equals(first)).toBe(true);
  });
});
