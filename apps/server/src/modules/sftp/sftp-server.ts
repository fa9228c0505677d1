import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { IMPORT_MAX_BYTES, SFTP_IMPORT_FILE_NAME } from '@reprise/shared';
import ssh2, { type Attributes, type Connection, type SFTPWrapper } from 'ssh2';

// ssh2 is CommonJS: Node's ESM loader (npm start) sees only its default export
const { Server, utils: ssh2Utils } = ssh2;

import { ConfigError } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { processLog } from '../../platform/process-log';
import { type BaseContext, systemContext } from '../../platform/request-context';
import { FileTooLargeError, type StoredFile } from '../../platform/storage';
import { importSftpUpload, lastSftpFile, type SftpLogin, signInSftp } from './sftp-uploads.service';

/**
 * The built-in SFTP server (docs/imports.md): each active login of
 * sftp_accesses signs in with its password and sees a virtual directory of its own, where the
 * only thing it may do is write products-import.csv. The file is streamed to the storage as it
 * arrives; when the client closes it, its import starts (sftp-uploads.service.ts). Everything
 * else (reading, removing, renaming, directories) is refused with an SFTP status, never a crash.
 */

const { OPEN_MODE, STATUS_CODE } = ssh2Utils.sftp;
const FILE_PATH = `/${SFTP_IMPORT_FILE_NAME}`;
/** Bytes a client may send ahead of a gap (parallel writes arrive out of order): beyond, the upload fails. */
const MAX_PENDING_BYTES = 32 * 1024 * 1024;

export interface SftpServerHandle {
  /** The port it listens on (the one asked, or the one given for port 0). */
  port: number;
  /** Stops listening and ends every open connection. */
  close(): Promise<void>;
}

/**
 * The server's host key. SFTP_HOST_KEY gives it (the private key in PEM or OpenSSH form, `\n`
 * escapes allowed, or the path of its file), so that every process on every machine shows clients
 * the same host. Without it, an ed25519 key is made on first start and kept in the data directory
 * (`sftp_host_key`, mode 0600): the same across restarts of one machine. When two processes start
 * at once, the one that wrote second reads the first one's key.
 */
async function loadHostKey(config: AppDeps['config']): Promise<string> {
  if (config.sftpHostKey) return givenHostKey(config.sftpHostKey);
  const { dataDir } = config;
  const file = path.join(dataDir, 'sftp_host_key');
  try {
    return readFileSync(file, 'utf8');
  } catch {
    await mkdir(dataDir, { recursive: true });
    const { private: key } = ssh2Utils.generateKeyPairSync('ed25519');
    try {
      writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return readFileSync(file, 'utf8');
    }
  }
}

function givenHostKey(value: string): string {
  let key = value.replace(/\\n/g, '\n');
  if (!key.startsWith('-----BEGIN')) {
    try {
      key = readFileSync(value, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `SFTP_HOST_KEY is neither a private key (-----BEGIN …) nor a readable file: ${(error as Error).message}`,
      );
    }
  }
  const parsed = ssh2Utils.parseKey(key);
  if (
    parsed instanceof Error ||
    (Array.isArray(parsed) ? !parsed[0]?.isPrivateKey() : !parsed.isPrivateKey())
  )
    throw new ConfigError(
      `SFTP_HOST_KEY is not an unencrypted private key the SFTP server can use${parsed instanceof Error ? `: ${parsed.message}` : ''}.`,
    );
  return key;
}

/** A path as the client names it, made absolute in the login's virtual root. */
const virtualPath = (name: string) => path.posix.normalize(`/${name}`).replace(/\/+$/, '') || '/';

const DIRECTORY_ATTRS: Attributes = { mode: 0o40755, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 };
const fileAttrs = (size: number, at: Date): Attributes => {
  const seconds = Math.floor(at.getTime() / 1000);
  return { mode: 0o100644, uid: 0, gid: 0, size, atime: seconds, mtime: seconds };
};

/**
 * A products-import.csv being written: the client's writes, which parallel transfers send out of
 * order, are put back in order and streamed to the storage as they come.
 */
