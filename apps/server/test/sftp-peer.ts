import { createReadStream, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import ssh2, { type FileEntryWithStats, type SFTPWrapper } from 'ssh2';

const { Client, Server, utils } = ssh2;

/**
 * SFTP peers for the tests (ARCHITECTURE.md: real protocol peers): a client that signs in and
 * writes or lists files, and a remote SFTP server serving a directory read-only (what the SFTP
 * import connector pulls from; the remote side, not our code).
 */

/** Signs in with a password and opens SFTP; rejects when the sign-in is refused. */
export function sftpClient(options: {
  port: number;
  username: string;
  password: string;
}): Promise<{ sftp: SFTPWrapper; end: () => void }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client
      .on('ready', () =>
        client.sftp((error, sftp) => (error ? reject(error) : resolve({ sftp, end: () => client.end() }))),
      )
      .on('error', reject)
      .connect({
        host: '127.0.0.1',
        port: options.port,
        username: options.username,
        password: options.password,
        readyTimeout: 20_000,
      });
  });
}

export const writeFile = (sftp: SFTPWrapper, name: string, data: string | Buffer) =>
  new Promise<void>((resolve, reject) => sftp.writeFile(name, data, (e) => (e ? reject(e) : resolve())));

export const listDir = (sftp: SFTPWrapper, name: string) =>
  new Promise<FileEntryWithStats[]>((resolve, reject) =>
    sftp.readdir(name, (e, list) => (e ? reject(e) : resolve(list))),
  );

export const readFile = (sftp: SFTPWrapper, name: string) =>
  new Promise<Buffer>((resolve, reject) => sftp.readFile(name, (e, data) => (e ? reject(e) : resolve(data))));

export const removeFile = (sftp: SFTPWrapper, name: string) =>
  new Promise<void>((resolve, reject) => sftp.unlink(name, (e) => (e ? reject(e) : resolve())));

/**
 * A remote SFTP server over `root` (read-only), signing in `username`/`password`: lists the
 * directory, stats and reads its files.
 */
export async function startRemoteSftp(options: {
  root: string;
  username: string;
  password: string;
}): Promise<{ port: number; close: () => Promise<void> }> {
  const { STATUS_CODE } = utils.sftp;
  const hostKey = utils.generateKeyPairSync('ed25519').private;
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('error', () => {});
    client.on('authentication', (auth) =>
      auth.method === 'password' && auth.username === options.username && auth.password === options.password
        ? auth.accept()
        : auth.reject(['password']),
    );
    client.on('ready', () =>
      client.on('session', (acceptSession) =>
        acceptSession().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const resolve = (name: string) => path.join(options.root, path.posix.normalize(`/${name}`));
          const attrsOf = (file: string) => {
            const s = statSync(file);
            return {
              mode: s.mode,
              uid: 0,
              gid: 0,
              size: s.size,
              atime: Math.floor(s.atimeMs / 1000),
              mtime: Math.floor(s.mtimeMs / 1000),
            };
          };
          const handles = new Map<number, { dir?: string; listed?: boolean; file?: string }>();
          let next = 0;
          const newHandle = (state: { dir?: string; file?: string }) => {
            next += 1;
            handles.set(next, state);
            const id = Buffer.alloc(4);
            id.writeUInt32BE(next);
            return id;
          };
          const handleOf = (id: Buffer) => handles.get(id.readUInt32BE(0));
          sftp.on('REALPATH', (reqId, name) =>
            sftp.name(reqId, [
              { filename: path.posix.normalize(`/${name}`), longname: '', attrs: {} as never },
            ]),
          );
          sftp.on('STAT', (reqId, name) => {
            try {
              sftp.attrs(reqId, attrsOf(resolve(name)));
            } catch {
              sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
            }
          });
          sftp.on('OPENDIR', (reqId, name) => sftp.handle(reqId, newHandle({ dir: resolve(name) })));
          sftp.on('READDIR', (reqId, id) => {
            const state = handleOf(id);
            if (!state?.dir || state.listed) return sftp.status(reqId, STATUS_CODE.EOF);
            state.listed = true;
            const dir = state.dir;
            const names = readdirSync(dir).map((filename) => ({
              filename,
              longname: filename,
              attrs: attrsOf(path.join(dir, filename)),
            }));
            return names.length ? sftp.name(reqId, names) : sftp.status(reqId, STATUS_CODE.EOF);
          });
          sftp.on('OPEN', (reqId, name) => sftp.handle(reqId, newHandle({ file: resolve(name) })));
          sftp.on('FSTAT', (reqId, id) => sftp.attrs(reqId, attrsOf(handleOf(id)?.file as string)));
          sftp.on('READ', (reqId, id, offset, length) => {
            const file = handleOf(id)?.file as string;
            const size = statSync(file).size;
            if (offset >= size) return sftp.status(reqId, STATUS_CODE.EOF);
            const chunks: Buffer[] = [];
            const stream: Readable = createReadStream(file, {
              start: offset,
              end: Math.min(size, offset + length) - 1,
            });
            stream.on('data', (c) => chunks.push(c as Buffer));
            stream.on('end', () => sftp.data(reqId, Buffer.concat(chunks)));
          });
          sftp.on('CLOSE', (reqId, id) => {
            handles.delete(id.readUInt32BE(0));
            sftp.status(reqId, STATUS_CODE.OK);
          });
        }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
