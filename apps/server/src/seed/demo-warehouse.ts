import { createHash, randomBytes } from 'node:crypto';
import {
  type AbsorptionType,
  computePrice,
  type DiagnosticAnswerInput,
  type ItemRefurbStepAction,
  type ItemStatus,
  NATIVE_STOCK_KINDS,
  type NativeStockKind,
  type PricingInput,
  type QuarantineReason,
} from '@reprise/shared';
import { sql } from 'kysely';
import { moveItem, recordItemEvent, resolveItem } from '../modules/buyback-lifecycle/item-moves';
import type * as items from '../modules/buyback-lifecycle/items.repository';
import { createBuybacks } from '../modules/buybacks/create-buybacks.service';
import { checkAnswers } from '../modules/buybacks/diagnosis';
import { loadProductContext } from '../modules/buybacks/wizard.service';
import { addPackageItem, closePackage, createPackage } from '../modules/expeditions/packages.service';
import {
  finalizeRefurbDiagnosis,
  getRefurbQuestions,
  saveAnswers,
  startRefurbDiagnosis,
} from '../modules/refurb-diagnosis/refurb-diagnosis.service';
import {
  actOnStep,
  listItemSteps,
  validateItem,
} from '../modules/refurb-execution/item-refurb-steps.service';
import { type ControlDecision, controlDecision } from '../modules/warehouse/control.rules';
import type { AppDeps } from '../platform/deps';
import type { Trx, TxContext } from '../platform/request-context';
import type { Keyring } from '../platform/secrets';
import { DEMO_CONFIG } from './buyback-config';
import { actorOf, commandOf, customer, line } from './buybacks';
import { DEMO_CATALOG } from './catalog';
import { DIAGNOSTIC_QUESTIONS, type DiagnosticQuestionKey } from './catalog-data';
import { DEMO } from './demo-ids';

/**
 * The warehouse's demo (issue 12): buybacks of Demo Retail dropped in its Paris store and sent to
 * Demo Buyer's Saint-Priest warehouse, at each step of the reception, so that every warehouse
 * screen (check-in, control, litigation, quarantine, loss, verification, an item's history) has
 * something to show on a new database; and two warehouse dispatch rules of Demo Buyer.
 *
 * The items move through the item move itself (modules/buyback-lifecycle/item-moves.ts: the item table,
 * the buyback following its item, the item events, the audit), with what each screen's service
 * records (send, check-in, control, quarantine, litigation, loss: modules/warehouse/*.service.ts),
 * as the demo user who would make the step: the Paris store seller sends and declares the loss in
 * store, the Saint-Priest operator checks in, controls and declares the other losses, the
 * Saint-Priest manager releases from quarantine, the customer answers a counter-offer (no user).
 * A control is priced as the control prices it (the buyback's price snapshot and the operator's
 * answers) and ends as control.rules.ts decides. The services' mails and reminders are not sent.
 * Each step is dated back (the seed runs in one transaction, whose `now()` is one instant), so
 * that histories read as they would have happened.
 *
 * Runs after the demo buybacks (seed/buybacks.ts), in the seed's transaction: the item numbers it
 * gives follow theirs, `DEMO.warehouseItems` (demo-warehouse.int.test.ts checks them).
 */

const C = DEMO_CONFIG.circuits;
const PM = DEMO_CONFIG.paymentModes;
const cat = DEMO_CATALOG.categories as Record<string, string>;
const SAINT_PRIEST = DEMO.orgs.warehouseSaintPriest;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The users (and the customer) who make the steps, each a command in the seed's transaction. */
interface Makers {
  trx: Trx;
  seller: TxContext;
  operator: TxContext;
  manager: TxContext;
  /** The customer answering a counter-offer on the public site: no user, the retailer's account. */
  customer: items.ItemTx;
  stocks: Record<NativeStockKind, string>;
  /** What the store declared for each item (the answers the control starts from). */
  declared: Map<string, DiagnosticAnswerInput[]>;
  /** When each step happened, in order, dated at the end (`dateSteps`). */
  timeline: Timeline;
}

/**
 * When the buybacks were made and each of their items' steps happened. The seed runs in one
 * transaction, whose `now()` is one instant: the rows are dated back at the end, in a few
 * statements, so that histories read as they would have happened.
 */
interface Timeline {
  /** Per buyback: when it was made. */
  made: Map<string, Date>;
  /** Per item, in order: each step's time, and whether it changed a status (a buyback status event). */
  steps: Map<string, { buybackId: string; at: Date; statusEvent: boolean }[]>;
}

/** The moment a step happened: `days` (and `hours`) before now. */
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * HOUR);

/** Records when the step just made on an item happened (each step writes one item event). */
function dated(m: Makers, item: items.ItemRow, at: Date, statusEvent = true): void {
  const steps = m.timeline.steps.get(item.id) ?? [];
  steps.push({ buybackId: item.buyback_id, at, statusEvent });
  m.timeline.steps.set(item.id, steps);
}