class Upload {
  private readonly stream = new PassThrough({ highWaterMark: 1024 * 1024 });
  private readonly pending = new Map<number, Buffer>();
  private pendingBytes = 0;
  private next = 0;
  failure: Error | null = null;
  readonly stored: Promise<StoredFile | null>;

  constructor(ctx: BaseContext) {
    this.stored = ctx.deps.storage
      .putStream('imports', 'csv', this.stream, IMPORT_MAX_BYTES)
      .catch((error) => {
        this.failure ??= error as Error;
        return null;
      });
  }

  get written(): number {
    return this.next;
  }

  /** Takes a write; resolves once the storage can take more (the client waits for its status). */
  async write(offset: number, data: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (offset < this.next) throw new Error('a part of the file already written cannot be written again');
    this.pending.set(offset, data);
    this.pendingBytes += data.length;
    if (this.pendingBytes > MAX_PENDING_BYTES) throw new Error('too many writes ahead of a missing part');
    let chunk = this.pending.get(this.next);
    while (chunk) {
      this.pending.delete(this.next);
      this.pendingBytes -= chunk.length;
      this.stream.write(chunk);
      this.next += chunk.length;
      chunk = this.pending.get(this.next);
    }
    if (this.stream.writableNeedDrain)
      await new Promise<void>((resolve) => {
        const done = () => {
          this.stream.off('drain', done);
          this.stream.off('close', done);
          resolve();
        };
        this.stream.on('drain', done);
        this.stream.on('close', done);
      });
    if (this.failure) throw this.failure;
  }

  /** The whole file, once stored; throws when a part is missing or the storage refused it. */
  async finish(): Promise<StoredFile> {
    if (!this.failure && this.pending.size > 0) this.failure = new Error('a part of the file is missing');
    if (this.failure) {
      this.stream.destroy(this.failure);
      await this.stored;
      throw this.failure;
    }
    this.stream.end();
    const stored = await this.stored;
    if (!stored) throw this.failure ?? new Error('the file could not be stored');
    return stored;
  }

  /** The connection went before the file was closed: nothing is kept. */
  abandon(): void {
    this.failure ??= new Error('the connection closed before the file did');
    this.stream.destroy(this.failure);
  }
}

type OpenHandle = { kind: 'upload'; upload: Upload } | { kind: 'directory'; listed: boolean };

