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
