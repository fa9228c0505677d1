import { call, imeiWithTac, STORE_PARIS, signIn, storeBuybackRequest, storeDropIphone } from './api-calls';
import { expect, login, test, translations, useLanguage } from './fixtures';

/**
 * The stolen-device check (docs/device-check.md) against the sandbox IMEI blacklist the server
 * runs: the store wizard warns of an IMEI reported stolen as soon as it is typed; a buyback of
 * that device, made through the API and sent by the store, is proposed for quarantine at the
 * warehouse check-in, and put there with the reason "stolen suspicion" in one press.
 */

useLanguage('fr-FR');

const wizard = translations('buybackWizard');
const checkin = translations('warehouseCheckin');
/** The demo blacklist's stolen IMEI (seed/demo-device-check.ts). */
const STOLEN = imeiWithTac('35345678', '900001');

test('a stolen IMEI is warned in the store wizard and its item proposed for quarantine at check-in', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const rmu = await signIn(request, 'root_management_unit_manager@demo.test');
  const offer = await storeDropIphone(request, rmu);
  if (!offer) throw new Error('no product with a store drop and a payment without IBAN');
  expect(offer.questionnaire.product.isCollectingIMEI).toBe(true);

  await login(page, 'store_seller@demo.test', `/diag/${offer.productId}`);
  const imei = page.getByTestId('imei-input');
  await expect(imei).toBeVisible({ timeout: 30_000 });
  await imei.fill(STOLEN);
  const warning = page.getByTestId('device-check-warning');
  await expect(warning).toContainText(wizard.deviceCheck.warningTitle);
  await expect(warning).toContainText(wizard.deviceCheck.result.stolen);

  const created = await call<{ id: string; item: { id: string; identificationNumber: string } }>(
    request,
    rmu,
    'POST',
    `/api/store/${STORE_PARIS}/buybacks`,
    {
      ...storeBuybackRequest(offer, {
        firstName: 'Victor',
        lastName: `Volé${Date.now()}`,
        email: `vole-${Date.now()}@example.test`,
        phone: '06 12 34 56 78',
        street: '3 Rue des Receleurs',
        zip: '75011',
        city: 'Paris',
        country: 'FR',
        identification: {
          type: 'identity_card',
          number: 'DC12345',
          deliveryDate: '2020-05-04',
          issuingAuthority: 'Préfecture de Paris',
        },
      }),
      imei: STOLEN,
    },
  );
  const seller = await signIn(request, 'store_seller@demo.test');
  await call(request, seller, 'POST', `/api/buybacks/${created.id}/send`);

  await login(page, 'warehouse_operator@demo.test', '/warehouse/checkin');
  const field = page.getByTestId('checkin-code');
  await expect(field).toBeFocused({ timeout: 30_000 });
  await page.keyboard.type(created.item.identificationNumber);
  await page.keyboard.press('Enter');
  const proposal = page.getByTestId('checkin-device-check');
  await expect(proposal).toContainText(checkin.deviceCheck.title.stolen);
  await page.getByTestId('checkin-quarantine').click();
  await expect(proposal).toContainText(checkin.deviceCheck.quarantined);

  const operator = await signIn(request, 'warehouse_operator@demo.test');
  const item = await call<{ status: string; quarantineReason: string }>(
    request,
    operator,
    'GET',
    `/api/items/${created.item.id}`,
  );
  expect(item).toMatchObject({ status: 'item_in_quarantine', quarantineReason: 'stolen_suspicion' });
});
