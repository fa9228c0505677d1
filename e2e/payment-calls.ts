import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD, expect } from './fixtures';
import { type Api, apiAs, findOffer, storeCustomer, uniqueLastName } from './store-buybacks';
import { controlAtDeclaredAnswers } from './warehouse-calls';

/**
 * The steps the payment and voucher specs need done through the API before their screens: a
 * Paris store buyback paid by gift card or voucher, sent, checked in and controlled at its declared
 * answers at Saint-Priest (so it completes and the payment job pays it), and the Demo Retail
 * gift-card terminal's maximum changed as its configuration screen changes it.
 */

/** Demo Retail's gift-card terminal configuration (apps/server/src/seed/demo-ids.ts, 0xc03). */
const GIFT_CARD_TERMINAL = '00000000-0000-4000-8000-000000000c03';
export const TERMINAL_MAXIMUM_CENTS = 150_000;

export interface PaidBuyback {
  id: string;
  identificationNumber: string;
  voucherCode: string | null;
}

interface PaymentView {
  status: string;
  failureReason: string | null;
}

/** `PATCH /connector-organizations/{id}` as the root manager: the terminal's maximum amount (cents). */
export async function setTerminalMaximum(baseURL: string, cents: number): Promise<void> {
  const context: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await context.post('/api/login', {
      data: {
        email: 'root_management_unit_manager@demo.test',
        password: DEMO_PASSWORD,
        tokenRequested: true,
      },
    });
    const authorization = `Bearer ${(await login.json()).apiToken}`;
    const res = await context.patch(`/api/connector-organizations/${GIFT_CARD_TERMINAL}`, {
      data: { properties: { maximum_amount: String(cents) } },
      headers: { authorization, 'content-type': 'application/merge-patch+json' },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await context.dispose();
  }
}

type Created = PaidBuyback & { item: { id: string; identificationNumber: string } };

/**
 * A store buyback of the Paris store paid by `paymentType` (a published product without IMEI),
 * just created; a bank transfer's customer gives an IBAN.
 */
export async function createStoreBuyback(
  seller: Api,
  rmu: Api,
  paymentType: 'gift_card' | 'voucher' | 'bank_transfer',
  lastNamePrefix: string,
): Promise<Created> {
  const me = await seller.get<{ currentOrganization: { id: string } }>('/api/me');
  const offer = await findOffer(seller, rmu, {
    payment: (p) => p.type === paymentType,
    imei: false,
  });
  return seller.post<Created>(
    `/api/store/${me.currentOrganization.id}/buybacks`,
    {
      ...offer,
      customer: {
        ...storeCustomer(uniqueLastName(lastNamePrefix)),
        ...(paymentType === 'bank_transfer' ? { iban: 'FR76 3000 6000 0112 3456 7890 189' } : {}),
      },
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
}

/** The store sends the buyback, Saint-Priest checks it in and controls it at its declared answers: it completes. */
export async function completeAtWarehouse(
  seller: Api,
  operator: Api,
  buyback: { id: string; item: { id: string; identificationNumber: string } },
): Promise<void> {
  await seller.post(`/api/buybacks/${buyback.id}/send`);
  await controlAtDeclaredAnswers(operator, buyback.item);
}

/** A store buyback just created, its payment awaiting (it is paid once the buyback completes). */
export async function newStoreBuyback(baseURL: string, lastNamePrefix: string): Promise<PaidBuyback> {
  const seller = await apiAs(baseURL, 'store_seller@demo.test');
  const rmu = await apiAs(baseURL, 'root_management_unit_manager@demo.test');
  try {
    return await createStoreBuyback(seller, rmu, 'gift_card', lastNamePrefix);
  } finally {
    await Promise.all([seller.dispose(), rmu.dispose()]);
  }
}

/** A completed store buyback paid by `paymentType`; resolves once the payment job has run. */
export async function completedBuyback(
  baseURL: string,
  paymentType: 'gift_card' | 'voucher',
  lastNamePrefix: string,
): Promise<PaidBuyback & { payment: PaymentView }> {
  const seller = await apiAs(baseURL, 'store_seller@demo.test');
  const operator = await apiAs(baseURL, 'warehouse_operator@demo.test');
  const rmu = await apiAs(baseURL, 'root_management_unit_manager@demo.test');
  try {
    const buyback = await createStoreBuyback(seller, rmu, paymentType, lastNamePrefix);
    await completeAtWarehouse(seller, operator, buyback);
    let payment: PaymentView = { status: 'awaiting_payment', failureReason: null };
    await expect
      .poll(
        async () => {
          payment = await rmu.get<PaymentView>(`/api/buybacks/${buyback.id}/payment`);
          return payment.status;
        },
        { timeout: 30_000 },
      )
      .not.toBe('awaiting_payment');
    return {
      id: buyback.id,
      identificationNumber: buyback.identificationNumber,
      voucherCode: buyback.voucherCode,
      payment,
    };
  } finally {
    await Promise.all([seller.dispose(), operator.dispose(), rmu.dispose()]);
  }
}

/**
 * The open transfer batch of Demo Retail, once a Paris store buyback paid by bank transfer has
 * completed and joined it: a batch of the caller's own, fresh demo data having none.
 */
export async function openTransferBatch(baseURL: string, lastNamePrefix: string): Promise<string> {
  const seller = await apiAs(baseURL, 'store_seller@demo.test');
  const operator = await apiAs(baseURL, 'warehouse_operator@demo.test');
  const rmu = await apiAs(baseURL, 'root_management_unit_manager@demo.test');
  try {
    const buyback = await createStoreBuyback(seller, rmu, 'bank_transfer', lastNamePrefix);
    await completeAtWarehouse(seller, operator, buyback);
    let batchId: string | undefined;
    await expect
      .poll(
        async () => {
          const open = await rmu.get<{ member: { id: string }[] }>('/api/transfer-batches?status[]=open');
          batchId = open.member[0]?.id;
          return batchId;
        },
        { timeout: 60_000 },
      )
      .toBeTruthy();
    return batchId as string;
  } finally {
    await Promise.all([seller.dispose(), operator.dispose(), rmu.dispose()]);
  }
}
