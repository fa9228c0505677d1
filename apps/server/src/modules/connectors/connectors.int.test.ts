import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { DEMO } from '../../../test/test-app';
import { CONNECTOR_SECRET_PURPOSE } from './connector-configurations';

/**
 * Connectors (issue 14, docs/connectors.md): the catalogue and its filters; the configurations
 * (create, read, merge-patch, delete) with their rules (a name unique in the account whatever its
 * case, at least one property, each value checked by its kind, secrets encrypted at rest and never
 * answered nor audited, kept on a patch without them); the tenant walls; the premium-feature
 * action `imei_lookup` the public site and the wizard run.
 */

const C = DEMO.connectorConfigurations;
const CONNECTOR = {
  sepa: '00000000-0000-4000-c000-000000000001',
  giftCards: '00000000-0000-4000-c000-000000000002',
  terminal: '00000000-0000-4000-c000-000000000003',
  sandboxCarrier: '00000000-0000-4000-c000-000000000004',
  scanSearch: '00000000-0000-4000-c000-000000000006',
  sftp: '00000000-0000-4000-c000-000000000007',
};
const DEMO_HOST = 'demo-retail.localhost:3000';
const PREMIUM = '/api/organizations/launch-generic-premium-feature-connector';

let k: ApiKit;
let tac: string;
let tacProduct: string;
let visitorToken: string;

const visitorGet = (url: string) =>
  k.t.app.inject({
    method: 'GET',
    url,
    headers: { host: DEMO_HOST, origin: `http://${DEMO_HOST}` },
    cookies: { reprise_session: visitorToken },
  });

function expectProblem(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
}

const terminal = (over: Record<string, unknown> = {}, properties: Record<string, unknown> = {}) => ({
  organizationId: DEMO.orgs.retailRoot,
  connectorId: CONNECTOR.terminal,
  name: 'Terminal Lille',
  status: 'active',
  properties: {
    merchant_id: 'M-LILLE',
    terminal_id: 'T-0042',
    maximum_amount: '50000',
    passphrase: 'lille-secret-passphrase',
    ...properties,
  },
  ...over,
});

const storedRow = (id: string) =>
  k.t.db.selectFrom('connector_configurations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const auditRows = (id: string) =>
  k.t.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after', 'account_id'])
    .where('entity_type', '=', 'connector_configuration')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  k = await startApiKit();
  const product = await k.t.db
    .selectFrom('products')
    .select(['id', 'tac_codes'])
    .where('account_id', '=', DEMO.accounts.demoRetail)
    .where('status', '=', 'published')
    .where(({ fn, val, eb }) => eb(fn('cardinality', ['tac_codes']), '>', val(0)))
    .orderBy('name')
    .executeTakeFirstOrThrow();
  tacProduct = product.id;
  tac = product.tac_codes[0] as string;
  const visitor = await k.t.app.inject({
    method: 'POST',
    url: '/api/white-label/visitor',
    headers: { host: DEMO_HOST },
  });
  expect(visitor.statusCode, visitor.body).toBe(201);
  visitorToken = visitor.cookies.find((c) => c.name === 'reprise_session')?.value as string;
}, 120_000);

afterAll(async () => {
  await k?.close();
});

