import { normalizeIban } from '@reprise/shared';
import { ConfigError } from '../../platform/config';
import { type BaseContext, transact } from '../../platform/request-context';
import { keyIdOf } from '../../platform/secrets';
import { IBAN_PURPOSE, ibanAtRest } from './iban-at-rest';
import * as repo from './iban-at-rest.repository';

/**
 * The start-up step of encryption at rest (docs/security.md), run before the server serves, in a
 * context of every account (`systemContext(deps, { kind: 'all' })`): refuses to start when stored
 * IBANs were encrypted with a key the keyring lacks (a wrong or lost DATA_ENCRYPTION_KEY), then
 * encrypts with the current key every IBAN still in clear (moved by migration 010) or under an
 * older key (a rotation), a batch per transaction. Answers how many it rewrote.
 */
export async function protectIbansAtRest(ctx: BaseContext, batch = 500): Promise<number> {
  const { keyring } = ctx.deps;
  const unknown = (await repo.ibanKeyIds(ctx)).filter((id) => !keyring.keyIds.includes(id));
  if (unknown.length > 0) {
    throw new ConfigError(
      `The database holds IBANs encrypted with the key ${unknown.join(', ')}, which DATA_ENCRYPTION_KEY does not hold (it holds ${keyring.keyIds.join(', ')}). Start with the key that encrypted them; to rotate, set DATA_ENCRYPTION_KEY=<new key>,<old key>.`,
    );
  }
  const rewrite = (stored: string) =>
    ibanAtRest(keyring, keyIdOf(stored) ? keyring.decrypt(IBAN_PURPOSE, stored) : normalizeIban(stored));
  let total = 0;
  for (;;) {
    const done = await transact(ctx, (tx) =>
      repo.rewriteIbansNotUnder(tx, keyring.currentKeyId, batch, rewrite),
    );
    total += done;
    if (done < batch) return total;
  }
}
