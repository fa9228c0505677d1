import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATA_ENCRYPTION_KEY } from '../../../test/test-keys';
import { ConfigError } from '../../platform/config';
import { systemContext } from '../../platform/request-context';
import { createKeyring, type Keyring, keyIdOf, parseKeys } from '../../platform/secrets';
import { DEMO } from '../../seed/demo-ids';
import { protectSandboxSecretsAtRest } from '../sandbox-carrier';
import { resolveConfiguration } from './connector-configurations';
import { protectConnectorSecretsAtRest } from './connector-secrets-at-rest';

/**
 * The secrets of connector configurations and of the sandbox carrier's accounts follow the data
 * encryption key as the IBANs do (docs/security.md, "Rotation"): a start with a key that did not
 * encrypt them is refused, and a rotation encrypts them again with the new key.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const contextWith = (keyring: Keyring) => systemContext({ ...t.deps, keyring }, { kind: 'all' });
const storedKeyIds = async () => {
  const configurations = await t.db.selectFrom('connector_configurations').select('secrets').execute();
  const accounts = await t.db
    .selectFrom('sandbox_carrier_accounts')
    .select('webhook_secret_encrypted')
    .execute();
  return new Set([
    ...configurations.flatMap((row) => Object.values(row.secrets).map(keyIdOf)),
    ...accounts.map((row) => keyIdOf(row.webhook_secret_encrypted)),
  ]);
};

describe('connector secrets at rest', () => {
  it('a key that did not encrypt them stops the start, naming both keys', async () => {
    const wrong = createKeyring(parseKeys('ab'.repeat(32)));
    const current = createKeyring(parseKeys(TEST_DATA_ENCRYPTION_KEY)).currentKeyId;
    await expect(protectConnectorSecretsAtRest(contextWith(wrong))).rejects.toThrow(ConfigError);
    await expect(protectConnectorSecretsAtRest(contextWith(wrong))).rejects.toThrow(
      new RegExp(`connector secrets encrypted with the key ${current}.*holds ${wrong.currentKeyId}`),
    );
    await expect(protectSandboxSecretsAtRest(contextWith(wrong))).rejects.toThrow(ConfigError);
  });

  it('rotation: with the new key first and the old one after, every secret is encrypted again with the new key', async () => {
    const same = createKeyring(parseKeys(TEST_DATA_ENCRYPTION_KEY));
    // nothing to do under the current key
    expect(await protectConnectorSecretsAtRest(contextWith(same))).toBe(0);
    expect(await protectSandboxSecretsAtRest(contextWith(same))).toBe(0);

    const newKey = 'cd'.repeat(32);
    const rotating = createKeyring(parseKeys(`${newKey},${TEST_DATA_ENCRYPTION_KEY}`));
    expect(await protectConnectorSecretsAtRest(contextWith(rotating))).toBeGreaterThan(0);
    expect(await protectSandboxSecretsAtRest(contextWith(rotating))).toBeGreaterThan(0);

    const newOnly = createKeyring(parseKeys(newKey));
    expect(await storedKeyIds()).toEqual(new Set([newOnly.currentKeyId]));
    expect(await protectConnectorSecretsAtRest(contextWith(newOnly))).toBe(0);
    expect(await protectSandboxSecretsAtRest(contextWith(newOnly))).toBe(0);
    // the secrets read back under the new key alone
    const terminal = await resolveConfiguration(
      contextWith(newOnly),
      DEMO.connectorConfigurations.giftCardTerminal.id,
    );
    expect(terminal?.values.passphrase).toBe('demo-terminal-passphrase');
  });
});