/** Serves one signed-in login's SFTP session. */
function serveSftp(
  sftp: SFTPWrapper,
  ctx: BaseContext,
  login: SftpLogin,
  log: (message: string) => void,
  uploads: Upload[],
): void {
  const handles = new Map<string, OpenHandle>();
  let counter = 0;
  const newHandle = (state: OpenHandle) => {
    counter += 1;
    const id = Buffer.alloc(4);
    id.writeUInt32BE(counter);
    handles.set(id.toString('hex'), state);
    return id;
  };
  const handleOf = (id: Buffer) => handles.get(id.toString('hex'));
  const denied = (reqId: number, message: string) =>
    sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED, message);
  const onlyTheFile = `Only ${SFTP_IMPORT_FILE_NAME} may be written here.`;

  sftp.on('REALPATH', (reqId, name) => {
    const resolved = virtualPath(name);
    sftp.name(reqId, [{ filename: resolved, longname: resolved, attrs: DIRECTORY_ATTRS }]);
  });

  const stat = async (reqId: number, name: string) => {
    const resolved = virtualPath(name);
    if (resolved === '/') return sftp.attrs(reqId, DIRECTORY_ATTRS);
    const last = resolved === FILE_PATH ? await lastSftpFile(ctx, login.accountId) : null;
    if (!last) return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE, 'No such file.');
    sftp.attrs(reqId, fileAttrs(last.size, last.droppedAt));
  };
  const failed = (reqId: number) => (error: unknown) => {
    log(`sftp: ${login.username}: ${(error as Error).message}`);
    sftp.status(reqId, STATUS_CODE.FAILURE, 'The server could not do this.');
  };
  sftp.on('STAT', (reqId, name) => void stat(reqId, name).catch(failed(reqId)));
  sftp.on('LSTAT', (reqId, name) => void stat(reqId, name).catch(failed(reqId)));

  sftp.on('OPENDIR', (reqId, name) => {
    if (virtualPath(name) !== '/') return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE, 'No such directory.');
    sftp.handle(reqId, newHandle({ kind: 'directory', listed: false }));
  });

  sftp.on('READDIR', (reqId, id) => {
    const state = handleOf(id);
    if (state?.kind !== 'directory') return sftp.status(reqId, STATUS_CODE.FAILURE, 'Not a directory.');
    if (state.listed) return sftp.status(reqId, STATUS_CODE.EOF);
    state.listed = true;
    void lastSftpFile(ctx, login.accountId)
      .then((last) => {
        if (!last) return sftp.status(reqId, STATUS_CODE.EOF);
        const attrs = fileAttrs(last.size, last.droppedAt);
        const longname = `-rw-r--r-- 1 ${login.username} ${login.username} ${last.size} ${last.droppedAt.toISOString()} ${SFTP_IMPORT_FILE_NAME}`;
        sftp.name(reqId, [{ filename: SFTP_IMPORT_FILE_NAME, longname, attrs }]);
      })
      .catch(failed(reqId));
  });

  sftp.on('OPEN', (reqId, name, flags) => {
    if (virtualPath(name) !== FILE_PATH) return denied(reqId, onlyTheFile);
    if (flags & OPEN_MODE.READ || !(flags & OPEN_MODE.WRITE))
      return denied(reqId, `${SFTP_IMPORT_FILE_NAME} can be written, not read back.`);
    const upload = new Upload(ctx);
    uploads.push(upload);
    sftp.handle(reqId, newHandle({ kind: 'upload', upload }));
  });

  sftp.on('WRITE', (reqId, id, offset, data) => {
    const state = handleOf(id);
    if (state?.kind !== 'upload') return sftp.status(reqId, STATUS_CODE.FAILURE, 'Not an open file.');
    state.upload.write(offset, data).then(
      () => sftp.status(reqId, STATUS_CODE.OK),
      (error: Error) =>
        sftp.status(
          reqId,
          STATUS_CODE.FAILURE,
          error instanceof FileTooLargeError
            ? `The file is larger than ${IMPORT_MAX_BYTES} bytes.`
            : `The file could not be written: ${error.message}.`,
        ),
    );
  });

  sftp.on('FSTAT', (reqId, id) => {
    const state = handleOf(id);
    if (!state) return sftp.status(reqId, STATUS_CODE.FAILURE, 'Not an open handle.');
    sftp.attrs(
      reqId,
      state.kind === 'upload' ? fileAttrs(state.upload.written, new Date()) : DIRECTORY_ATTRS,
    );
  });
  // clients set a written file's times or mode: nothing to keep, nothing to refuse
  sftp.on('FSETSTAT', (reqId, id) =>
    handleOf(id)?.kind === 'upload'
      ? sftp.status(reqId, STATUS_CODE.OK)
      : denied(reqId, 'Attributes cannot be changed here.'),
  );

  sftp.on('CLOSE', (reqId, id) => {
    const state = handleOf(id);
    handles.delete(id.toString('hex'));
    if (!state) return sftp.status(reqId, STATUS_CODE.FAILURE, 'Not an open handle.');
    if (state.kind === 'directory') return sftp.status(reqId, STATUS_CODE.OK);
    void state.upload
      .finish()
      .then(async (stored) => {
        const importId = await importSftpUpload(ctx, login.username, stored);
        if (!importId) {
          await ctx.deps.storage.remove(stored.key);
          return denied(reqId, 'This login has been deactivated.');
        }
        log(
          `sftp: ${login.username} dropped ${SFTP_IMPORT_FILE_NAME} (${stored.size} bytes): import ${importId}`,
        );
        sftp.status(reqId, STATUS_CODE.OK);
      })
      .catch((error: Error) =>
        sftp.status(
          reqId,
          STATUS_CODE.FAILURE,
          error instanceof FileTooLargeError
            ? `The file is larger than ${IMPORT_MAX_BYTES} bytes.`
            : `The file could not be imported: ${error.message}.`,
        ),
      );
  });

  sftp.on('READ', (reqId) => denied(reqId, `${SFTP_IMPORT_FILE_NAME} can be written, not read back.`));
  sftp.on('REMOVE', (reqId) => denied(reqId, 'Files cannot be removed here.'));
  sftp.on('RENAME', (reqId) => denied(reqId, `Files cannot be renamed here: ${onlyTheFile}`));
  sftp.on('MKDIR', (reqId) => denied(reqId, 'Directories cannot be made here.'));
  sftp.on('RMDIR', (reqId) => denied(reqId, 'Directories cannot be removed here.'));
  sftp.on('SETSTAT', (reqId) => denied(reqId, 'Attributes cannot be changed here.'));
  sftp.on('READLINK', (reqId) => sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE, 'No such link.'));
  sftp.on('SYMLINK', (reqId) => denied(reqId, 'Links cannot be made here.'));
}

