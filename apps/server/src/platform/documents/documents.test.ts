import { isValidEan13, withEan13CheckDigit } from '@reprise/shared';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_STRINGS } from './document-strings';
import { renderTransferOrder, type TransferOrderData } from './transfer-order';
import { renderVoucher } from './voucher';

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

const number = withEan13CheckDigit('200000000042');

const order = (over: Partial<TransferOrderData> = {}): TransferOrderData => ({
  language: 'fr-FR',
  currency: 'EUR',
  copies: 2,
  identificationNumber: number,
  itemIdentificationNumber: withEan13CheckDigit('210000000042'),
  createdAt: new Date('2026-03-14T10:30:00Z'),
  store: {
    commonName: 'Demo Retail Paris Rivoli',
    address: { street: '29 Rue de Rivoli', zip: '75004', city: 'Paris', country: 'FR' },
  },
  circuitName: 'Dépôt en magasin',
  buyer: {
    name: 'Demo Buyer',
    longName: 'Demo Buyer Reconditionnement SAS',
    address: { street: '12 Rue de Łódź', zip: '69800', city: 'Saint-Priest', country: 'FR' },
    siret: '81234567800019',
    capital: '250 000 €',
  },
  customer: {
    firstName: 'Søren',
    lastName: 'Łukasiewicz',
    email: 'soren@example.test',
    phone: '+33612345678',
    address: { street: 'Straße des 17. Juni 1', zip: '5970', city: 'Ærøskøbing', country: 'DK' },
    identification: {
      type: 'passport',
      number: 'AB123456',
      deliveryDate: '2020-01-02',
      issuingAuthority: 'Préfecture',
    },
  },
  product: {
    name: 'iPhone 13 128 Go',
    brand: 'Apple',
    model: 'A2633',
    category: 'Smartphones',
    imei: '356789012345678',
  },
  declaredState: 'grade_b',
  answers: [
    { question: "L'écran est-il rayé ?", answers: ['Rayures légères'] },
    { question: 'Accessoires', answers: ['Chargeur', 'Boîte'] },
  ],
  price: {
    basePriceCents: 30000,
    impactPriceEntries: [{ label: 'Rayures légères', valueCents: -2000 }],
    estimatedPriceCents: 28000,
    paymentModifierCents: 1500,
    shippingModifierCents: 0,
    bonusCents: 0,
    totalCents: 29500,
  },
  paymentType: 'bank_transfer',
  paymentModeLabel: 'Virement',
  ibanMasked: 'FR76 **** **** **** **** ***0 189',
  terms: 'Je soussigné Søren Łukasiewicz cède le produit iPhone 13 128 Go pour 295,00 €.',
  ...over,
});

describe('transfer order PDF', () => {
  it('holds the identification number, both parties, the product, the price and the filled terms', async () => {
    const { text } = await textOf(await renderTransferOrder(order()));
    for (const expected of [
      number,
      'Demo Buyer Reconditionnement SAS',
      '81234567800019',
      '250 000 €',
      'Søren',
      'Łukasiewicz',
      'Ærøskøbing',
      'Straße des 17. Juni 1',
      'Łódź',
      'iPhone 13 128 Go',
      '356789012345678',
      'Grade B',
      'Rayures légères',
      'Chargeur, Boîte',
      'Virement bancaire',
      'FR76 **** **** **** **** ***0 189',
      'Je soussigné Søren Łukasiewicz cède le produit iPhone 13 128 Go pour 295,00 €.',
      'Signature du vendeur',
      'Passeport AB123456',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text.replace(/\s/g, ' ')).toMatch(/295,00\s€/);
  });

  it('prints one copy per transferOrderNumberOfCopy', async () => {
    const one = await textOf(await renderTransferOrder(order({ copies: 1 })));
    const three = await textOf(await renderTransferOrder(order({ copies: 3 })));
    expect(three.pages).toBe(3 * one.pages);
    expect(three.text).toContain('Exemplaire 3 sur 3');
  });

  it('is written in the account language', async () => {
    for (const [language, title] of [
      ['en-GB', 'Transfer order'],
      ['nl-BE', 'Overdrachtsbon'],
      ['de-DE', 'Abtretungsbeleg'],
    ] as const) {
      const { text } = await textOf(await renderTransferOrder(order({ language, copies: 1 })));
      expect(text).toContain(title);
      expect(text).toContain(DOCUMENT_STRINGS[language].sellerSignature);
    }
  });

  it('refuses an identification number whose check digit is wrong (the barcode cannot lie)', async () => {
    const wrong = `${number.slice(0, 12)}${(Number(number[12]) + 1) % 10}`;
    expect(isValidEan13(wrong)).toBe(false);
    await expect(renderTransferOrder(order({ identificationNumber: wrong }))).rejects.toThrow();
  });
});

describe('voucher PDF', () => {
  it('shows its own code, the amount and the buyback', async () => {
    const { text } = await textOf(
      await renderVoucher({
        language: 'de-DE',
        currency: 'EUR',
        voucherCode: 'VCH-7K3M9Q2X',
        amountCents: 12345,
        identificationNumber: number,
        createdAt: new Date('2026-03-14T10:30:00Z'),
        issuer: 'Demo Retail',
        store: 'Demo Retail Köln',
        customerName: 'Jürgen Groß',
        productName: 'Galaxy S22',
      }),
    );
    for (const expected of [
      'Gutschein',
      'VCH-7K3M9Q2X',
      number,
      'Jürgen Groß',
      'Demo Retail Köln',
      'Galaxy S22',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/\s/g, ' ')).toMatch(/123,45\s€/);
  });
});