describe('the catalogue', () => {
  it('lists the twelve connectors in one page of 500, filtered by id, name, type and fqn', async () => {
    const all = await k.get('rmu', '/api/connectors');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().totalItems).toBe(12);
    expect(all.json().view.first).toContain('itemsPerPage=500');
    const terminalConnector = all.json().member.find((c: { id: string }) => c.id === CONNECTOR.terminal);
    expect(terminalConnector).toMatchObject({
      fqn: 'reprise.payment.gift_card_terminal',
      type: 'payment_mode',
      properties: expect.arrayContaining([
        { name: 'passphrase', required: true, secret: true, kind: 'text' },
      ]),
    });
    const byType = (await k.get('rmu', '/api/connectors?type=payment_mode')).json();
    expect(byType.member.map((c: { fqn: string }) => c.fqn).sort()).toEqual([
      'reprise.payment.bank_payout',
      'reprise.payment.gift_card_issuer',
      'reprise.payment.gift_card_terminal',
      'reprise.payment.sepa_credit_transfer',
      'reprise.payment.wallet_payout',
    ]);
    const byName = (await k.get('rmu', '/api/connectors?name=GIFT')).json();
    expect(byName.totalItems).toBe(2);
    const byFqn = (await k.get('rmu', '/api/connectors?fqn=reprise.premium.scan_search')).json();
    expect(byFqn.member).toEqual([
      expect.objectContaining({ id: CONNECTOR.scanSearch, actions: ['imei_lookup'] }),
    ]);
    const byId = (await k.get('rmu', `/api/connectors?id=${CONNECTOR.sftp}`)).json();
    expect(byId.member.map((c: { id: string }) => c.id)).toEqual([CONNECTOR.sftp]);
    expectViolation(await k.get('rmu', '/api/connectors?type=wallet'), 'invalid_value', 'type');
    expectViolation(
      await k.get('rmu', '/api/connectors?itemsPerPage=501'),
      'invalid_page_size',
      'itemsPerPage',
    );
  });

  it('answers one connector, and 404 for an unknown one', async () => {
    const one = await k.get('rmu', `/api/connectors/${CONNECTOR.sepa}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().name).toBe('SEPA credit transfer');
    expectProblem(
      await k.get('rmu', '/api/connectors/00000000-0000-4000-c000-0000000000ff'),
      404,
      'not_found',
    );
  });

  it('is refused to a store seller (no connector.configuration), as are the configurations', async () => {
    expectProblem(await k.get('seller', '/api/connectors'), 403, 'forbidden');
    expectProblem(await k.get('seller', '/api/connector-organizations'), 403, 'forbidden');
    expectProblem(await k.post('seller', '/api/connector-organizations', terminal()), 403, 'forbidden');
    expectProblem(
      await k.get('seller', `/api/connector-organizations/${C.sepaCreditTransfer.id}`),
      403,
      'forbidden',
    );
  });
});

describe('configurations', () => {
  it("lists the demo seed's configurations of Demo Retail, filtered, without any secret", async () => {
    const res = await k.get('rmu', `/api/connector-organizations?organizationId=${DEMO.orgs.retailRoot}`);
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().member.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(Object.values(C).map((c) => c.name)));
    expect(res.body).not.toContain('demo-terminal-passphrase');
    const terminalRes = (
      await k.get('rmu', `/api/connector-organizations?connectorId=${CONNECTOR.terminal}`)
    ).json();
    expect(terminalRes.member[0]).toMatchObject({
      id: C.giftCardTerminal.id,
      properties: { merchant_id: 'DEMO-MERCHANT-01', maximum_amount: '150000' },
      secrets: [{ name: 'passphrase', set: true }],
    });
    expect(terminalRes.member[0].properties).not.toHaveProperty('passphrase');
    const premium = (await k.get('rmu', '/api/connector-organizations?type=premium_feature')).json();
    expect(premium.member.map((c: { id: string }) => c.id)).toEqual([C.scanSearch.id]);
    const inactive = (await k.get('rmu', '/api/connector-organizations?status=inactive')).json();
    expect(inactive.member.every((c: { status: string }) => c.status === 'inactive')).toBe(true);
  });

  it('creates a configuration: its secret encrypted at rest, never answered, never audited', async () => {
    const res = await k.post('rmu', '/api/connector-organizations', terminal());
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Terminal Lille',
      status: 'active',
      organization: { id: DEMO.orgs.retailRoot, commonName: 'Demo Retail' },
      connector: { id: CONNECTOR.terminal, type: 'payment_mode' },
      properties: { merchant_id: 'M-LILLE', terminal_id: 'T-0042', maximum_amount: '50000' },
      secrets: [{ name: 'passphrase', set: true }],
    });
    expect(res.body).not.toContain('lille-secret-passphrase');
    const row = await storedRow(created.id);
    expect(row.account_id).toBe(DEMO.accounts.demoRetail);
    expect(row.properties).not.toHaveProperty('passphrase');
    expect(row.secrets.passphrase).toBeDefined();
    expect(row.secrets.passphrase).not.toContain('lille-secret-passphrase');
    expect(k.t.deps.keyring.decrypt(CONNECTOR_SECRET_PURPOSE, row.secrets.passphrase as string)).toBe(
      'lille-secret-passphrase',
    );
    const read = await k.get('rmu', `/api/connector-organizations/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('lille-secret-passphrase');
    const audits = await auditRows(created.id);
    expect(audits.map((a) => a.action)).toEqual(['create']);
    expect(JSON.stringify(audits)).not.toContain('lille-secret-passphrase');
    expect(JSON.stringify(audits)).not.toContain(row.secrets.passphrase as string);
  });

  it('refuses a name the account already has, whatever its case; another account may use it', async () => {
    const res = await k.post('rmu', '/api/connector-organizations', terminal({ name: 'VIREMENTS sepa' }));
    expectProblem(res, 422, 'connector_configuration_name_exists');
    expectViolation(res, 'connector_configuration_name_exists', 'name');
    const other = await k.post(
      'otherRmu',
      '/api/connector-organizations',
      terminal({ organizationId: DEMO.orgs.otherRoot, name: 'Virements SEPA' }),
    );
    expect(other.statusCode, other.body).toBe(201);
    expect((await storedRow(other.json().id)).account_id).toBe(DEMO.accounts.otherRetail);
    expectViolation(
      await k.post('rmu', '/api/connector-organizations', terminal({ name: 'X' })),
      'too_short',
      'name',
    );
  });

  it('needs at least one property, each required one, and no unknown one', async () => {
    expectViolation(
      await k.post('rmu', '/api/connector-organizations', {
        organizationId: DEMO.orgs.retailRoot,
        connectorId: CONNECTOR.scanSearch,
        name: 'Recherche vide',
        properties: {},
      }),
      'at_least_one_property',
      'properties',
    );
    const missing = await k.post('rmu', '/api/connector-organizations', {
      ...terminal({ name: 'Terminal incomplet' }),
      properties: { merchant_id: 'M-1' },
    });
    expectViolation(missing, 'required', 'properties.terminal_id');
    expectViolation(missing, 'required', 'properties.passphrase');
    expectViolation(
      await k.post(
        'rmu',
        '/api/connector-organizations',
        terminal({ name: 'Terminal inconnu' }, { colour: 'red' }),
      ),
      'unknown_property',
      'properties.colour',
    );
  });

  it('checks each value by its kind, and stores IBAN and BIC normalised', async () => {
    const sepa = (properties: Record<string, string>, name = 'Virements test') => ({
      organizationId: DEMO.orgs.retailRoot,
      connectorId: CONNECTOR.sepa,
      name,
      properties: {
        debtor_name: 'Demo Retail SAS',
        debtor_iban: 'FR7630006000011234567890189',
        debtor_bic: 'AGRIFRPPXXX',
        ...properties,
      },
    });
    expectViolation(
      await k.post(
        'rmu',
        '/api/connector-organizations',
        sepa({ debtor_iban: 'FR7630006000011234567890188' }),
      ),
      'iban_invalid',
      'properties.debtor_iban',
    );
    expectViolation(
      await k.post('rmu', '/api/connector-organizations', sepa({ debtor_bic: 'AGRIFRPPX' })),
      'invalid_bic',
      'properties.debtor_bic',
    );
    expectViolation(
      await k.post('rmu', '/api/connector-organizations', sepa({ debtor_name: 'x'.repeat(256) })),
      'too_long',
      'properties.debtor_name',
    );
    const carrier = {
      organizationId: DEMO.orgs.retailRoot,
      connectorId: CONNECTOR.sandboxCarrier,
      name: 'Transporteur test',
      properties: { api_url: 'ftp://carrier.test', account_number: 'A1', api_key: 'k', webhook_secret: 's' },
    };
    expectViolation(
      await k.post('rmu', '/api/connector-organizations', carrier),
      'invalid_url',
      'properties.api_url',
    );
    const sftp = {
      organizationId: DEMO.orgs.retailRoot,
      connectorId: CONNECTOR.sftp,
      name: 'Import test',
      properties: {
        host: 'sftp.test',
        port: '22a',
        username: 'u',
        password: 'p',
        directory: '/in',
        schedule: '0 3 * * *',
        strategy: 'replace',
      },
    };
    expectViolation(
      await k.post('rmu', '/api/connector-organizations', sftp),
      'invalid_integer',
      'properties.port',
    );
    for (const amount of ['-5', '12.5', 'ten'])
      expectViolation(
        await k.post(
          'rmu',
          '/api/connector-organizations',
          terminal({ name: 'Terminal montant' }, { maximum_amount: amount }),
        ),
        'invalid_amount',
        'properties.maximum_amount',
      );
    const ok = await k.post(
      'rmu',
      '/api/connector-organizations',
      sepa(
        { debtor_iban: 'fr76 3000 6000 0112 3456 7890 189', debtor_bic: 'agrifrpp' },
        'Virements normalisés',
      ),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().properties).toMatchObject({
      debtor_iban: 'FR7630006000011234567890189',
      debtor_bic: 'AGRIFRPP',
    });
  });

  it('patches (merge-patch): a secret not sent is kept, one sent is replaced, a required one is never emptied', async () => {
    const created = (
      await k.post(
        'rmu',
        '/api/connector-organizations',
        terminal({ name: 'Terminal Roubaix' }, { item_code: 'GC-1' }),
      )
    ).json();
    const before = await storedRow(created.id);
    const renamed = await k.patch('rmu', `/api/connector-organizations/${created.id}`, {
      name: 'Terminal Roubaix Centre',
      properties: { terminal_id: 'T-0043' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Terminal Roubaix Centre',
      properties: { terminal_id: 'T-0043', merchant_id: 'M-LILLE', item_code: 'GC-1' },
      secrets: [{ name: 'passphrase', set: true }],
    });
    const kept = await storedRow(created.id);
    expect(kept.secrets.passphrase).toBe(before.secrets.passphrase);

    expectViolation(
      await k.patch('rmu', `/api/connector-organizations/${created.id}`, { properties: { passphrase: '' } }),
      'required',
      'properties.passphrase',
    );
    expectViolation(
      await k.patch('rmu', `/api/connector-organizations/${created.id}`, {
        properties: { merchant_id: null },
      }),
      'required',
      'properties.merchant_id',
    );
    expectViolation(
      await k.patch('rmu', `/api/connector-organizations/${created.id}`, { name: 'cartes CADEAUX' }),
      'connector_configuration_name_exists',
      'name',
    );
    expectViolation(
      await k.patch('rmu', `/api/connector-organizations/${created.id}`, {
        properties: { maximum_amount: '1,5' },
      }),
      'invalid_amount',
      'properties.maximum_amount',
    );

    const replaced = await k.patch('rmu', `/api/connector-organizations/${created.id}`, {
      status: 'inactive',
      properties: { passphrase: 'new-roubaix-passphrase', item_code: null },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().status).toBe('inactive');
    expect(replaced.json().properties).not.toHaveProperty('item_code');
    expect(replaced.body).not.toContain('new-roubaix-passphrase');
    const after = await storedRow(created.id);
    expect(after.secrets.passphrase).not.toBe(before.secrets.passphrase);
    expect(k.t.deps.keyring.decrypt(CONNECTOR_SECRET_PURPOSE, after.secrets.passphrase as string)).toBe(
      'new-roubaix-passphrase',
    );
    const audits = await auditRows(created.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(audits[2]?.after).toMatchObject({ replacedSecrets: ['passphrase'], secrets: ['passphrase'] });
    const text = JSON.stringify(audits);
    expect(text).not.toContain('new-roubaix-passphrase');
    expect(text).not.toContain('lille-secret-passphrase');
    expect(text).not.toContain(after.secrets.passphrase as string);
  });

  it('refuses deleting an active configuration; deletes an inactive one (audited)', async () => {
    const created = (
      await k.post('rmu', '/api/connector-organizations', terminal({ name: 'Terminal éphémère' }))
    ).json();
    expectProblem(
      await k.remove('rmu', `/api/connector-organizations/${created.id}`),
      409,
      'connector_configuration_active',
    );
    expect(
      (await k.patch('rmu', `/api/connector-organizations/${created.id}`, { status: 'inactive' })).statusCode,
    ).toBe(200);
    const removed = await k.remove('rmu', `/api/connector-organizations/${created.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expectProblem(await k.get('rmu', `/api/connector-organizations/${created.id}`), 404, 'not_found');
    const audits = await auditRows(created.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'remove']);
    expect(JSON.stringify(audits)).not.toContain('lille-secret-passphrase');
  });

  it("lets platform operators configure a client's connector", async () => {
    const res = await k.post(
      'admin',
      '/api/connector-organizations',
      terminal({ name: 'Terminal plateforme' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedRow(res.json().id)).account_id).toBe(DEMO.accounts.demoRetail);
    const all = (await k.get('admin', '/api/connector-organizations?itemsPerPage=500')).json();
    const accounts = new Set(
      await Promise.all(all.member.map(async (c: { id: string }) => (await storedRow(c.id)).account_id)),
    );
    expect(accounts.has(DEMO.accounts.demoRetail) && accounts.has(DEMO.accounts.otherRetail)).toBe(true);
  });
});

describe('another account', () => {
  it("sees none of Demo Retail's configurations and reaches none of them (404)", async () => {
    const list = (await k.get('otherRmu', '/api/connector-organizations?itemsPerPage=500')).json();
    expect(list.member.length).toBeGreaterThan(0);
    for (const c of list.member) expect((await storedRow(c.id)).account_id).toBe(DEMO.accounts.otherRetail);
    expect(
      (await k.get('otherRmu', `/api/connector-organizations?organizationId=${DEMO.orgs.retailRoot}`)).json()
        .totalItems,
    ).toBe(0);
    const id = C.giftCardTerminal.id;
    expectProblem(await k.get('otherRmu', `/api/connector-organizations/${id}`), 404, 'not_found');
    expectProblem(
      await k.patch('otherRmu', `/api/connector-organizations/${id}`, { name: 'Pris' }),
      404,
      'not_found',
    );
    expectProblem(await k.remove('otherRmu', `/api/connector-organizations/${id}`), 404, 'not_found');
    expectProblem(
      await k.post('otherRmu', '/api/connector-organizations', terminal({ name: 'Intrus' })),
      404,
      'not_found',
    );
    expect((await storedRow(id)).name).toBe(C.giftCardTerminal.name);
  });
});

describe('premium-feature actions', () => {
  const imeiOf = (prefix: string) => `${prefix}1234567`;

  it("announces the account's connector actions in the public site's premium features", async () => {
    const res = await visitorGet('/api/white-label/premium-features');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connectorActions).toEqual(['imei_lookup']);
  });

  it("finds the account's published products by an IMEI's TAC, for the visitor and a seller", async () => {
    const hit = await visitorGet(`${PREMIUM}?action=imei_lookup&values[imei]=${imeiOf(tac)}`);
    expect(hit.statusCode, hit.body).toBe(200);
    expect(hit.json().action).toBe('imei_lookup');
    expect(hit.json().member.map((p: { id: string }) => p.id)).toContain(tacProduct);
    expect(hit.json().member[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        maxPrice: expect.any(Number),
      }),
    );
    const seller = await k.get('seller', `${PREMIUM}?action=imei_lookup&values[imei]=${imeiOf(tac)}00`);
    expect(seller.statusCode, seller.body).toBe(200);
    expect(seller.json().member.map((p: { id: string }) => p.id)).toContain(tacProduct);
  });

  it('answers no product when no TAC matches, or fewer than minimum_matches do', async () => {
    const none = await visitorGet(`${PREMIUM}?action=imei_lookup&values[imei]=${imeiOf('99999999')}`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ member: [], totalItems: 0 });
    const url = `/api/connector-organizations/${C.scanSearch.id}`;
    expect((await k.patch('rmu', url, { properties: { minimum_matches: '1000' } })).statusCode).toBe(200);
    const tooFew = await visitorGet(`${PREMIUM}?action=imei_lookup&values[imei]=${imeiOf(tac)}`);
    expect(tooFew.json()).toMatchObject({ member: [], totalItems: 0 });
    expect((await k.patch('rmu', url, { properties: { minimum_matches: '1' } })).statusCode).toBe(200);
  });

  it('refuses an IMEI that is not 15 to 17 digits (422)', async () => {
    for (const imei of ['12345678901234', '123456789012345678', `${tac}12-4567`, ''])
      expectViolation(
        await visitorGet(`${PREMIUM}?action=imei_lookup&values[imei]=${encodeURIComponent(imei)}`),
        imei === '' ? 'imei_required' : 'imei_invalid',
        'values[imei]',
      );
  });

  it('answers 404 premium_action_unavailable without an active configuration answering the action', async () => {
    expectProblem(
      await k.get('otherSeller', `${PREMIUM}?action=imei_lookup&values[imei]=${imeiOf(tac)}`),
      404,
      'premium_action_unavailable',
    );
    expectProblem(await visitorGet(`${PREMIUM}?action=price_lookup`), 404, 'premium_action_unavailable');
    const url = `/api/connector-organizations/${C.scanSearch.id}`;
    expect((await k.patch('rmu', url, { status: 'inactive' })).statusCode).toBe(200);
    expectProblem(
      await visitorGet(`${PREMIUM}?action=imei_lookup&values[imei]=${imeiOf(tac)}`),
      404,
      'premium_action_unavailable',
    );
    expect((await visitorGet('/api/white-label/premium-features')).json().connectorActions).toEqual([]);
    expect((await k.patch('rmu', url, { status: 'active' })).statusCode).toBe(200);
    expect((await visitorGet(`${PREMIUM}?action=imei_lookup&values[imei]=${imeiOf(tac)}`)).statusCode).toBe(
      200,
    );
  });

  it('is refused to a user who may not create buybacks', async () => {
    expectProblem(
      await k.get('analyst', `${PREMIUM}?action=imei_lookup&values[imei]=${imeiOf(tac)}`),
      403,
      'forbidden',
    );
  });
});
