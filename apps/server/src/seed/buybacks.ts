import { type ItemStatus, type ModuleType, passesLuhn, permissionsFor, type UserType } from '@reprise/shared';
import { sql } from 'kysely';
import { assertTransition, planCancellation } from '../modules/buyback-lifecycle/buyback-statuses';
import { moveItem, resolveItem } from '../modules/buyback-lifecycle/item-moves';
import { findNativeStock } from '../modules/buyback-lifecycle/items.repository';
import * as repo from '../modules/buybacks/buybacks.repository';
import { createBuybacks, type NewBuybackLine } from '../modules/buybacks/create-buybacks.service';
import { loadProductContext } from '../modules/buybacks/wizard.service';
import type { Actor } from '../platform/context';
import type { AppDeps } from '../platform/deps';
import { scopeOfActor, type Trx, type TxContext } from '../platform/request-context';
import type { Keyring } from '../platform/secrets';
import { DEMO_CONFIG } from './buyback-config';
import { DEMO_CATALOG } from './catalog';
import { DEMO } from './demo-ids';

/**
 * A handful of Demo Retail buybacks in several statuses, so that the buyback list and detail show
 * something on a new database: created through the buyback service (server prices, numbers,
 * snapshots), then moved along the transition table. Runs after the catalogue and the buyback
 * configuration, in the seed's transaction.
 */

const C = DEMO_CONFIG.circuits;
const PM = DEMO_CONFIG.paymentModes;
const cat = DEMO_CATALOG.categories as Record<string, string>;

