import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRetailContext, rolledBack as rollBack } from '../../../test/rolled-back';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TxContext } from '../../platform/request-context';
import { DEMO_CONFIG } from './buyback-config.test-kit';
import * as circuits from './circuits/circuits.repository';
import * as rules from './dispatch-circuit-rules/dispatch-circuit-rules.repository';
import * as paymentModes from './payment-modes/payment-modes.repository';

/**
 * The configuration's writes stay in the context's account (platform/scoped-writes.ts): a Demo
 * Retail context that names Other Retail's circuit, rule or payment mode changes nothing of them,
 * while the same write on its own rows does. Each case runs in a transaction rolled back at the end.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const C = DEMO_CONFIG.circuits;
const R = DEMO_CONFIG.rules;
const PM = DEMO_CONFIG.paymentModes;

/** Runs `work` in a Demo Retail transaction, then rolls it back. */
const rolledBack = (work: (tx: TxContext) => Promise<void>) => rollBack(demoRetailContext(t), work);

const nameOfCircuit = async (tx: TxContext, id: string) =>
  (await tx.trx.selectFrom('circuits').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

const countOf = async (
  tx: TxContext,
  table: 'circuit_payment_modes' | 'circuit_instructions' | 'dispatch_circuit_rule_categories',
  column: 'circuit_id' | 'dispatch_circuit_rule_id',
  id: string,
) =>
  Number(
    (
      await tx.trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** How many payment modes, instructions and category links Other Retail's circuit and rule have. */
const otherAccountCounts = async (tx: TxContext) => ({
  modes: await countOf(tx, 'circuit_payment_modes', 'circuit_id', C.otherStoreDrop),
  defaults: await countOf(tx, 'circuit_instructions', 'circuit_id', C.otherStoreDrop),
  own: await countOf(tx, 'circuit_instructions', 'dispatch_circuit_rule_id', R.otherStoreDrop),
  links: await countOf(tx, 'dispatch_circuit_rule_categories', 'dispatch_circuit_rule_id', R.otherStoreDrop),
});

describe("configuration writes stay in the context's account", () => {
  it("an update by id of another account's circuit, rule or payment mode changes nothing", async () => {
    await rolledBack(async (tx) => {
      const before = await nameOfCircuit(tx, C.otherStoreDrop);
      await circuits.updateCircuit(tx, C.otherStoreDrop, { name: 'hijacked' });
      expect(await nameOfCircuit(tx, C.otherStoreDrop)).toBe(before);
      await circuits.updateCircuit(tx, C.storeDrop, { name: 'renamed' });
      expect(await nameOfCircuit(tx, C.storeDrop)).toBe('renamed');

      await rules.updateDispatchCircuitRule(tx, R.otherStoreDrop, { terms: 'hijacked' });
      expect((await rules.findDispatchCircuitRule(tx, null, R.otherStoreDrop))?.terms).not.toBe('hijacked');
      await rules.updateDispatchCircuitRule(tx, R.storeDrop, { terms: 'changed' });
      expect((await rules.findDispatchCircuitRule(tx, null, R.storeDrop))?.terms).toBe('changed');

      await paymentModes.updatePaymentMode(tx, PM.otherVoucher, { label: 'hijacked' });
      expect((await paymentModes.findPaymentMode(tx, null, PM.otherVoucher))?.label).not.toBe('hijacked');
      await paymentModes.updatePaymentMode(tx, PM.voucher, { label: 'changed' });
      expect((await paymentModes.findPaymentMode(tx, null, PM.voucher))?.label).toBe('changed');
    });
  });

  it("another account's payment modes, instructions and category links are out of reach", async () => {
    await rolledBack(async (tx) => {
      await tx.trx
        .insertInto('circuit_instructions')
        .values({ dispatch_circuit_rule_id: R.otherStoreDrop, sequence: 1, label: 'Own.', type: 'sign' })
        .execute();
      const other = await otherAccountCounts(tx);
      expect(Object.values(other).every((n) => n > 0)).toBe(true);

      await circuits.replacePaymentModes(tx, C.otherStoreDrop, []);
      await circuits.replaceInstructions(tx, { circuitId: C.otherStoreDrop }, []);
      await circuits.replaceInstructions(tx, { ruleId: R.otherStoreDrop }, []);
      const [link] = await circuits.dispatchCircuitRuleCategoryIds(tx, R.otherStoreDrop);
      await circuits.unlinkCategory(tx, R.otherStoreDrop, link as string);
      expect(await otherAccountCounts(tx)).toEqual(other);

      // the same writes reach the context's own circuit
      await circuits.replacePaymentModes(tx, C.storeDrop, []);
      await circuits.replaceInstructions(tx, { circuitId: C.storeDrop }, []);
      expect(await countOf(tx, 'circuit_payment_modes', 'circuit_id', C.storeDrop)).toBe(0);
      expect(await countOf(tx, 'circuit_instructions', 'circuit_id', C.storeDrop)).toBe(0);
    });
  });
});