/**
 * Dates the rows the seed wrote at its transaction's `now()`: the buybacks (made), their status
 * events (made, then each status change), the items' events and latest moves, by their order.
 */
async function dateSteps(trx: Trx, timeline: Timeline): Promise<void> {
  const iso = (d: Date) => d.toISOString();
  const made = [...timeline.made];
  await sql`
    WITH made AS (
      SELECT * FROM unnest(${made.map(([id]) => id)}::uuid[], ${made.map(([, at]) => iso(at))}::timestamptz[])
        AS v (buyback_id, at)
    ), buybacks AS (
      UPDATE buybacks b SET created_at = made.at, updated_at = made.at FROM made WHERE b.id = made.buyback_id
      RETURNING b.id
    )
    UPDATE buyback_items i SET created_at = made.at FROM made WHERE i.buyback_id = made.buyback_id`.execute(
    trx,
  );
  const events = [...timeline.steps].flatMap(([itemId, steps]) =>
    steps.map((step, index) => ({ itemId, n: index + 1, at: iso(step.at) })),
  );
  const last = [...timeline.steps].map(([itemId, steps]) => ({ itemId, at: iso(steps.at(-1)?.at as Date) }));
  await sql`
    WITH v AS (
      SELECT * FROM unnest(${events.map((e) => e.itemId)}::uuid[], ${events.map((e) => e.n)}::int[],
                           ${events.map((e) => e.at)}::timestamptz[]) AS v (item_id, n, at)
    ), numbered AS (
      SELECT id, item_id, row_number() OVER (PARTITION BY item_id ORDER BY id) AS n
        FROM item_events WHERE item_id IN (SELECT item_id FROM v)
    ), events AS (
      UPDATE item_events e SET at = v.at FROM numbered, v
       WHERE e.id = numbered.id AND v.item_id = numbered.item_id AND v.n = numbered.n
      RETURNING e.id
    )
    UPDATE buyback_items i SET latest_move_at = l.at
      FROM unnest(${last.map((l) => l.itemId)}::uuid[], ${last.map((l) => l.at)}::timestamptz[]) AS l (item_id, at)
     WHERE i.id = l.item_id`.execute(trx);
  // a buyback's status events: its creation, then each step that changed a status
  const statuses = made.flatMap(([buybackId, at]) => [
    { buybackId, n: 1, at: iso(at) },
    ...[...timeline.steps.values()]
      .flat()
      .filter((step) => step.buybackId === buybackId && step.statusEvent)
      .map((step, index) => ({ buybackId, n: index + 2, at: iso(step.at) })),
  ]);
  await sql`
    WITH v AS (
      SELECT * FROM unnest(${statuses.map((e) => e.buybackId)}::uuid[], ${statuses.map((e) => e.n)}::int[],
                           ${statuses.map((e) => e.at)}::timestamptz[]) AS v (buyback_id, n, at)
    ), numbered AS (
      SELECT id, buyback_id, row_number() OVER (PARTITION BY buyback_id ORDER BY id) AS n
        FROM buyback_status_events WHERE buyback_id IN (SELECT buyback_id FROM v)
    )
    UPDATE buyback_status_events e SET at = v.at FROM numbered, v
     WHERE e.id = numbered.id AND v.buyback_id = numbered.buyback_id AND v.n = numbered.n`.execute(trx);
}

/** A published product of a category or below it: the `rank`-th by name, or the most expensive. */
async function productOf(trx: Trx, categoryId: string, rank: number, expensive = false): Promise<string> {
  const row = await trx
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.main_category_id')
    .select('p.id')
    .where('c.path', 'like', `%/${categoryId}/%`)
    .where('p.status', '=', 'published')
    .orderBy(expensive ? 'p.price_functional' : 'p.sort_name', expensive ? 'desc' : 'asc')
    .orderBy('p.id')
    .offset(rank)
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error('the demo catalogue lacks the products the warehouse demo uses');
  return row.id;
}

/** The native stocks of Saint-Priest (created with the warehouse: migration 018), by kind. */
async function nativeStocks(trx: Trx): Promise<Record<NativeStockKind, string>> {
  const rows = await trx
    .selectFrom('stocks')
    .select(['id', 'native_kind'])
    .where('warehouse_id', '=', SAINT_PRIEST)
    .where('native_kind', 'is not', null)
    .execute();
  const stocks = Object.fromEntries(rows.map((r) => [r.native_kind, r.id]));
  for (const kind of NATIVE_STOCK_KINDS)
    if (!stocks[kind]) throw new Error(`Saint-Priest has no native stock ${kind}`);
  return stocks as Record<NativeStockKind, string>;
}

interface Device {
  product: string;
  pick: number;
  payment: string;
}

interface Purchase {
  /** One device, or several bought back together (a cart). */
  devices: Device[];
  who: ReturnType<typeof customer>;
  /** Days before now the buybacks were made in Paris. */
  days: number;
}

