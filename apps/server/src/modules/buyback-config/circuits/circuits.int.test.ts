import type { CircuitResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  CAT,
  CIRCUIT,
  DEMO,
  expectProblem,
  expectViolation,
  newCircuit,
  OTHER_CAT,
  PM,
  TRANSPORT_PROVIDERS,
  useConfigKit,
} from '../buyback-config.test-kit';

const k = useConfigKit();

async function created(over: Record<string, unknown> = {}): Promise<CircuitResponse> {
  const res = await k.post('rmu', '/api/circuits', newCircuit(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const countCircuits = async () =>
  Number(
    (
      await k.t.db
        .selectFrom('circuits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('circuits', () => {
  it('lists the account’s circuits with status, type, channel and linked categories', async () => {
    const res = await k.get('analyst', '/api/circuits?itemsPerPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalItems).toBeGreaterThanOrEqual(6);
    const storeDrop = body.member.find((c: CircuitResponse) => c.id === CIRCUIT.storeDrop);
    expect(storeDrop).toMatchObject({
      type: 'store_drop',
      channel: 'store',
      depositType: 'drop',
      status: 'active',
      warehouseId: DEMO.orgs.warehouseSaintPriest,
      numberOfCategories: 6,
      transferOrderNumberOfCopy: 2,
    });
    expect(storeDrop.defaultInstructions.map((i: { sequence: number }) => i.sequence)).toEqual([1, 2, 3, 4]);
    expect(storeDrop.paymentModes).toHaveLength(4);
    const filtered = (await k.get('rmu', '/api/circuits?channel=web&order[name]=asc')).json();
    expect(filtered.member.every((c: CircuitResponse) => c.channel === 'web')).toBe(true);
  });

  it('creates a circuit with its ordered instructions, payment modes and bonus/malus, with an audit row', async () => {
    const circuit = await created({
      description: 'Envoi en point relais',
      eligibleCountries: ['fr', 'BE', 'FR'],
      paymentModeIds: [PM.bankTransfer, PM.voucher],
      bonusMode: 'percentage',
      bonusValue: -10,
      bonusCap: -20,
      transferOrderNumberOfCopy: 3,
      defaultInstructions: [
        { label: 'Imprimez le bordereau', type: 'print' },
        { label: 'Fermez le colis', type: 'close' },
        { label: 'Déposez-le en point relais', type: 'post' },
      ],
    });
    expect(circuit).toMatchObject({
      type: 'web_post',
      eligibleCountries: ['FR', 'BE'],
      bonusMode: 'percentage',
      modifier: { kind: 'percentage', value: -10, capCents: -2000 },
      transferOrderNumberOfCopy: 3,
      transportProvider: { id: TRANSPORT_PROVIDERS.colissimo, name: 'Colissimo' },
      dispatchCircuitRuleStatus: 'enabled',
      numberOfCategories: 0,
    });
    expect(circuit.defaultInstructions.map((i) => [i.sequence, i.type])).toEqual([
      [1, 'print'],
      [2, 'close'],
      [3, 'post'],
    ]);
    expect([...circuit.paymentModeIds].sort()).toEqual([PM.bankTransfer, PM.voucher].sort());
    expect((await k.get('rmu', `/api/circuits/${circuit.id}`)).json()).toEqual(circuit);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['entity_type', 'action'])
      .where('entity_id', '=', circuit.id)
      .execute();
    expect(audit).toEqual([{ entity_type: 'circuit', action: 'create' }]);
  });

  it('an amount bonus/malus is whole currency units, its modifier in cents', async () => {
    const circuit = await created({ bonusMode: 'amount', bonusValue: 7 });
    expect(circuit.modifier).toEqual({ kind: 'fixed', value: 700, capCents: null });
  });

  describe('refuses', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['a description over 500 characters', { description: 'x'.repeat(501) }, 'too_long', 'description'],
      [
        'markup in the description',
        { description: 'Un <b>beau</b> circuit' },
        'markup_not_allowed',
        'description',
      ],
      [
        'a seventh instruction',
        { defaultInstructions: Array.from({ length: 7 }, (_, n) => ({ label: `Étape ${n}`, type: 'none' })) },
        'too_many_instructions',
        'defaultInstructions',
      ],
      [
        'an instruction label over 150 characters',
        { defaultInstructions: [{ label: 'x'.repeat(151), type: 'none' }] },
        'too_long',
        'defaultInstructions.0.label',
      ],
      [
        'an empty instruction label',
        { defaultInstructions: [{ label: ' ', type: 'none' }] },
        'too_short',
        'defaultInstructions.0.label',
      ],
      [
        'an unknown instruction type',
        { defaultInstructions: [{ label: 'Étape', type: 'fly' }] },
        'invalid_value',
        'defaultInstructions.0.type',
      ],
      ['no eligible country', { eligibleCountries: [] }, 'at_least_one_country', 'eligibleCountries'],
      ['a bad country code', { eligibleCountries: ['FRA'] }, 'invalid_country', 'eligibleCountries.0'],
      ['a decimal bonus value', { bonusMode: 'amount', bonusValue: 2.5 }, 'not_integer', 'bonusValue'],
      ['a decimal cap', { bonusMode: 'percentage', bonusValue: 5, bonusCap: 1.5 }, 'not_integer', 'bonusCap'],
      ['a value without a mode', { bonusValue: 5 }, 'bonus_mode_required', 'bonusMode'],
      ['a mode without a value', { bonusMode: 'percentage' }, 'required', 'bonusValue'],
      ['a zero value', { bonusMode: 'amount', bonusValue: 0 }, 'bonus_value_zero', 'bonusValue'],
      [
        'a percentage over 100',
        { bonusMode: 'percentage', bonusValue: 101 },
        'bonus_value_range',
        'bonusValue',
      ],
      [
        'a cap of the other sign',
        { bonusMode: 'percentage', bonusValue: -5, bonusCap: 10 },
        'bonus_cap_sign',
        'bonusCap',
      ],
      [
        'a cap on an amount',
        { bonusMode: 'amount', bonusValue: 5, bonusCap: 10 },
        'bonus_cap_percentage_only',
        'bonusCap',
      ],
      [
        'a drop circuit without warehouse',
        { channel: 'store', depositType: 'drop', status: 'inactive', warehouseId: null },
        'warehouse_required',
        'warehouseId',
      ],
      [
        'a drop_label circuit without warehouse',
        { channel: 'store', depositType: 'drop_label', warehouseId: null },
        'warehouse_required',
        'warehouseId',
      ],
      [
        'a drop_label circuit without transport',
        { channel: 'web', depositType: 'drop_label', transportProviderId: null },
        'transport_required',
        'transportProviderId',
      ],
      [
        'a post circuit without transport',
        { transportProviderId: null },
        'transport_required',
        'transportProviderId',
      ],
      [
        'a store post circuit',
        { channel: 'store', depositType: 'post' },
        'circuit_type_not_allowed',
        'depositType',
      ],
      [
        'a warehouse the account is not connected to',
        { warehouseId: DEMO.orgs.storeParis },
        'warehouse_not_allowed',
        'warehouseId',
      ],
      [
        'another account’s payment mode',
        { paymentModeIds: [PM.otherBankTransfer] },
        'payment_mode_not_found',
        'paymentModeIds',
      ],
      [
        'an unknown transport provider',
        { transportProviderId: '00000000-0000-4000-b000-0000000000ff' },
        'transport_provider_not_found',
        'transportProviderId',
      ],
      [
        'zero transfer-order copies',
        { transferOrderNumberOfCopy: 0 },
        'too_small',
        'transferOrderNumberOfCopy',
      ],
      ['a one-letter name', { name: 'x' }, 'too_short', 'name'],
    ];
    it.each(cases)('%s', async (_, over, code, path) => {
      const before = await countCircuits();
      expectViolation(await k.post('rmu', '/api/circuits', newCircuit(over)), code, path);
      expect(await countCircuits()).toBe(before);
    });
  });

  it('accepts six instructions of 150 characters and a 500-character description', async () => {
    const circuit = await created({
      description: 'd'.repeat(500),
      defaultInstructions: Array.from({ length: 6 }, (_, n) => ({
        label: `${n}`.padEnd(150, 'x'),
        type: 'sign',
      })),
    });
    expect(circuit.defaultInstructions).toHaveLength(6);
  });

  it('only one store_drop circuit may be active', async () => {
    const second = newCircuit({ channel: 'store', depositType: 'drop', transportProviderId: null });
    expectProblem(await k.post('rmu', '/api/circuits', second), 409, 'store_drop_already_active');
    const inactive = await created({ ...second, status: 'inactive' });
    expectProblem(
      await k.patch('rmu', `/api/circuits/${inactive.id}`, { status: 'active' }),
      409,
      'store_drop_already_active',
    );
    expect((await k.get('rmu', `/api/circuits/${inactive.id}`)).json().status).toBe('inactive');
    // another account has its own active store_drop
    const other = await k.post('otherRmu', '/api/circuits', {
      ...second,
      paymentModeIds: [],
      warehouseId: DEMO.orgs.warehouseRoubaix,
      status: 'inactive',
    });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('a web_drop circuit needs an active store_drop circuit, which cannot be deactivated under it', async () => {
    expectProblem(
      await k.patch('rmu', `/api/circuits/${CIRCUIT.storeDrop}`, { status: 'inactive' }),
      409,
      'store_drop_in_use',
    );
    expect((await k.get('rmu', `/api/circuits/${CIRCUIT.storeDrop}`)).json().status).toBe('active');
    // with the web_drop inactive, the store_drop may go
    expect(
      (await k.patch('rmu', `/api/circuits/${CIRCUIT.webDrop}`, { status: 'inactive' })).statusCode,
    ).toBe(200);
    expect(
      (await k.patch('rmu', `/api/circuits/${CIRCUIT.storeDrop}`, { status: 'inactive' })).statusCode,
    ).toBe(200);
    const webDrop = newCircuit({ depositType: 'drop', transportProviderId: null });
    expectProblem(await k.post('rmu', '/api/circuits', webDrop), 422, 'store_drop_required');
    expectProblem(
      await k.patch('rmu', `/api/circuits/${CIRCUIT.webDrop}`, { status: 'active' }),
      422,
      'store_drop_required',
    );
    // an inactive web_drop may be prepared meanwhile
    expect((await k.post('rmu', '/api/circuits', { ...webDrop, status: 'inactive' })).statusCode).toBe(201);
    expect(
      (await k.patch('rmu', `/api/circuits/${CIRCUIT.storeDrop}`, { status: 'active' })).statusCode,
    ).toBe(200);
    expect((await k.patch('rmu', `/api/circuits/${CIRCUIT.webDrop}`, { status: 'active' })).statusCode).toBe(
      200,
    );
  });

  it('edits a circuit: reorders its instructions, changes payment modes and bonus/malus', async () => {
    const circuit = await created({
      defaultInstructions: [
        { label: 'Un', type: 'print' },
        { label: 'Deux', type: 'close' },
      ],
      bonusMode: 'percentage',
      bonusValue: 5,
      bonusCap: 10,
    });
    const res = await k.patch('rmu', `/api/circuits/${circuit.id}`, {
      defaultInstructions: [
        { label: 'Deux', type: 'close' },
        { label: 'Un', type: 'print' },
      ],
      paymentModeIds: [PM.giftCard],
      bonusMode: 'disabled',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited: CircuitResponse = res.json();
    expect(edited.defaultInstructions.map((i) => [i.sequence, i.label])).toEqual([
      [1, 'Deux'],
      [2, 'Un'],
    ]);
    expect(edited.paymentModeIds).toEqual([PM.giftCard]);
    expect(edited).toMatchObject({ bonusMode: 'disabled', bonusValue: null, bonusCap: null, modifier: null });
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', circuit.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('a patch is checked whole: removing the transport of a post circuit is refused', async () => {
    const circuit = await created();
    expectViolation(
      await k.patch('rmu', `/api/circuits/${circuit.id}`, { transportProviderId: null }),
      'transport_required',
      'transportProviderId',
    );
    expect((await k.get('rmu', `/api/circuits/${circuit.id}`)).json().transportProviderId).toBe(
      TRANSPORT_PROVIDERS.colissimo,
    );
  });

  it('the channel and deposit type cannot change', async () => {
    expectProblem(
      await k.patch('rmu', `/api/circuits/${CIRCUIT.webPost}`, { channel: 'store' }),
      422,
      'immutable_field',
    );
    expectProblem(
      await k.patch('rmu', `/api/circuits/${CIRCUIT.webPost}`, { depositType: 'collect' }),
      422,
      'immutable_field',
    );
    expect((await k.patch('rmu', `/api/circuits/${CIRCUIT.webPost}`, { channel: 'web' })).statusCode).toBe(
      200,
    );
  });

  it('only circuit managers write; analysts read; sellers neither', async () => {
    expectProblem(await k.post('analyst', '/api/circuits', newCircuit()), 403, 'forbidden');
    expectProblem(
      await k.patch('analyst', `/api/circuits/${CIRCUIT.webPost}`, { name: 'Nouveau' }),
      403,
      'forbidden',
    );
    expectProblem(await k.get('seller', '/api/circuits'), 403, 'forbidden');
    expect((await k.get('analyst', `/api/circuits/${CIRCUIT.webPost}`)).statusCode).toBe(200);
  });

  it('lists transport providers and the warehouses a circuit may use', async () => {
    const providers = (await k.get('rmu', '/api/transport-providers')).json().member;
    expect(providers.map((p: { code: string }) => p.code)).toContain('colissimo');
    const warehouses = (await k.get('rmu', '/api/circuit-warehouses')).json().member;
    expect(warehouses.map((w: { id: string }) => w.id).sort()).toEqual(
      [DEMO.orgs.warehouseSaintPriest, DEMO.orgs.warehouseRoubaix].sort(),
    );
    expectViolation(await k.get('admin', '/api/circuit-warehouses'), 'required', 'accountId');
  });
});

describe('circuits and categories', () => {
  it('links and unlinks a circuit and a category, with audit rows', async () => {
    const circuit = await created();
    const url = `/api/categories/${CAT.audio}/circuits/${circuit.id}`;
    const linked = await k.post('rmu', url);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().member.map((c: { id: string }) => c.id)).toContain(circuit.id);
    // linking twice changes nothing
    expect((await k.post('rmu', url)).statusCode).toBe(200);
    const read = (await k.get('rmu', `/api/circuits/${circuit.id}`)).json();
    expect(read.categories.map((c: { id: string }) => c.id)).toEqual([CAT.audio]);
    const unlinked = await k.remove('rmu', url);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().member.map((c: { id: string }) => c.id)).not.toContain(circuit.id);
    expect((await k.get('rmu', `/api/circuits/${circuit.id}`)).json().numberOfCategories).toBe(0);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_type', '=', 'dispatch_circuit_rule')
      .where('entity_id', '=', circuit.dispatchCircuitRuleId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => (a.after as { categoryIds: string[] }).categoryIds)).toEqual([[CAT.audio], []]);
  });

  it('the circuits of a category', async () => {
    const res = await k.get('analyst', `/api/categories/${CAT.laptops}/circuits`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .member.map((c: { type: string }) => c.type)
        .sort(),
    ).toEqual(
      ['store_collect', 'store_drop', 'store_drop_label', 'web_collect', 'web_drop', 'web_post'].sort(),
    );
  });

  it('a category and a circuit of different accounts cannot be linked', async () => {
    const otherCategory = OTHER_CAT.smartphones as string;
    expectProblem(
      await k.post('rmu', `/api/categories/${otherCategory}/circuits/${CIRCUIT.webPost}`),
      404,
      'not_found',
    );
    expectProblem(
      await k.post('admin', `/api/categories/${otherCategory}/circuits/${CIRCUIT.webPost}`),
      404,
      'not_found',
    );
  });
});

describe('isolation', () => {
  it('Other Retail neither sees nor changes Demo Retail’s circuits', async () => {
    const list = (await k.get('otherRmu', '/api/circuits?itemsPerPage=100')).json();
    expect(list.member.every((c: CircuitResponse) => c.accountId === DEMO.accounts.otherRetail)).toBe(true);
    expect(list.member.map((c: CircuitResponse) => c.id)).toContain(CIRCUIT.otherStoreDrop);
    expectProblem(await k.get('otherRmu', `/api/circuits/${CIRCUIT.storeDrop}`), 404, 'not_found');
    expectProblem(
      await k.patch('otherRmu', `/api/circuits/${CIRCUIT.storeDrop}`, { name: 'Volé' }),
      404,
      'not_found',
    );
    expectProblem(
      await k.post('otherRmu', `/api/categories/${CAT.smartphones}/circuits/${CIRCUIT.otherStoreDrop}`),
      404,
      'not_found',
    );
    expectProblem(
      await k.remove('otherRmu', `/api/categories/${CAT.smartphones}/circuits/${CIRCUIT.storeDrop}`),
      404,
      'not_found',
    );
    expectProblem(await k.get('otherRmu', `/api/categories/${CAT.smartphones}/circuits`), 404, 'not_found');
    expect((await k.get('rmu', `/api/circuits/${CIRCUIT.storeDrop}`)).json().name).toBe('Dépôt en magasin');
  });

  it('platform operators read every account and name the account they write', async () => {
    const all = (await k.get('admin', '/api/circuits?itemsPerPage=100')).json();
    const accounts = new Set(all.member.map((c: CircuitResponse) => c.accountId));
    expect(accounts).toEqual(new Set([DEMO.accounts.demoRetail, DEMO.accounts.otherRetail]));
    expectViolation(await k.post('admin', '/api/circuits', newCircuit()), 'required', 'accountId');
    expectViolation(
      await k.post('admin', '/api/circuits', newCircuit({ accountId: DEMO.accounts.demoBuyer })),
      'not_a_retailer',
      'accountId',
    );
    const res = await k.post('admin', '/api/circuits', newCircuit({ accountId: DEMO.accounts.demoRetail }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().accountId).toBe(DEMO.accounts.demoRetail);
  });
});
