import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/** The ids of the keys that encrypted the stored IBANs (values still in clear have none). */
export async function ibanKeyIds(db: Db): Promise<string[]> {
  const { rows } = await sql<{ key_id: string }>`
    SELECT DISTINCT split_part(iban_encrypted, ':', 2) AS key_id FROM payments
     WHERE iban_encrypted IS NOT NULL AND iban_encrypted LIKE 'v1:%'`.execute(db);
  return rows.map((r) => r.key_id);
}

/**
 * Rewrites, in one transaction, a batch of the IBANs not encrypted with `currentKeyId` (in clear
 * since migration 010, or under an older key): `rewrite` answers the new stored and masked forms.
 * Rows another process is rewriting are skipped (it does them). Answers how many were rewritten.
 */
export async function rewriteIbansNotUnder(
  db: Db,
  currentKeyId: string,
  limit: number,
  rewrite: (stored: string) => { iban_encrypted: string; iban_masked: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string; iban_encrypted: string }>`
      SELECT id, iban_encrypted FROM payments
       WHERE iban_encrypted IS NOT NULL AND split_part(iban_encrypted, ':', 2) <> ${currentKeyId}
       LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(trx);
    if (rows.length === 0) return 0;
    const next = rows.map((r) => ({ id: r.id, ...rewrite(r.iban_encrypted) }));
    await sql`
      UPDATE payments p SET iban_encrypted = n.iban_encrypted, iban_masked = n.iban_masked, updated_at = now()
        FROM unnest(${next.map((n) => n.id)}::uuid[], ${next.map((n) => n.iban_encrypted)}::text[],
                    ${next.map((n) => n.iban_masked)}::text[]) AS n (id, iban_encrypted, iban_masked)
       WHERE p.id = n.id`.execute(trx);
    return rows.length;
  });
}