/** A demo user as the actor of a command, in the module it works in (`tim` unless told). */
export async function actorOf(
  trx: Trx,
  email: string,
  userType: UserType,
  module: ModuleType = 'tim',
): Promise<Actor> {
  const row = await trx
    .selectFrom('users as u')
    .innerJoin('user_modules as m', 'm.user_id', 'u.id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['u.id', 'u.account_id', 'u.email', 'm.organization_id', 'o.path'])
    .where('u.email', '=', email)
    .where('m.module_type', '=', module)
    .where('m.user_type', '=', userType)
    .executeTakeFirstOrThrow();
  return {
    userId: row.id,
    sessionId: 'seed',
    accountId: row.account_id,
    email: row.email,
    module,
    userType,
    organizationId: row.organization_id,
    organizationPath: row.path,
    isPlatform: false,
    permissions: new Set(permissionsFor(userType, module)),
  };
}

/**
 * A demo user's command in the seed's transaction: the buyback services run as for a request of
 * that user, their writes going to the seed's transaction.
 */
export function commandOf(trx: Trx, actor: Actor, keyring: Keyring): TxContext {
  // of the dependencies, the buyback services reach only the keyring here (IBANs encrypted at rest)
  const deps = { db: trx, keyring } as Partial<AppDeps> as AppDeps;
  return {
    actor,
    scope: scopeOfActor(actor),
    locale: null,
    db: trx,
    deps,
    trx,
    afterCommit: () => {
      throw new Error('the demo seed runs no after-commit effect');
    },
  };
}

/** The first published products of a category or below it, by name. */
async function productsOf(trx: Trx, categoryId: string, count: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.main_category_id')
    .select('p.id')
    .where('c.path', 'like', `%/${categoryId}/%`)
    .where('p.status', '=', 'published')
    .orderBy('p.sort_name')
    .limit(count)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A line answering each question with its answer at `pick` (wrapping), so states vary; the IMEI
 * given, else one of the product's TAC with `serial` (`pick` unless told) when it collects one.
 */
export async function line(
  ctx: TxContext,
  productId: string,
  pick: number,
  shippingMethodId: string,
  paymentModeId: string,
  imei?: string,
  serial = pick,
): Promise<NewBuybackLine> {
  const { questions, row } = await loadProductContext(ctx, DEMO.accounts.demoRetail, productId);
  return {
    productId,
    answers: questions.map((q) => ({
      questionId: q.id,
      answerIds: [q.answers[pick % q.answers.length]?.id as string],
    })),
    shippingMethodId,
    paymentModeId,
    imei: imei ?? (row.is_collecting_imei ? imeiOf(row.tac_codes[0] ?? '35000000', serial) : null),
  };
}

/** A valid 15-digit IMEI of the product's TAC: a serial number and its Luhn check digit. */
function imeiOf(tac: string, serial: number): string {
  const body = `${tac}${String(123456 + serial).padStart(6, '0')}`;
  const digit = [...'0123456789'].find((d) => passesLuhn(body + d)) as string;
  return body + digit;
}

export const customer = (
  firstName: string,
  lastName: string,
  street: string,
  zip: string,
  city: string,
  country: string,
  extra: Record<string, unknown> = {},
) => ({
  firstName,
  lastName,
  email: `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[^\w.]/g, '')
    .toLowerCase()
    .concat('@example.test'),
  phone: country === 'BE' ? '+32 470 12 34 56' : '06 12 34 56 78',
  street,
  zip,
  city,
  country,
  identification: {
    type: 'identity_card',
    number: 'X4RTBPFW4',
    deliveryDate: '2019-06-12',
    issuingAuthority: 'Préfecture',
  },
  ...extra,
});

/** The reason of each item move the demo buybacks make, as the warehouse's services give it. */
const REASONS: Partial<Record<ItemStatus, string>> = {
  item_in_transit: 'sent',
  item_registered_in_warehouse: 'checkin',
  item_awaiting_compliancy_tests: 'control_started',
  item_completed: 'control',
  item_lost_store: 'loss',
};

/**
 * Moves an item along (modules/buyback-lifecycle/item-moves.ts: the item table, the buyback following, the
 * item's history), as the actor of `ctx`; checked in, it goes to its warehouse's stock "awaiting control".
 */
async function moveAlong(ctx: TxContext, itemId: string, steps: ItemStatus[]) {
  const item = await resolveItem(ctx, { id: itemId }, { forUpdate: true });
  for (const to of steps) {
    const stock =
      to === 'item_registered_in_warehouse' && item.warehouse_id
        ? await findNativeStock(ctx, item.warehouse_id, 'awaiting_control')
        : undefined;
    await moveItem(ctx, item, {
      to,
      reason: REASONS[to] ?? to,
      ...(stock ? { stockId: stock.id, columns: { registered_at: new Date() } } : {}),
      ...(to === 'item_in_transit' ? { columns: { sent_at: new Date() } } : {}),
    });
  }
}

/** Moves a buyback, its item and its payment through allowed transitions only. */
async function advance(
  ctx: TxContext,
  id: string,
  steps: { status?: string; itemStatus?: string; paymentStatus?: string }[],
) {
  for (const step of steps) {
    const current = await ctx.trx
      .selectFrom('buybacks as b')
      .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
      .innerJoin('payments as p', 'p.buyback_id', 'b.id')
      .select(['b.account_id', 'b.status', 'i.status as item_status', 'p.status as payment_status'])
      .where('b.id', '=', id)
      .executeTakeFirstOrThrow();
    if (step.status) assertTransition('buyback', current.status as never, step.status as never);
    if (step.itemStatus) assertTransition('item', current.item_status as never, step.itemStatus as never);
    if (step.paymentStatus)
      assertTransition('payment', current.payment_status as never, step.paymentStatus as never);
    await repo.updateStatuses(
      ctx,
      { id, account_id: current.account_id },
      {
        buyback: step.status ? { status: step.status } : undefined,
        itemStatus: step.itemStatus,
        paymentStatus: step.paymentStatus,
      },
    );
  }
}

export async function seedBuybacks(trx: Trx, keyring: Keyring): Promise<void> {
  const seller = commandOf(trx, await actorOf(trx, 'store_seller@demo.test', 'store_seller'), keyring);
  const rmu = commandOf(
    trx,
    await actorOf(trx, 'root_management_unit_manager@demo.test', 'root_management_unit_manager'),
    keyring,
  );
  const operator = commandOf(
    trx,
    await actorOf(trx, 'warehouse_operator@demo.test', 'warehouse_operator', 'rps'),
    keyring,
  );
  const [iphoneA, iphoneB] = await productsOf(trx, cat['smartphones-apple'] as string, 2);
  const [galaxy] = await productsOf(trx, cat['smartphones-samsung'] as string, 1);
  const [laptop] = await productsOf(trx, cat.laptops as string, 1);
  if (!iphoneA || !iphoneB || !galaxy || !laptop)
    throw new Error('the demo catalogue lacks the products the demo buybacks use');
  const iban = 'FR76 3000 6000 0112 3456 7890 189';

  const store = (
    ctx: TxContext,
    storeId: string,
    lines: NewBuybackLine[],
    who: ReturnType<typeof customer>,
  ) => createBuybacks(ctx, { channel: 'store', storeId, lines, customer: who, asCart: lines.length > 1 });

  // awaiting inventory: a cart of two in Paris, paid by bank transfer
  await store(
    seller,
    DEMO.orgs.storeParis,
    [
      await line(seller, iphoneA, 0, C.storeDrop, PM.bankTransfer, '356789012345678'),
      await line(seller, galaxy, 1, C.storeDrop, PM.bankTransfer),
    ],
    customer('Zoé', 'Łukasiewicz', '12 Rue Oberkampf', '75011', 'Paris', 'FR', { iban }),
  );
  // awaiting inventory, paid by voucher
  await store(
    seller,
    DEMO.orgs.storeParis,
    [await line(seller, iphoneB, 1, C.storeDrop, PM.voucher)],
    customer('Jürgen', 'Groß', 'Straße des 17. Juni 1', '75008', 'Paris', 'FR'),
  );
  // in transit from Lille (store collect, gift card)
  const transit = await store(
    rmu,
    DEMO.orgs.storeLille,
    [await line(seller, laptop, 0, C.storeCollect, PM.giftCard)],
    customer('Søren', 'Ærøskøbing', '5 Rue Nationale', '59000', 'Lille', 'FR'),
  );
  await moveAlong(rmu, transit.buybacks[0]?.item.id as string, ['item_in_transit']);
  // completed by the warehouse and paid
  const done = await store(
    rmu,
    DEMO.orgs.storeBruxelles,
    [await line(seller, galaxy, 2, C.storeDrop, PM.bankTransfer)],
    customer('Lotte', 'Van den Broeck', 'Rue Neuve 12', '1000', 'Bruxelles', 'BE', {
      iban: 'BE68 5390 0754 7034',
    }),
  );
  const doneId = done.buybacks[0]?.id as string;
  await advance(rmu, doneId, [{ paymentStatus: 'payment_created' }]);
  await moveAlong(rmu, done.buybacks[0]?.item.id as string, ['item_in_transit']);
  await moveAlong(operator, done.buybacks[0]?.item.id as string, [
    'item_registered_in_warehouse',
    'item_awaiting_compliancy_tests',
    'item_completed',
  ]);
  await advance(rmu, doneId, [
    { paymentStatus: 'payment_initiated' },
    { paymentStatus: 'payment_completed' },
  ]);
  // paid at once by instant transfer: the payment is on its way and can no longer be cancelled
  const paying = await store(
    seller,
    DEMO.orgs.storeParis,
    [await line(seller, galaxy, 0, C.storeDrop, PM.bankTransfer)],
    customer('Hugo', 'Virement', '22 Rue de Rivoli', '75004', 'Paris', 'FR', {
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
    }),
  );
  await advance(rmu, paying.buybacks[0]?.id as string, [
    { paymentStatus: 'payment_created' },
    { paymentStatus: 'payment_initiated' },
  ]);
  // cancelled at the customer's request
  const cancelled = await store(
    seller,
    DEMO.orgs.storeParis,
    [await line(seller, iphoneA, 2, C.storeDrop, PM.giftCard)],
    customer('Amélie', 'Poulain', '15 Rue des Trois Frères', '75018', 'Paris', 'FR'),
  );
  const c = cancelled.buybacks[0];
  if (c) {
    const plan = planCancellation(
      { status: c.status, itemStatus: c.item.status, paymentStatus: c.paymentStatus },
      { reason: 'customer_retraction', force: false },
    );
    await repo.updateStatuses(
      seller,
      { id: c.id, account_id: DEMO.accounts.demoRetail },
      {
        buyback: {
          status: plan.status,
          cancel_reason: 'customer_retraction',
          cancel_comment: 'Le client préfère garder son téléphone.',
          cancelled_by: seller.actor.userId,
          cancelled: true,
        },
        itemStatus: plan.itemStatus,
        paymentStatus: plan.paymentStatus,
      },
    );
  }
  // lost in store
  const lost = await store(
    seller,
    DEMO.orgs.storeParis,
    [await line(seller, iphoneB, 0, C.storeDrop, PM.noIbanTransfer)],
    customer('Ólafur', 'Łódź', '3 Place de la République', '75003', 'Paris', 'FR'),
  );
  // as the store declares it (buybacks.service.ts, markLostInStore): an item move
  await moveAlong(seller, lost.buybacks[0]?.item.id as string, ['item_lost_store']);
  // pre-declared on the web, to be handed in at a store
  await createBuybacks(seller, {
    channel: 'web',
    storeId: null,
    accountId: DEMO.accounts.demoRetail,
    lines: [await line(seller, iphoneA, 1, C.webDrop, PM.voucher)],
    customer: customer('Inès', 'García', '8 Avenue Jean Jaurès', '69007', 'Lyon', 'FR'),
    asCart: false,
  });
  // pre-declared 20 days ago and never brought in: the counter warns that prices may have changed
  const old = await createBuybacks(seller, {
    channel: 'web',
    storeId: null,
    accountId: DEMO.accounts.demoRetail,
    lines: [await line(seller, iphoneB, 0, C.webDrop, PM.voucher)],
    customer: customer('Zoë', 'Müller', '21 Rue Sainte-Catherine', '33000', 'Bordeaux', 'FR'),
    asCart: false,
  });
  const oldId = old.buybacks[0]?.id;
  if (oldId) {
    await sql`UPDATE buybacks SET created_at = now() - interval '20 days' WHERE id = ${oldId}`.execute(trx);
  }
}