/** Store buybacks in Paris (store drop: Saint-Priest), made `days` ago; answers their items. */
async function buy(m: Makers, p: Purchase, serial: () => number): Promise<items.ItemRow[]> {
  const lines = [];
  for (const d of p.devices)
    lines.push(await line(m.seller, d.product, d.pick, C.storeDrop, d.payment, undefined, serial()));
  const created = await createBuybacks(m.seller, {
    channel: 'store',
    storeId: DEMO.orgs.storeParis,
    lines,
    customer: p.who,
    asCart: lines.length > 1,
  });
  const bought: items.ItemRow[] = [];
  for (const [index, buyback] of created.buybacks.entries()) {
    m.timeline.made.set(buyback.id, ago(p.days));
    m.declared.set(buyback.item.id, lines[index]?.answers ?? []);
    bought.push(
      await resolveItem(m.seller, { code: buyback.item.identificationNumber }, { forUpdate: true }),
    );
  }
  return bought;
}

/** The store marks it sent (buybacks/send.service.ts). */
async function send(m: Makers, item: items.ItemRow, at: Date) {
  await moveItem(m.seller, item, { to: 'item_in_transit', reason: 'sent', columns: { sent_at: at } });
  dated(m, item, at);
}

/** The operator scans it at the warehouse (checkin.service.ts): into the stock "awaiting control". */
async function checkIn(m: Makers, item: items.ItemRow, at: Date) {
  await moveItem(m.operator, item, {
    to: 'item_registered_in_warehouse',
    reason: 'checkin',
    stockId: m.stocks.awaiting_control,
    organizationId: SAINT_PRIEST,
    columns: { registered_at: at },
  });
  dated(m, item, at);
}

/** The operator starts its control (control.service.ts): the item awaits its compliancy tests. */
async function startControl(m: Makers, item: items.ItemRow, at: Date) {
  await moveItem(m.operator, item, { to: 'item_awaiting_compliancy_tests', reason: 'control_started' });
  dated(m, item, at);
}

/** What the operator finds unlike the declaration: one question's answer (catalog-data.ts). */
interface Finding {
  question: DiagnosticQuestionKey;
  /** The answer's index among the question's answers. */
  answer: number;
}

/**
 * The control of an item: the declared answers with the operator's finding, priced on the
 * buyback's price snapshot, and the outcome control.rules.ts gives (as control.service.ts does).
 * The category's absorption is applied as if the retailer held the premium feature `absorption`:
 * Demo Retail does not today, so that the control screen's own path without it shows.
 */
async function control(
  m: Makers,
  item: items.ItemRow,
  finding: Finding | null,
  at: Date,
): Promise<{ columns: items.ItemColumns; decision: ControlDecision; declaredCents: number }> {
  const product = await loadProductContext(m.operator, item.account_id, item.product_id);
  let answers = m.declared.get(item.id) ?? [];
  if (finding) {
    const asked = DIAGNOSTIC_QUESTIONS[finding.question];
    const question = product.questions.find((q) => q.title === asked.title);
    const found = question?.answers.find((a) => a.title === asked.answers[finding.answer]?.[0]);
    if (!question || !found) throw new Error(`the product does not ask "${asked.title}"`);
    answers = answers.map((a) => (a.questionId === question.id ? { ...a, answerIds: [found.id] } : a));
  }
  const { pricingAnswers, snapshot } = checkAnswers(product.questions, answers);
  const sold = await m.trx
    .selectFrom('buybacks as b')
    .innerJoin('categories as c', 'c.id', 'b.category_id')
    .select(['b.pricing_input', 'b.total_cents', 'c.absorption_type', 'c.absorption_value'])
    .where('b.id', '=', item.buyback_id)
    .executeTakeFirstOrThrow();
  const price = computePrice({ ...(sold.pricing_input as PricingInput), answers: pricingAnswers });
  return {
    columns: {
      controlled_at: at,
      controlled_by: m.operator.actor.userId,
      controlled_state: price.declaredState,
      controlled_answers: JSON.stringify(snapshot),
      controlled_price_cents: price.totalCents,
    },
    decision: controlDecision(
      { declaredCents: sold.total_cents, controlledCents: price.totalCents },
      {
        type: sold.absorption_type as AbsorptionType,
        value: sold.absorption_value,
        premiumEnabled: true,
      },
    ),
    declaredCents: sold.total_cents,
  };
}

const expectOutcome = (decision: ControlDecision, outcome: ControlDecision['outcome']) => {
  if (decision.outcome !== outcome)
    throw new Error(`the warehouse demo expected a control ${outcome}, got ${decision.outcome}`);
};

