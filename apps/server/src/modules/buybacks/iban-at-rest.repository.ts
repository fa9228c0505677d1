import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/** The ids of the keys that encrypted the stored IBANs (values still in clear have none). */
export async function ibanKeyIds(ctx: BaseContext): Promise<string[]> {
  const { rows } = await sql<{ key_id: string }>`
    SELECT DISTINCT split_part(iban_encrypted, ':', 2) AS key_id FROM payments
     WHERE iban_encrypted IS NOT NULL AND iban_encrypted LIKE 'v1:%'`.execute(readerOf(ctx));
  return rows.map((r) => r.key_id);
}

/**
 * Rewrites a batch of the IBANs of the context's scope not encrypted with `currentKeyId` (in clear
 * since migration 010, or under an older key): `rewrite` answers the new stored and masked forms.
 * Rows another process is rewriting are skipped (it does them). Answers how many were rewritten.
 */
export async function rewriteIbansNotUnder(
  tx: BaseTxContext,
  currentKeyId: string,
  limit: number,
  rewrite: (stored: string) => { iban_encrypted: string; iban_masked: string },
): Promise<number> {
  let query = tx.trx
    .selectFrom('payments')
    .select(['id', 'iban_encrypted'])
    .where('iban_encrypted', 'is not', null)
    .where(sql<boolean>`split_part(iban_encrypted, ':', 2) <> ${currentKeyId}`);
  if (tx.scope.kind === 'account') query = query.where('account_id', '=', tx.scope.accountId);
  const rows = await query
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .$narrowType<{ iban_encrypted: string }>()
    .execute();
  if (rows.length === 0) return 0;
  const next = rows.map((r) => ({ id: r.id, ...rewrite(r.iban_encrypted) }));
  await updateOwned(tx, 'payments')
    .from(
      sql<{ id: string; iban_encrypted: string; iban_masked: string }>`(
        SELECT * FROM unnest(${next.map((n) => n.id)}::uuid[], ${next.map((n) => n.iban_encrypted)}::text[],
                             ${next.map((n) => n.iban_masked)}::text[]) AS u (id, iban_encrypted, iban_masked))`.as(
        'n',
      ),
    )
    .set((eb) => ({
      iban_encrypted: eb.ref('n.iban_encrypted'),
      iban_masked: eb.ref('n.iban_masked'),
      updated_at: sql<Date>`now()`,
    }))
    .whereRef('payments.id', '=', 'n.id')
    .execute();
  return rows.length;
}
