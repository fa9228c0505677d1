import { expect } from './fixtures';
import { type Api, apiAs, storeBuybacks, uniqueLastName } from './store-buybacks';

/**
 * The warehouse steps an e2e spec needs done before its own screens (refurbishment, expedition),
 * made through the API as the screens make them: a Paris store buyback marked sent by the store,
 * checked in and controlled at its declared answers by the operator of Saint-Priest, completed at
 * its price. Each spec makes its own items: the demo items stay as the README describes them.
 */

/** Saint-Priest checks the item in and controls it at the answers its buyback declared. */
export async function controlAtDeclaredAnswers(
  operator: Api,
  item: { id: string; identificationNumber: string },
): Promise<{ outcome: string }> {
  const code = item.identificationNumber;
  await operator.post('/api/warehouse/checkin', { code });
  await operator.post('/api/warehouse/control/start', { code });
  const control = await operator.get<{
    declared: { answers: { questionId: string; answerIds: string[] }[] };
  }>(`/api/warehouse/control/${item.id}`);
  return operator.post<{ outcome: string }>(`/api/warehouse/control/${item.id}/complete`, {
    answers: control.declared.answers.map((a) => ({ questionId: a.questionId, answerIds: a.answerIds })),
    comment: 'Conforme à la déclaration',
  });
}

export interface AwaitingDispatch {
  buybackId: string;
  itemId: string;
  identificationNumber: string;
}

export async function awaitingDispatch(
  baseURL: string,
  lastNamePrefix = 'Atelier',
): Promise<AwaitingDispatch> {
  const shop = await storeBuybacks(baseURL);
  const operator = await apiAs(baseURL, 'warehouse_operator@demo.test');
  try {
    const buyback = await shop.create(uniqueLastName(lastNamePrefix));
    await shop.send(buyback);
    const done = await controlAtDeclaredAnswers(operator, buyback.item);
    expect(done.outcome).toBe('by_price');
    return {
      buybackId: buyback.id,
      itemId: buyback.item.id,
      identificationNumber: buyback.item.identificationNumber,
    };
  } finally {
    await shop.seller.dispose();
    await operator.dispose();
  }
}
