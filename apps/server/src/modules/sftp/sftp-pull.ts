import path from 'node:path';
import {
  IMPORT_MAX_BYTES,
  IMPORT_STRATEGIES,
  type ImportContent,
  type ImportFileFormat,
  type ImportStrategy,
} from '@reprise/shared';
import ssh2, { type SFTPWrapper, type Client as SshClient } from 'ssh2';

// ssh2 is CommonJS: Node's ESM loader (npm start) sees only its default export
const { Client } = ssh2;

import { PermanentJobFailure } from '../../platform/jobs';
import { processLog } from '../../platform/process-log';
import { type BaseContext, transact } from '../../platform/request-context';
import { FileTooLargeError } from '../../platform/storage';
import { CONNECTOR_FQN, type ResolvedConfiguration, resolveConfiguration } from '../connectors';
import { startImport } from '../imports';
import * as repo from './sftp-connector.repository';

/**
 * The SFTP import connector's pull (docs/imports.md, docs/connectors.md `reprise.scheduled.sftp_import`):
 * the `sftp-pull` job signs in to the configured remote SFTP server, lists its directory, and
 * starts an import for each CSV or XLSX file not pulled before (by path, size and modification
 * time, so a file changed in place is pulled again). A connection that fails throws: the job is
 * tried again later (platform/jobs.ts, queue `sftp-pull`).
 */

/** The `sftp-pull` queue's job: the configuration to pull for. */
export interface SftpPullJob {
  configurationId: string;
}

/** How long a remote server may take to answer the sign-in. */
const READY_TIMEOUT_MS = 20_000;

/** What the file holds, by its name: `categories…`, `diagnostic…`, else products. */
export function contentOfFileName(fileName: string): ImportContent {
  const name = fileName.toLowerCase();
  if (name.startsWith('categories')) return 'categories';
  if (name.startsWith('diagnostic')) return 'diagnostic';
  return 'products';
}

/** The import format of a file name; null for a file the connector leaves alone. */
function formatOfFileName(fileName: string): ImportFileFormat | null {
  const extension = path.posix.extname(fileName).toLowerCase();
  return extension === '.csv' ? 'csv' : extension === '.xlsx' ? 'xlsx' : null;
}

interface PullSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  directory: string;
  strategy: ImportStrategy;
  parentCategories: string[];
}

/** The configuration's values as the pull uses them; a value no retry can mend fails the job for good. */
function settingsOf(configuration: ResolvedConfiguration): PullSettings {
  const v = configuration.values;
  const port = Number(v.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new PermanentJobFailure(`configuration ${configuration.id}: the port ${v.port} is not valid`);
  const strategy = v.strategy as ImportStrategy;
  if (!IMPORT_STRATEGIES.includes(strategy))
    throw new PermanentJobFailure(
      `configuration ${configuration.id}: the strategy ${v.strategy} is not valid`,
    );
  return {
    host: v.host ?? '',
    port,
    username: v.username ?? '',
    password: v.password ?? '',
    directory: v.directory || '.',
    strategy,
    parentCategories: (v.parent_categories ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** Signs in to the remote server and opens its SFTP subsystem. */
function connect(settings: PullSettings): Promise<{ client: SshClient; sftp: SFTPWrapper }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client
      .on('ready', () =>
        client.sftp((error, sftp) => {
          if (error) {
            client.end();
            reject(error);
          } else resolve({ client, sftp });
        }),
      )
      .on('error', reject)
      .connect({
        host: settings.host,
        port: settings.port,
        username: settings.username,
        password: settings.password,
        readyTimeout: READY_TIMEOUT_MS,
        // no host key is configured by the catalogue (docs/imports.md): any key is accepted
      });
  });
}

function readdir(sftp: SFTPWrapper, directory: string) {
  return new Promise<{ filename: string; size: number; mtime: number; isFile: boolean }[]>(
    (resolve, reject) =>
      sftp.readdir(directory, (error, list) =>
        error
          ? reject(error)
          : resolve(
              list.map((entry) => ({
                filename: entry.filename,
                size: entry.attrs.size,
                mtime: entry.attrs.mtime,
                isFile: entry.attrs.isFile(),
              })),
            ),
      ),
  );
}

/** Pulls the new files of a configuration; answers how many imports it started. */
export async function runSftpPull(ctx: BaseContext, job: SftpPullJob): Promise<number> {
  const configuration = await resolveConfiguration(ctx, job.configurationId);
  // deleted, deactivated or not this connector's since the tick sent the job: nothing to pull
  if (!configuration || configuration.fqn !== CONNECTOR_FQN.sftpImport || configuration.status !== 'active')
    return 0;
  const settings = settingsOf(configuration);
  const parents = await repo.categoriesByIdOrIdentifier(
    ctx,
    configuration.accountId,
    settings.parentCategories,
  );
  const parentIds = settings.parentCategories.flatMap((name) => {
    const found = parents.find((c) => c.id === name || c.identifier === name);
    return found ? [found.id] : [];
  });
  const { client, sftp } = await connect(settings);
  let started = 0;
  try {
    const entries = (await readdir(sftp, settings.directory))
      .filter((e) => e.isFile && formatOfFileName(e.filename) !== null)
      .sort((a, b) => a.filename.localeCompare(b.filename));
    for (const entry of entries) {
      const file: repo.RemoteFile = {
        remotePath: path.posix.join(settings.directory, entry.filename),
        size: entry.size,
        modifiedAt: new Date(entry.mtime * 1000),
      };
      if (await repo.wasPulled(ctx, configuration.id, file)) continue;
      const format = formatOfFileName(entry.filename) as ImportFileFormat;
      let stored: { key: string; size: number } | null = null;
      try {
        stored = await ctx.deps.storage.putStream(
          'imports',
          format,
          sftp.createReadStream(file.remotePath),
          IMPORT_MAX_BYTES,
        );
      } catch (error) {
        // a file too large stays too large: recorded without an import, so it is not pulled again
        if (!(error instanceof FileTooLargeError)) throw error;
        processLog().error(
          `sftp-pull: ${file.remotePath} is larger than ${IMPORT_MAX_BYTES} bytes: not imported`,
        );
      }
      const kept = stored;
      const importId = await transact(ctx, async (tx) => {
        await repo.lockPulls(tx, configuration.id);
        if (await repo.wasPulled(tx, configuration.id, file)) {
          if (kept) tx.afterCommit(() => ctx.deps.storage.remove(kept.key));
          return null;
        }
        const id = kept
          ? await startImport(tx, {
              accountId: configuration.accountId,
              sourceAccountId: null,
              origin: 'sftp_connector',
              content: contentOfFileName(entry.filename),
              strategy: settings.strategy,
              fileKey: kept.key,
              fileName: entry.filename.slice(0, 255),
              fileFormat: format,
              fileSize: kept.size,
              parentCategoryIds: parentIds,
              suffix: '',
              connectorConfigurationId: configuration.id,
              createdBy: null,
            })
          : null;
        await repo.recordPulled(tx, configuration.id, file, id);
        return id;
      });
      if (importId) started += 1;
    }
  } finally {
    client.end();
  }
  return started;
}
