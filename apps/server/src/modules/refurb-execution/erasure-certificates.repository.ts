import type { Selectable } from 'kysely';
import type { ErasureCertificatesTable } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';

/**
 * Data-erasure certificates (`erasure_certificates`, migration 019): issued once per validated
 * data-erasure service, never changed afterwards. Back-office reads take a certificate whose item
 * the service has checked is visible (buyback-lifecycle/items.repository.ts scope); the public check reads by code.
 */

export type CertificateRow = Selectable<ErasureCertificatesTable>;

export async function insertCertificate(
  tx: BaseTxContext,
  values: Omit<CertificateRow, 'id' | 'erased_at'>,
): Promise<CertificateRow> {
  return tx.trx.insertInto('erasure_certificates').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Whether a verification code is already taken (a new one is drawn then). */
export async function codeExists(ctx: BaseContext, code: string): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('erasure_certificates')
    .select('id')
    .where('verification_code', '=', code)
    .executeTakeFirst();
  return Boolean(row);
}

export async function findCertificate(ctx: BaseContext, id: string): Promise<CertificateRow | undefined> {
  return readerOf(ctx).selectFrom('erasure_certificates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By verification code; within one retailer's certificates when `retailerAccountId` is given. */
export async function findCertificateByCode(
  ctx: BaseContext,
  code: string,
  retailerAccountId?: string,
): Promise<CertificateRow | undefined> {
  let query = readerOf(ctx)
    .selectFrom('erasure_certificates')
    .selectAll()
    .where('verification_code', '=', code);
  if (retailerAccountId) query = query.where('retailer_account_id', '=', retailerAccountId);
  return query.executeTakeFirst();
}

export async function findItemCertificates(ctx: BaseContext, itemId: string): Promise<CertificateRow[]> {
  return readerOf(ctx)
    .selectFrom('erasure_certificates')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('erased_at', 'desc')
    .execute();
}

/**
 * What the certificate's PDF needs beyond its own facts: the retailer's language (its documents'
 * language, as the return label's: modules/warehouse/return-label.service.ts) and its public site.
 */
export async function findRetailerFacts(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('accounts')
    .select(['id', 'name', 'language', 'site_slug', 'site_domain', 'site_active'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}
