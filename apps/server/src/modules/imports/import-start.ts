import type { ImportContent, ImportFileFormat, ImportOrigin, ImportStrategy } from '@reprise/shared';
import { audit } from '../../platform/audit';
import type { BaseTxContext } from '../../platform/request-context';

/** The `import` queue's job: the import to run (or to resume, after its position). */
export interface ImportJob {
  importId: string;
}

/** An import about to be queued: its file is in the storage already. */
export interface NewImport {
  /** The destination catalogue. */
  accountId: string;
  /** The account of whoever started it; null for a file pulled by a connector. */
  sourceAccountId: string | null;
  origin: ImportOrigin;
  content: ImportContent;
  strategy: ImportStrategy;
  fileKey: string;
  fileName: string;
  fileFormat: ImportFileFormat;
  fileSize: number;
  parentCategoryIds: readonly string[];
  suffix: string;
  connectorConfigurationId?: string | null;
  createdBy: string | null;
}

/**
 * Records an import (status in_progress, queued now) and sends its job, in the caller's
 * transaction: the upload route, the built-in SFTP server and the SFTP import connector all start
 * imports here. The caller has checked that it may write the destination catalogue.
 */
export async function startImport(tx: BaseTxContext, input: NewImport): Promise<string> {
  const { id } = await tx.trx
    .insertInto('imports')
    .values({
      account_id: input.accountId,
      source_account_id: input.sourceAccountId,
      origin: input.origin,
      content: input.content,
      strategy: input.strategy,
      file_key: input.fileKey,
      file_name: input.fileName,
      file_format: input.fileFormat,
      file_size: input.fileSize,
      parent_category_ids: [...input.parentCategoryIds],
      suffix: input.suffix,
      connector_configuration_id: input.connectorConfigurationId ?? null,
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.deps.jobs.send(tx.trx, 'import', { importId: id } satisfies ImportJob, { id });
  await audit(tx, {
    action: 'create',
    entityType: 'import',
    entityId: id,
    accountId: input.accountId,
    after: {
      origin: input.origin,
      content: input.content,
      strategy: input.strategy,
      fileName: input.fileName,
    },
  });
  return id;
}