/** The control completed by price or with absorption (control.service.ts, completeControl). */
async function complete(
  m: Makers,
  item: items.ItemRow,
  outcome: 'by_price' | 'absorption',
  step: { finding: Finding | null; comment: string; at: Date },
) {
  const found = await control(m, item, step.finding, step.at);
  expectOutcome(found.decision, outcome);
  await moveItem(m.operator, item, {
    to: outcome === 'by_price' ? 'item_completed_by_price' : 'item_completed_with_absorption',
    reason: 'control',
    comment: step.comment,
    columns: {
      ...found.columns,
      warehouse_comment: step.comment,
      validated_price_cents: found.decision.validatedPriceCents,
      absorbed_cents: found.decision.absorbedCents,
    },
  });
  dated(m, item, step.at);
}

/** The refurbishment of an item awaiting dispatch, as the diagnosis and service screens make it. */
interface Refurbishment {
  /** Diagnosis started. */
  started: Date;
  /** Answer labels per question label (seed/demo-refurbishment.ts); none: the diagnosis stays in progress. */
  answers?: Record<string, string[]>;
  firstService?: string;
  /** The stock chosen at the end of the diagnosis. */
  stockId?: string;
  finalized?: Date;
  /** Then, in order: actions on its services, by the services' names. */
  actions?: { service: string; action: ItemRefurbStepAction; comment?: string; at: Date }[];
  /** Every service finished: the item validated into this stock. */
  validated?: { stockId: string; at: Date };
}

/** The diagnosis (refurb-diagnosis.service.ts) and the services (item-refurb-steps.service.ts) of an item. */
async function refurbish(m: Makers, item: items.ItemRow, r: Refurbishment): Promise<void> {
  const { diagnosis } = await startRefurbDiagnosis(m.operator, item.identification_number);
  dated(m, item, r.started, false);
  if (!r.answers || !r.stockId || !r.finalized) return;
  const { questions } = await getRefurbQuestions(m.operator, diagnosis.id);
  const answers = questions.map((q) => ({
    questionId: q.id,
    answerIds: q.answers.filter((a) => r.answers?.[q.label]?.includes(a.label)).map((a) => a.id),
  }));
  const planned = await saveAnswers(m.operator, diagnosis.id, { answers });
  const first = planned.planned.find((service) => service.name === r.firstService) ?? planned.planned[0];
  await finalizeRefurbDiagnosis(m.operator, diagnosis.id, {
    stockId: r.stockId,
    firstRefurbStepId: first?.id ?? null,
  });
  dated(m, item, r.finalized, false);
  for (const step of r.actions ?? []) {
    const services = await listItemSteps(m.operator, item.id);
    const service = services.member.find((s) => s.name === step.service);
    if (!service) throw new Error(`the demo item has no service "${step.service}"`);
    await actOnStep(m.operator, service.id, step.action, [service.version], {
      comment: step.comment ?? null,
    });
    dated(m, item, step.at, false);
  }
  if (r.validated) {
    await validateItem(m.operator, item.id, { stockId: r.validated.stockId });
    dated(m, item, r.validated.at, false);
  }
}

/** The operator puts it in quarantine (quarantine.service.ts, from the check-in or the control). */
async function quarantine(
  m: Makers,
  item: items.ItemRow,
  step: { reason: QuarantineReason; comment: string; at: Date },
) {
  await moveItem(m.operator, item, {
    to: 'item_in_quarantine',
    reason: 'quarantine',
    comment: step.comment,
    stockId: m.stocks.in_quarantine,
    columns: { quarantine_reason: step.reason },
  });
  dated(m, item, step.at);
}

/**
 * A control ending in a counter-offer (control.service.ts, litigation.service.ts): the item waits
 * for the customer's answer, offered the controlled price by mail, through a link holding a random
 * token nobody knows here.
 */
async function counterOffer(
  m: Makers,
  item: items.ItemRow,
  step: { id: string; finding: Finding; comment: string; reason: string; at: Date },
): Promise<number> {
  const found = await control(m, item, step.finding, step.at);
  expectOutcome(found.decision, 'counter_offer');
  await recordItemEvent(m.operator, item, {
    reason: 'counter_offer',
    comment: step.comment,
    columns: { ...found.columns, warehouse_comment: step.comment },
  });
  await m.trx
    .insertInto('litigations')
    .values({
      id: step.id,
      buyback_id: item.buyback_id,
      item_id: item.id,
      account_id: item.account_id,
      buyer_account_id: item.buyer_account_id,
      reason: step.reason,
      declared_price_cents: found.declaredCents,
      proposed_price_cents: found.decision.validatedPriceCents,
      photo_keys: '[]',
      token_hash: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex'),
      mails_sent: 1,
      last_mail_at: step.at,
      created_by: m.operator.actor.userId,
      created_at: step.at,
    })
    .execute();
  dated(m, item, step.at, false);
  return found.decision.validatedPriceCents;
}

/**
 * The customer's answer on the public site (litigation.service.ts, answerLitigation): accepted
 * completes the buyback at the proposed price; declined sends the product back.
 */
