import type { DispatchCircuitRuleResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  CAT,
  CIRCUIT,
  DEMO,
  expectProblem,
  expectViolation,
  RULE,
  useConfigKit,
} from '../buyback-config.test-kit';

const k = useConfigKit();

const laptops = CAT.laptops as string;

describe('dispatch circuit rules', () => {
  it('lists the rules with their circuit, categories, countries and effective instructions', async () => {
    const res = await k.get('analyst', '/api/dispatch-circuit-rules?itemsPerPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const rules: DispatchCircuitRuleResponse[] = res.json().member;
    expect(rules).toHaveLength(6);
    const webPost = rules.find((r) => r.id === RULE.webPost) as DispatchCircuitRuleResponse;
    expect(webPost).toMatchObject({
      circuit: { id: CIRCUIT.webPost, type: 'web_post', channel: 'web' },
      circuitName: 'Envoi par la poste',
      numberOfCategories: 6,
      status: 'enabled',
      ownInstructions: true,
      eligibleCountries: null,
      effectiveEligibleCountries: ['FR', 'BE'],
    });
    expect(webPost.effectiveInstructions.map((i) => i.type)).toEqual(['join', 'mailbox']);
    const storeDrop = rules.find((r) => r.id === RULE.storeDrop) as DispatchCircuitRuleResponse;
    expect(storeDrop.traceabilityEnabled).toBe(true);
    expect(storeDrop.effectiveInstructions.map((i) => i.type)).toEqual(['sign', 'print', 'protect', 'close']);
    const webCollect = rules.find((r) => r.id === RULE.webCollect) as DispatchCircuitRuleResponse;
    expect(webCollect.effectiveEligibleCountries).toEqual(['FR']);
    const byCircuit = (await k.get('rmu', `/api/dispatch-circuit-rules?circuit=${CIRCUIT.webDrop}`)).json();
    expect(byCircuit.member.map((r: DispatchCircuitRuleResponse) => r.id)).toEqual([RULE.webDrop]);
    const byCategory = (
      await k.get('rmu', `/api/dispatch-circuit-rules?category=${laptops}&itemsPerPage=100`)
    ).json();
    expect(byCategory.totalItems).toBe(6);
  });

  it('disables and enables a rule', async () => {
    const off = await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.storeCollect}`, {
      status: 'disabled',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe('disabled');
    const disabled = (await k.get('rmu', '/api/dispatch-circuit-rules?status=disabled')).json();
    expect(disabled.member.map((r: DispatchCircuitRuleResponse) => r.id)).toEqual([RULE.storeCollect]);
    expect(
      (await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.storeCollect}`, { status: 'enabled' })).json()
        .status,
    ).toBe('enabled');
  });

  it('edits a rule: own instructions, countries, traceability, terms, description, highlighted instruction', async () => {
    const res = await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.storeDropLabel}`, {
      ownInstructions: true,
      instructions: [
        { label: 'Scotchez le carton', type: 'close' },
        { label: 'Remettez-le au facteur', type: 'post' },
      ],
      eligibleCountries: ['fr'],
      traceabilityEnabled: true,
      terms: 'Conditions du transport.',
      description: 'Envoi suivi',
      highlightedInstruction: 'Retirez la carte SIM.',
      customValues: { carrierAccount: '12345' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rule: DispatchCircuitRuleResponse = res.json();
    expect(rule).toMatchObject({
      ownInstructions: true,
      eligibleCountries: ['FR'],
      effectiveEligibleCountries: ['FR'],
      traceabilityEnabled: true,
      terms: 'Conditions du transport.',
      description: 'Envoi suivi',
      highlightedInstruction: 'Retirez la carte SIM.',
      customValues: { carrierAccount: '12345' },
    });
    expect(rule.effectiveInstructions.map((i) => [i.sequence, i.label])).toEqual([
      [1, 'Scotchez le carton'],
      [2, 'Remettez-le au facteur'],
    ]);
    // back to the circuit's instructions and countries; its own are kept for later
    const back = (
      await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.storeDropLabel}`, {
        ownInstructions: false,
        eligibleCountries: null,
      })
    ).json();
    expect(back.effectiveInstructions.map((i: { type: string }) => i.type)).toEqual([
      'print',
      'insert',
      'close',
      'post',
    ]);
    expect(back.instructions).toHaveLength(2);
    expect(back.effectiveEligibleCountries).toEqual(['FR']);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', RULE.storeDropLabel)
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses own instructions without any, over six, markup, and an empty country list', async () => {
    expectViolation(
      await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.webDrop}`, { ownInstructions: true }),
      'instructions_required',
      'instructions',
    );
    expectViolation(
      await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.webDrop}`, {
        instructions: Array.from({ length: 7 }, () => ({ label: 'x', type: 'none' })),
      }),
      'too_many_instructions',
      'instructions',
    );
    expectViolation(
      await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.webDrop}`, {
        description: '<script>x</script>',
      }),
      'markup_not_allowed',
      'description',
    );
    expectViolation(
      await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.webDrop}`, { eligibleCountries: [] }),
      'at_least_one_country',
      'eligibleCountries',
    );
    expectViolation(
      await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.webDrop}`, { terms: 't'.repeat(5001) }),
      'too_long',
      'terms',
    );
    expect((await k.get('rmu', `/api/dispatch-circuit-rules/${RULE.webDrop}`)).json().ownInstructions).toBe(
      false,
    );
  });

  it('analysts read the rules but do not edit them', async () => {
    expect((await k.get('analyst', `/api/dispatch-circuit-rules/${RULE.webDrop}`)).statusCode).toBe(200);
    expectProblem(
      await k.patch('analyst', `/api/dispatch-circuit-rules/${RULE.webDrop}`, { status: 'disabled' }),
      403,
      'forbidden',
    );
    expectProblem(await k.get('seller', '/api/dispatch-circuit-rules'), 403, 'forbidden');
  });

  it('Other Retail neither sees nor changes Demo Retail’s rules', async () => {
    const list = (await k.get('otherRmu', '/api/dispatch-circuit-rules')).json();
    expect(list.member.map((r: DispatchCircuitRuleResponse) => r.id)).toEqual([RULE.otherStoreDrop]);
    expect(list.member[0].accountId).toBe(DEMO.accounts.otherRetail);
    expectProblem(await k.get('otherRmu', `/api/dispatch-circuit-rules/${RULE.webPost}`), 404, 'not_found');
    expectProblem(
      await k.patch('otherRmu', `/api/dispatch-circuit-rules/${RULE.webPost}`, { status: 'disabled' }),
      404,
      'not_found',
    );
    expect((await k.get('rmu', `/api/dispatch-circuit-rules/${RULE.webPost}`)).json().status).toBe('enabled');
  });
});

describe("a rule's premium action (launch-premium-feature-connector)", () => {
  const launch = (rule: string, imei: string) =>
    `/api/dispatch-circuit-rules/${rule}/launch-premium-feature-connector?action=imei_lookup&values[imei]=${imei}`;
  const setAction = (rule: string, action: unknown, who: 'rmu' | 'analyst' | 'otherRmu' = 'rmu') =>
    k.patch(who, `/api/dispatch-circuit-rules/${rule}/launch-premium-feature-connector`, { action });

  it("is set by PATCH (audited), run by GET within the rule's categories only, and stopped by null", async () => {
    // two published products sharing one TAC: a laptop (a category of the web collect rule) and a
    // product outside the rule's categories
    const outside = await k.t.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.main_category_id')
      .select(['p.id'])
      .where('p.account_id', '=', DEMO.accounts.demoRetail)
      .where('p.status', '=', 'published')
      .where('c.path', 'not like', `%${laptops}%`)
      .where('c.path', 'not like', `%${CAT.consoles}%`)
      .executeTakeFirstOrThrow();
    const laptop = await k.t.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.main_category_id')
      .select(['p.id'])
      .where('p.status', '=', 'published')
      .where('c.path', 'like', `%${laptops}%`)
      .executeTakeFirstOrThrow();
    const tac = '99887766';
    await k.t.db
      .updateTable('products')
      .set({ tac_codes: [tac] })
      .where('id', 'in', [outside.id, laptop.id])
      .execute();
    const imei = `${tac}1234567`;

    // no action set yet: the rule launches none
    expectProblem(await k.get('seller', launch(RULE.webCollect, imei)), 404, 'premium_action_unavailable');

    const set = await setAction(RULE.webCollect, 'imei_lookup');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().premiumAction).toBe('imei_lookup');
    expect((await k.get('rmu', `/api/dispatch-circuit-rules/${RULE.webCollect}`)).json().premiumAction).toBe(
      'imei_lookup',
    );
    const entry = await k.t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_type', '=', 'dispatch_circuit_rule')
      .where('entity_id', '=', RULE.webCollect)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ before: { premiumAction: null }, after: { premiumAction: 'imei_lookup' } });

    const hit = await k.get('seller', launch(RULE.webCollect, imei));
    expect(hit.statusCode, hit.body).toBe(200);
    expect(hit.json().member.map((p: { id: string }) => p.id)).toEqual([laptop.id]);
    // the account-level action answers both
    const all = await k.get(
      'seller',
      `/api/organizations/launch-generic-premium-feature-connector?action=imei_lookup&values[imei]=${imei}`,
    );
    expect(all.json().totalItems).toBe(2);
    expectViolation(await k.get('seller', launch(RULE.webCollect, '123')), 'imei_invalid', 'values[imei]');
    // another retailer's user: the rule is not there
    expectProblem(await k.get('otherRmu', launch(RULE.webCollect, imei)), 404, 'not_found');

    // a disabled rule launches nothing
    await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.webCollect}`, { status: 'disabled' });
    expectProblem(await k.get('seller', launch(RULE.webCollect, imei)), 404, 'premium_action_unavailable');
    await k.patch('rmu', `/api/dispatch-circuit-rules/${RULE.webCollect}`, { status: 'enabled' });

    const off = await setAction(RULE.webCollect, null);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().premiumAction).toBeNull();
    expectProblem(await k.get('seller', launch(RULE.webCollect, imei)), 404, 'premium_action_unavailable');
  });

  it('refuses an unknown action, an action no active configuration answers, a reader, another retailer', async () => {
    expectViolation(await setAction(RULE.webPost, 'teleport'), 'invalid_value', 'action');
    const extra = await k.patch(
      'rmu',
      `/api/dispatch-circuit-rules/${RULE.webPost}/launch-premium-feature-connector`,
      {
        action: 'imei_lookup',
        extra: 1,
      },
    );
    expect(extra.statusCode, extra.body).toBe(422);
    await k.t.db
      .updateTable('connector_configurations')
      .set({ status: 'inactive' })
      .where('id', '=', DEMO.connectorConfigurations.scanSearch.id)
      .execute();
    try {
      const refused = await setAction(RULE.webPost, 'imei_lookup');
      expectViolation(refused, 'premium_action_unavailable', 'action');
      expect(refused.statusCode).toBe(422);
    } finally {
      await k.t.db
        .updateTable('connector_configurations')
        .set({ status: 'active' })
        .where('id', '=', DEMO.connectorConfigurations.scanSearch.id)
        .execute();
    }
    expectProblem(await setAction(RULE.webPost, 'imei_lookup', 'analyst'), 403, 'forbidden');
    expectProblem(await setAction(RULE.webPost, 'imei_lookup', 'otherRmu'), 404, 'not_found');
    const rule = await k.t.db
      .selectFrom('dispatch_circuit_rules')
      .select('premium_action')
      .where('id', '=', RULE.webPost)
      .executeTakeFirstOrThrow();
    expect(rule.premium_action).toBeNull();
  });
});
