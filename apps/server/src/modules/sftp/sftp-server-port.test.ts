import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { startSftpServer } from './sftp-server';

/**
 * A second process on the same machine (issue 23): the SFTP port is taken. The start is refused
 * with a ConfigError, which main.ts prints as one line without a stack trace (and exits with 1),
 * naming SFTP_PORT and what to do.
 */

let dataDir: string;
let holder: Server;
let taken: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'reprise-sftp-port-'));
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  taken = (holder.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the SFTP server on a port already taken', () => {
  it('refuses to start with one line naming SFTP_PORT, the port and the way out', async () => {
    // nothing reaches the database before a client signs in
    const deps = { config: loadConfig({ DATA_DIR: dataDir }) } as AppDeps;
    const started = startSftpServer(deps, { port: taken, host: '127.0.0.1', log: () => {} });
    const error = await started.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`SFTP port ${taken} is already in use on 127.0.0.1`);
    expect(message).toContain('Set SFTP_PORT to a free port, or SFTP_PORT=off');
    expect(message).not.toContain('\n');
  });

  it('starts on a free port as before', async () => {
    const deps = { config: loadConfig({ DATA_DIR: dataDir }) } as AppDeps;
    const server = await startSftpServer(deps, { port: 0, host: '127.0.0.1', log: () => {} });
    expect(server.port).toBeGreaterThan(0);
    await server.close();
  });
});