async function answer(
  m: Makers,
  item: items.ItemRow,
  step: { litigationId: string; accepted: boolean; proposedCents: number; at: Date },
) {
  await moveItem(
    m.customer,
    item,
    step.accepted
      ? {
          to: 'item_completed_with_negociation',
          reason: 'litigation_accepted',
          columns: { validated_price_cents: step.proposedCents, absorbed_cents: 0 },
        }
      : { to: 'item_to_return', reason: 'litigation_rejected', stockId: m.stocks.customer_return },
  );
  await m.trx
    .updateTable('litigations')
    .set({ status: step.accepted ? 'accepted' : 'rejected', resolved_at: step.at })
    .where('id', '=', step.litigationId)
    .execute();
  dated(m, item, step.at);
}

/** Another move (a loss, a release from quarantine, a return) by one of the makers. */
async function move(
  m: Makers,
  by: items.ItemTx,
  item: items.ItemRow,
  to: ItemStatus,
  step: { reason: string; comment?: string; stockId?: string | null; at: Date },
) {
  const { at, ...rest } = step;
  await moveItem(by, item, { to, ...rest });
  dated(m, item, at);
}

/**
 * Demo Buyer's two warehouse dispatch rules. Each sends its buybacks where their circuit's rules
 * already do (Saint-Priest for drops, Roubaix for collections and labels), so that buybacks
 * created on the demo data land where they did before the rules.
 */
async function seedDispatchRules(trx: Trx, m: Makers): Promise<void> {
  const R = DEMO.warehouseDispatchRules;
  await trx
    .insertInto('warehouse_dispatch_rules')
    .values([
      {
        id: R.appleWebDrop,
        account_id: DEMO.accounts.demoBuyer,
        title: 'Apple pré-déclarés sur le web → Saint-Priest',
        position: 0,
        conditions: JSON.stringify([
          { attribute: 'brand', operator: 'is', values: ['Apple'] },
          { attribute: 'circuit', operator: 'is', values: ['web_drop'] },
        ]),
        default_warehouse_id: SAINT_PRIEST,
        updated_by: m.manager.actor.userId,
      },
      {
        id: R.gradeECollected,
        account_id: DEMO.accounts.demoBuyer,
        title: 'Grade E collectés ou avec étiquette → Roubaix',
        position: 1,
        conditions: JSON.stringify([
          { attribute: 'productState', operator: 'is', values: ['grade_e'] },
          {
            attribute: 'circuit',
            operator: 'is',
            values: ['store_collect', 'store_drop_label', 'web_collect'],
          },
        ]),
        default_warehouse_id: DEMO.orgs.warehouseRoubaix,
        updated_by: m.manager.actor.userId,
      },
    ])
    .execute();
  await trx
    .insertInto('warehouse_dispatch_rule_warehouses')
    .values([
      { rule_id: R.appleWebDrop, warehouse_id: SAINT_PRIEST },
      { rule_id: R.gradeECollected, warehouse_id: DEMO.orgs.warehouseRoubaix },
    ])
    .execute();
}

