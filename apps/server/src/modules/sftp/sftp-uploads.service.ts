import { SFTP_IMPORT_FILE_NAME } from '@reprise/shared';
import type { Db } from '../../platform/db';
import { type BaseContext, transact } from '../../platform/request-context';
import { verifyPassword } from '../../platform/security';
import type { StoredFile } from '../../platform/storage';
import { countAttempt, LIMITS, rememberPair, uncountAttempt } from '../auth';
import { hasPremiumFeature } from '../buyback-config';
import { startImport } from '../imports';
import * as repo from './sftp-access.repository';

/**
 * What the built-in SFTP server (sftp-server.ts) asks of the platform: whether a login may sign
 * in, and the import of a products-import.csv it received. Its context reaches every account
 * (a login names its account); each write is then scoped to the login's account.
 */

/** A signed-in login: the account it belongs to and where its file is imported. */
export interface SftpLogin {
  accountId: string;
  username: string;
  catalogueAccountId: string;
  parentCategoryIds: string[];
  suffix: string;
}

/** The throttle keys of SFTP sign-ins: one login from one address, and one address trying many. */
const KEYS = {
  pair: (username: string, ip: string) => `sftp:pair:${username.toLowerCase()}|${ip}`,
  address: (ip: string) => `sftp:address:${ip}`,
};

export type SignInOutcome = { ok: true; login: SftpLogin } | { ok: false; refusedForMs: number };

/**
 * Checks a login's password, counting the attempt first as the sign-in does (modules/auth/throttle.ts,
 * docs/security.md): a blocked address or pair is refused without the password being looked at.
 * An unknown or inactive login is compared with a dummy hash, so it answers in the same time.
 */
export async function signInSftp(
  ctx: BaseContext,
  username: string,
  password: string,
  ip: string,
): Promise<SignInOutcome> {
  const db: Db = ctx.db;
  const addressKey = KEYS.address(ip);
  const pairKey = KEYS.pair(username, ip);
  const address = await countAttempt(db, addressKey, LIMITS.loginAddress);
  if (address.refusedForMs > 0) return { ok: false, refusedForMs: address.refusedForMs };
  const pair = await countAttempt(db, pairKey, LIMITS.loginPair);
  if (pair.refusedForMs > 0) return { ok: false, refusedForMs: pair.refusedForMs };
  const row = await repo.findActiveLogin(ctx, username);
  const passwordOk = await verifyPassword(row?.password_hash ?? null, password);
  if (!row || !passwordOk) return { ok: false, refusedForMs: 0 };
  // an account whose premium feature was removed keeps its login row, but cannot sign in
  if (!(await hasPremiumFeature(ctx, row.account_id, 'sftp_access'))) return { ok: false, refusedForMs: 0 };
  await transact(ctx, async ({ trx }) => {
    await uncountAttempt(trx, addressKey, LIMITS.loginAddress);
    await rememberPair(trx, pairKey);
  });
  return {
    ok: true,
    login: {
      accountId: row.account_id,
      username: row.username,
      catalogueAccountId: row.catalogue_account_id,
      parentCategoryIds: row.parent_category_ids,
      suffix: row.suffix,
    },
  };
}

/**
 * Starts the import of a products-import.csv a login dropped (its file in the storage already):
 * products, strategy generic, into the login's catalogue with its parent categories and suffix,
 * as of the settings when the file was closed. Null when the login was deactivated meanwhile.
 */
export async function importSftpUpload(
  ctx: BaseContext,
  username: string,
  file: StoredFile,
): Promise<string | null> {
  return transact(ctx, async (tx) => {
    const login = await repo.findActiveLogin(tx, username);
    if (!login) return null;
    const importId = await startImport(tx, {
      accountId: login.catalogue_account_id,
      sourceAccountId: login.account_id,
      origin: 'sftp',
      content: 'products',
      strategy: 'generic',
      fileKey: file.key,
      fileName: SFTP_IMPORT_FILE_NAME,
      fileFormat: 'csv',
      fileSize: file.size,
      parentCategoryIds: login.parent_category_ids,
      suffix: login.suffix,
      createdBy: null,
    });
    await repo.updateAccess(tx, login.account_id, { last_import_id: importId });
    return importId;
  });
}

/** The login's last file, shown by `ls`: its size and when it was dropped. */
export async function lastSftpFile(
  ctx: BaseContext,
  accountId: string,
): Promise<{ size: number; droppedAt: Date } | null> {
  return repo.lastImportFile(ctx, accountId);
}