/** Waits a refused attempt out a little, so a guesser gains nothing by retrying at once. */
const REFUSAL_DELAY_MS = 500;

/**
 * A port the SFTP server cannot take (another process holds it, or it is privileged) is a
 * configuration the process cannot start with: one line naming SFTP_PORT and the way out, no stack
 * trace (main.ts prints a ConfigError's message alone and exits with 1).
 */
function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  if (error.code === 'EADDRINUSE')
    return new ConfigError(
      `the SFTP port ${port} is already in use on ${host} (another Reprise process?). Set SFTP_PORT to a free port, or SFTP_PORT=off to run without the SFTP server.`,
    );
  if (error.code === 'EACCES')
    return new ConfigError(
      `the SFTP port ${port} on ${host} may not be opened by this user. Set SFTP_PORT to a port above 1023, or SFTP_PORT=off to run without the SFTP server.`,
    );
  return error;
}

/**
 * Starts the SFTP server on `port` (0: any free port), `host` its bind address. Jobs are not
 * run here: a dropped file's import is a job of the `import` queue, run by any worker.
 */
export async function startSftpServer(
  deps: AppDeps,
  options: { port: number; host?: string; log?: (message: string) => void },
): Promise<SftpServerHandle> {
  const log = options.log ?? ((message: string) => processLog().error(message));
  const ctx = systemContext(deps, { kind: 'all' });
  const hostKey = await loadHostKey(deps.config);
  const connections = new Set<Connection>();

  const server = new Server({ hostKeys: [hostKey] }, (client, info) => {
    connections.add(client);
    let login: SftpLogin | null = null;
    // the files still being written when the connection goes
    const uploads: Upload[] = [];
    client.on('error', (error) => log(`sftp: connection from ${info.ip}: ${error.message}`));
    client.on('close', () => {
      connections.delete(client);
      for (const upload of uploads) upload.abandon();
    });
    client.on('authentication', (auth) => {
      if (auth.method !== 'password') return auth.reject(['password']);
      signInSftp(ctx, auth.username, auth.password, info.ip)
        .then((outcome) => {
          if (outcome.ok) {
            login = outcome.login;
            return auth.accept();
          }
          setTimeout(() => auth.reject(['password']), REFUSAL_DELAY_MS);
        })
        .catch((error: Error) => {
          log(`sftp: sign-in of ${auth.username} failed: ${error.message}`);
          auth.reject(['password']);
        });
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        // a shell, a command or a tunnel is refused: only the sftp subsystem is served
        session.on('sftp', (acceptSftp) => {
          if (login) serveSftp(acceptSftp(), ctx, login, log, uploads);
        });
        session.on('shell', (_accept, reject) => reject());
        session.on('exec', (_accept, reject) => reject());
      });
    });
  });
  server.on('error', (error: Error) => log(`sftp: ${error.message}`));

  const host = options.host ?? '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, options.port, host)));
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    async close() {
      for (const client of connections) client.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
