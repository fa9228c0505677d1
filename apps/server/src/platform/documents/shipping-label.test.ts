import { LOCALES } from '@reprise/shared';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { isEan13, renderShippingLabel, type ShippingLabelData, shippingLabelStrings } from './shipping-label';

const data = (over: Partial<ShippingLabelData> = {}): ShippingLabelData => ({
  language: 'fr-FR',
  identificationNumber: '2000000000015',
  itemIdentificationNumber: '3000000000012',
  createdAt: new Date('2026-11-02T10:00:00Z'),
  sender: {
    name: 'Søren Łukasiewicz',
    street: '12 Rue de Łódź',
    streetMore: null,
    zip: '75011',
    city: 'Paris',
    country: 'FR',
  },
  recipient: {
    name: 'Entrepôt Saint-Priest',
    street: '1 Rue du Dépôt',
    streetMore: 'Quai 4',
    zip: '69800',
    city: 'Saint-Priest',
    country: 'FR',
  },
  transportProvider: 'Colissimo',
  circuitName: 'Envoi par la poste',
  productName: 'iPhone 13 128 Go',
  ...over,
});

async function textOf(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text;
}

describe('the platform shipping label', () => {
  it('checks the EAN-13 digit', () => {
    expect(isEan13('2000000000015')).toBe(true);
    expect(isEan13('2000000000016')).toBe(false);
    expect(isEan13('200000000001')).toBe(false);
  });

  it('prints sender, recipient, carrier, reference and contents', async () => {
    const text = await textOf(await renderShippingLabel(data()));
    for (const part of [
      'EXPÉDITEUR',
      'DESTINATAIRE',
      'Søren Łukasiewicz',
      '12 Rue de Łódź',
      'Entrepôt Saint-Priest',
      '69800 Saint-Priest',
      'Colissimo',
      '2000000000015',
      '3000000000012',
      'iPhone 13 128 Go',
    ])
      expect(text).toContain(part);
  });

  it('renders in the four languages, and a number that is not an EAN-13 as Code 128', async () => {
    for (const language of LOCALES) {
      const text = await textOf(
        await renderShippingLabel(data({ language, identificationNumber: '2000000000016' })),
      );
      expect(text).toContain(shippingLabelStrings(language).title);
      expect(text).toContain('2000000000016');
    }
  });
});