export async function seedDemoWarehouse(trx: Trx, keyring: Keyring): Promise<void> {
  const deps = { db: trx, keyring } as Partial<AppDeps> as AppDeps;
  const m: Makers = {
    trx,
    seller: commandOf(trx, await actorOf(trx, 'store_seller@demo.test', 'store_seller'), keyring),
    operator: commandOf(
      trx,
      await actorOf(trx, 'warehouse_operator@demo.test', 'warehouse_operator', 'rps'),
      keyring,
    ),
    manager: commandOf(
      trx,
      await actorOf(trx, 'warehouse_manager@demo.test', 'warehouse_manager', 'rps'),
      keyring,
    ),
    customer: {
      scope: { kind: 'account', accountId: DEMO.accounts.demoRetail },
      locale: null,
      db: trx,
      deps,
      trx,
      afterCommit: () => {
        throw new Error('the demo seed runs no after-commit effect');
      },
    },
    stocks: await nativeStocks(trx),
    declared: new Map(),
    timeline: { made: new Map(), steps: new Map() },
  };
  const iphone = (rank: number) => productOf(trx, cat['smartphones-apple'] as string, rank);
  const galaxy = (rank: number) => productOf(trx, cat['smartphones-samsung'] as string, rank);
  const tablet = (rank: number) => productOf(trx, cat.tablets as string, rank);
  const L = DEMO.warehouseLitigations;
  // each device its own IMEI
  let serial = 500;
  const nextSerial = () => {
    serial += 1;
    return serial;
  };
  const paris = (first: string, last: string, street: string, zip: string) =>
    customer(first, last, street, zip, 'Paris', 'FR');
  /** One device bought back from `who`, `days` ago. */
  const one = async (device: Device, who: Purchase['who'], days: number) =>
    (await buy(m, { devices: [device], who, days }, nextSerial))[0] as items.ItemRow;

  // in transit to Saint-Priest, three devices of one customer: what to try the check-in with
  // (README, "Warehouse demo")
  for (const item of await buy(
    m,
    {
      devices: [
        { product: await iphone(3), pick: 0, payment: PM.voucher },
        { product: await galaxy(2), pick: 1, payment: PM.giftCard },
        { product: await tablet(1), pick: 0, payment: PM.voucher },
      ],
      who: paris('Noémie', 'Carpentier', '4 Rue de Bretagne', '75003'),
      days: 2,
    },
    nextSerial,
  ))
    await send(m, item, ago(1, 18));

  // checked in, in the stock "awaiting control", two devices of one customer: what to try the control with
  for (const [n, item] of (
    await buy(
      m,
      {
        devices: [
          { product: await iphone(5), pick: 0, payment: PM.voucher },
          { product: await galaxy(4), pick: 0, payment: PM.noIbanTransfer },
        ],
        who: paris('Clémence', 'Vidal', '11 Boulevard Voltaire', '75011'),
        days: 6,
      },
      nextSerial,
    )
  ).entries()) {
    await send(m, item, ago(5));
    await checkIn(m, item, ago(3, -n));
  }

  // control started, awaiting its compliancy tests
  {
    const item = await one(
      { product: await iphone(7), pick: 0, payment: PM.giftCard },
      paris('Maëlle', 'Fontanel', '30 Rue de la Roquette', '75011'),
      7,
    );
    await send(m, item, ago(6));
    await checkIn(m, item, ago(4));
    await startControl(m, item, ago(1));
  }

  // completed by price: the control found what was declared
  {
    const item = await one(
      { product: await iphone(9), pick: 0, payment: PM.voucher },
      paris('Gaspard', 'Ollivier', '9 Rue Mouffetard', '75005'),
      12,
    );
    await send(m, item, ago(11));
    await checkIn(m, item, ago(9));
    await startControl(m, item, ago(8, 2));
    await complete(m, item, 'by_price', { finding: null, comment: 'Conforme à la déclaration.', at: ago(8) });
  }

  // completed with absorption: no charger, within the laptops' allowance (10 % of the declared price)
  {
    const item = await one(
      {
        product: await productOf(trx, cat['laptops-apple'] as string, 0, true),
        pick: 0,
        payment: PM.voucher,
      },
      paris('Solène', 'Dufresne', '21 Rue du Bac', '75007'),
      13,
    );
    await send(m, item, ago(12));
    await checkIn(m, item, ago(10));
    await startControl(m, item, ago(9, 3));
    await complete(m, item, 'absorption', {
      finding: { question: 'charger', answer: 1 },
      comment: 'Chargeur absent : écart absorbé.',
      at: ago(9),
    });
  }

  // completed with negotiation: the customer accepted the counter-offer
  {
    const item = await one(
      { product: await galaxy(6), pick: 0, payment: PM.voucher },
      paris('Anaëlle', 'Brossard', '14 Rue Oberkampf', '75011'),
      20,
    );
    await send(m, item, ago(19));
    await checkIn(m, item, ago(17));
    await startControl(m, item, ago(16, 2));
    const proposedCents = await counterOffer(m, item, {
      id: L.accepted,
      finding: { question: 'screen', answer: 4 },
      comment: 'Écran fissuré dans l’angle supérieur, non déclaré.',
      reason: "L'écran de votre appareil est fissuré, ce qui n'avait pas été déclaré.",
      at: ago(16),
    });
    await answer(m, item, { litigationId: L.accepted, accepted: true, proposedCents, at: ago(14) });
  }

  // an open counter-offer, awaiting the customer's answer
  {
    const item = await one(
      { product: await iphone(11), pick: 0, payment: PM.giftCard },
      paris('Rémi', 'Castaing', '6 Rue des Martyrs', '75009'),
      8,
    );
    await send(m, item, ago(7));
    await checkIn(m, item, ago(5));
    await startControl(m, item, ago(3, 2));
    await counterOffer(m, item, {
      id: L.open,
      finding: { question: 'battery', answer: 1 },
      comment: 'Batterie à 71 % de sa capacité.',
      reason: 'La batterie de votre appareil ne tient plus que 71 % de sa capacité.',
      at: ago(3),
    });
  }

  // in quarantine: locked (found at the check-in), suspected stolen (found at the control)
  {
    const item = await one(
      { product: await iphone(13), pick: 0, payment: PM.voucher },
      paris('Loïc', 'Trémolet', '25 Rue de Charonne', '75011'),
      9,
    );
    await send(m, item, ago(8));
    await checkIn(m, item, ago(6, 1));
    await quarantine(m, item, { reason: 'locked', comment: 'Compte iCloud toujours actif.', at: ago(6) });
  }
  {
    const item = await one(
      { product: await galaxy(8), pick: 0, payment: PM.giftCard },
      paris('Inès', 'Belkacem', '3 Rue Ordener', '75018'),
      10,
    );
    await send(m, item, ago(9));
    await checkIn(m, item, ago(7));
    await startControl(m, item, ago(6, 1));
    await quarantine(m, item, {
      reason: 'stolen_suspicion',
      comment: "L'IMEI correspond à une déclaration de vol.",
      at: ago(6),
    });
  }

  // to return: released from quarantine to the stock "customer return"
  {
    const item = await one(
      { product: await iphone(15), pick: 0, payment: PM.voucher },
      paris('Hélène', 'Marchetti', '40 Rue Saint-Antoine', '75004'),
      15,
    );
    await send(m, item, ago(14));
    await checkIn(m, item, ago(12));
    await startControl(m, item, ago(11, 2));
    await quarantine(m, item, {
      reason: 'blacklisted_imei',
      comment: 'IMEI sur liste noire opérateur.',
      at: ago(11),
    });
    await move(m, m.manager, item, 'item_to_return', {
      reason: 'quarantine_release',
      comment: 'Renvoi au client.',
      stockId: m.stocks.customer_return,
      at: ago(10),
    });
  }

  // returned: the customer declined the counter-offer and got the device back
  {
    const item = await one(
      { product: await galaxy(10), pick: 0, payment: PM.voucher },
      paris('Quentin', 'Aubriot', '12 Rue de Lévis', '75017'),
      25,
    );
    await send(m, item, ago(24));
    await checkIn(m, item, ago(22));
    await startControl(m, item, ago(21, 2));
    const proposedCents = await counterOffer(m, item, {
      id: L.rejected,
      finding: { question: 'body', answer: 3 },
      comment: 'Coque fendue au dos, angle enfoncé.',
      reason: 'La coque de votre appareil est fendue et un angle est enfoncé.',
      at: ago(21),
    });
    await answer(m, item, { litigationId: L.rejected, accepted: false, proposedCents, at: ago(19) });
    await move(m, m.operator, item, 'item_returned', { reason: 'returned', stockId: null, at: ago(17) });
  }

  // lost in the store, in transport, in the warehouse
  {
    const item = await one(
      { product: await iphone(17), pick: 0, payment: PM.giftCard },
      paris('Aurélien', 'Pichon', '5 Rue Cler', '75007'),
      30,
    );
    await move(m, m.seller, item, 'item_lost_store', {
      reason: 'loss',
      comment: 'Introuvable lors de l’inventaire du magasin.',
      at: ago(20),
    });
  }
  {
    const item = await one(
      { product: await galaxy(12), pick: 0, payment: PM.voucher },
      paris('Capucine', 'Lherbier', '8 Rue de Turenne', '75003'),
      28,
    );
    await send(m, item, ago(27));
    await move(m, m.operator, item, 'item_lost_transport', {
      reason: 'loss',
      comment: 'Colis jamais remis par le transporteur.',
      at: ago(18),
    });
  }
  {
    const item = await one(
      { product: await tablet(3), pick: 0, payment: PM.giftCard },
      paris('Baptiste', 'Guérard', '19 Rue Daguerre', '75014'),
      26,
    );
    await send(m, item, ago(25));
    await checkIn(m, item, ago(23));
    await move(m, m.operator, item, 'item_lost_warehouse', {
      reason: 'loss',
      comment: 'Absent du stock à l’inventaire.',
      at: ago(15),
    });
  }

  // refurbishment (seed/demo-refurbishment.ts: the services and questions of Demo Buyer): a
  // diagnosis in progress, two items whose services are under way, one refurbished with its
  // data-erasure certificate, on the resale shelf with its resale price
  const R = DEMO.stocks;
  const SCREEN = "État de l'écran";
  const BATTERY = 'Santé de la batterie';
  const WORKS = 'Travaux à prévoir';
  const awaitingDispatch = async (device: Device, who: Purchase['who'], days: number) => {
    const item = await one(device, who, days);
    await send(m, item, ago(days - 1));
    await checkIn(m, item, ago(days - 2));
    await startControl(m, item, ago(days - 3, 2));
    await complete(m, item, 'by_price', {
      finding: null,
      comment: 'Conforme à la déclaration.',
      at: ago(days - 3),
    });
    return item;
  };
  {
    const item = await awaitingDispatch(
      { product: await iphone(19), pick: 0, payment: PM.voucher },
      paris('Inès', 'Lacombe', '3 Rue de Charonne', '75011'),
      9,
    );
    await refurbish(m, item, { started: ago(2, 3) });
  }
  {
    const item = await awaitingDispatch(
      { product: await iphone(21), pick: 0, payment: PM.giftCard },
      paris('Maxime', 'Renard', '17 Rue de la Pompe', '75016'),
      14,
    );
    await refurbish(m, item, {
      started: ago(9, 6),
      answers: {
        [SCREEN]: ['Fissuré ou cassé'],
        [BATTERY]: ['Moins de 80 %'],
        [WORKS]: ['Nettoyage', 'Effacement des données'],
      },
      firstService: "Remplacement de l'écran",
      stockId: R.workshopSaintPriest,
      finalized: ago(9, 5),
      actions: [
        { service: "Remplacement de l'écran", action: 'start', at: ago(8, 6) },
        {
          service: "Remplacement de l'écran",
          action: 'validate',
          comment: 'Écran remplacé, tactile testé.',
          at: ago(8, 4),
        },
        { service: 'Remplacement de la batterie', action: 'start', at: ago(8, 3) },
        {
          service: 'Remplacement de la batterie',
          action: 'pause',
          comment: 'En attente de la batterie commandée.',
          at: ago(8, 2),
        },
        { service: 'Nettoyage complet', action: 'start', at: ago(1, 3) },
      ],
    });
  }
  {
    const item = await awaitingDispatch(
      { product: await galaxy(14), pick: 0, payment: PM.voucher },
      paris('Lou', 'Besnard', '25 Rue Lepic', '75018'),
      12,
    );
    await refurbish(m, item, {
      started: ago(7, 6),
      answers: { [SCREEN]: ['Rayé'], [BATTERY]: ['80 % ou plus'], [WORKS]: ['Coque arrière abîmée'] },
      firstService: 'Remplacement de la coque arrière',
      stockId: R.workshopSaintPriest,
      finalized: ago(7, 5),
      actions: [
        {
          service: "Remplacement de l'écran",
          action: 'cancel',
          comment: 'Rayures légères : polissage suffisant, écran conservé.',
          at: ago(6, 4),
        },
      ],
    });
  }
  {
    const item = await awaitingDispatch(
      { product: await iphone(23), pick: 0, payment: PM.voucher },
      paris('Yanis', 'Ferrand', '2 Rue Custine', '75018'),
      18,
    );
    await refurbish(m, item, {
      started: ago(13, 6),
      answers: {
        [SCREEN]: ['Intact'],
        [BATTERY]: ['Moins de 80 %'],
        [WORKS]: ['Nettoyage', 'Effacement des données'],
      },
      firstService: 'Effacement certifié des données',
      stockId: R.workshopSaintPriest,
      finalized: ago(13, 5),
      actions: [
        { service: 'Effacement certifié des données', action: 'start', at: ago(12, 7) },
        {
          service: 'Effacement certifié des données',
          action: 'validate',
          comment: 'Effacement vérifié.',
          at: ago(12, 6),
        },
        { service: 'Remplacement de la batterie', action: 'start', at: ago(12, 5) },
        { service: 'Remplacement de la batterie', action: 'validate', at: ago(12, 3) },
        { service: 'Nettoyage complet', action: 'start', at: ago(12, 2) },
        { service: 'Nettoyage complet', action: 'validate', at: ago(12, 1) },
      ],
      validated: { stockId: R.shelfSaintPriest, at: ago(11, 6) },
    });
    await m.trx
      .updateTable('buyback_items')
      .set({ resale_price_cents: 31_900 })
      .where('id', '=', item.id)
      .execute();
  }

  // expedition (modules/expeditions): a refurbished item dispatched in a closed package with its
  // label, and an open store package (without label: a plain store drop) holding a buyback
  {
    const item = await awaitingDispatch(
      { product: await galaxy(16), pick: 0, payment: PM.voucher },
      paris('Agathe', 'Morel', '10 Rue Caulaincourt', '75018'),
      16,
    );
    await refurbish(m, item, {
      started: ago(11, 6),
      answers: { [SCREEN]: ['Intact'], [BATTERY]: ['80 % ou plus'], [WORKS]: ['Nettoyage'] },
      firstService: 'Nettoyage complet',
      stockId: R.workshopSaintPriest,
      finalized: ago(11, 5),
      actions: [
        { service: 'Nettoyage complet', action: 'start', at: ago(10, 6) },
        { service: 'Nettoyage complet', action: 'validate', at: ago(10, 5) },
      ],
      validated: { stockId: m.stocks.refurbishment_completed, at: ago(10, 4) },
    });
    const pack = await createPackage(m.operator, { withLabel: true });
    await addPackageItem(m.operator, pack.id, item.identification_number);
    dated(m, item, ago(3, 2), false);
    await closePackage(m.operator, pack.id);
    dated(m, item, ago(3, 1), false);
  }
  {
    const item = await one(
      { product: await iphone(25), pick: 0, payment: PM.voucher },
      paris('Théo', 'Giraud', '28 Rue des Abbesses', '75018'),
      1,
    );
    const pack = await createPackage(m.seller, { withLabel: false });
    await addPackageItem(m.seller, pack.id, item.identification_number);
    dated(m, item, ago(0, 20), false);
  }

  await dateSteps(trx, m.timeline);
  await seedDispatchRules(trx, m);
}
