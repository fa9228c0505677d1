import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderGiftCard } from './gift-card';

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const card = {
  language: 'fr-FR',
  currency: 'EUR',
  code: '4539148803436467',
  amountCents: 23450,
  expiresAt: new Date('2027-03-14T10:30:00Z'),
  issuedAt: new Date('2026-03-14T10:30:00Z'),
  retailer: 'Demo Retail',
  store: 'Demo Retail Paris Rivoli',
  buybackIdentificationNumber: '2000000000428',
  terminal: null,
};

describe('gift card PDF', () => {
  it('shows the amount, the number, the expiry, the retailer and the buyback', async () => {
    const text = (await textOf(await renderGiftCard(card))).replace(/\s/g, ' ');
    for (const expected of [
      'Carte cadeau',
      'Demo Retail',
      '4539 1488 0343 6467',
      '14 mars 2027',
      'Demo Retail Paris Rivoli',
      '2000000000428',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/234,50\s€/);
    expect(text).not.toContain('Identifiant terminal');
  });

  it("prints the terminal's merchant id, terminal id and item code when a terminal issued it", async () => {
    const text = await textOf(
      await renderGiftCard({
        ...card,
        language: 'de-DE',
        terminal: { merchantId: 'DEMO-MERCHANT-01', terminalId: 'T-0001', itemCode: 'GC-REPRISE' },
      }),
    );
    for (const expected of ['Geschenkkarte', 'DEMO-MERCHANT-01', 'T-0001', 'GC-REPRISE', 'Händler-ID'])
      expect(text).toContain(expected);
  });
});
