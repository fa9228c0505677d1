import { ConfigError } from '../../platform/config';
import { type BaseContext, readerOf, transact } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';
import { keyIdOf } from '../../platform/secrets';
import { CONNECTOR_SECRET_PURPOSE } from './connector-configurations';

/**
 * The start-up step of the connector configurations' secrets (docs/security.md, "Rotation"), run
 * with the IBANs' (modules/buybacks/iban-at-rest.service.ts) before the server serves: refuses to
 * start when a secret was encrypted with a key the keyring lacks, then encrypts again with the
 * current key every secret under an older one (a rotation), one configuration per transaction.
 * Configurations are few (a handful per account): they are read in one go. Answers how many
 * configurations it rewrote.
 */
export async function protectConnectorSecretsAtRest(ctx: BaseContext): Promise<number> {
  const { keyring } = ctx.deps;
  const rows = await readerOf(ctx)
    .selectFrom('connector_configurations')
    .select(['id', 'account_id', 'secrets'])
    .execute();
  const unknown = new Set(
    rows.flatMap((row) =>
      Object.values(row.secrets)
        .map((stored) => keyIdOf(stored))
        .filter((id): id is string => id !== null && !keyring.keyIds.includes(id)),
    ),
  );
  if (unknown.size > 0) {
    throw new ConfigError(
      `The database holds connector secrets encrypted with the key ${[...unknown].join(', ')}, which DATA_ENCRYPTION_KEY does not hold (it holds ${keyring.keyIds.join(', ')}). Start with the key that encrypted them; to rotate, set DATA_ENCRYPTION_KEY=<new key>,<old key>.`,
    );
  }
  let rewritten = 0;
  for (const row of rows) {
    const stale = Object.entries(row.secrets).filter(
      ([, stored]) => keyIdOf(stored) !== keyring.currentKeyId,
    );
    if (stale.length === 0) continue;
    const secrets = { ...row.secrets };
    for (const [name, stored] of stale)
      secrets[name] = keyring.encrypt(
        CONNECTOR_SECRET_PURPOSE,
        keyring.decrypt(CONNECTOR_SECRET_PURPOSE, stored),
      );
    await transact(ctx, (tx) =>
      updateOwned(tx, 'connector_configurations', { kind: 'account', accountId: row.account_id })
        .set({ secrets: JSON.stringify(secrets) })
        .where('id', '=', row.id)
        .execute(),
    );
    rewritten += 1;
  }
  return rewritten;
}
