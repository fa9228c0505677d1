import type { Locale } from '@reprise/shared';
import {
  type LabelAddress,
  type LabelStrings,
  renderShippingLabel,
  shippingLabelStrings,
} from './shipping-label';

/**
 * The return label of an item sent back to its customer (quarantine): the
 * shipping label's layout (shipping-label.ts) with the warehouse as sender, the customer as
 * recipient, and the item's identification number as the EAN-13 barcode.
 */

export interface ReturnLabelData {
  language: string;
  buybackIdentificationNumber: string;
  itemIdentificationNumber: string;
  date: Date;
  sender: LabelAddress;
  recipient: LabelAddress;
  productName: string;
}

/** The shipping label's strings (shipping-label.ts) with the return label's own title and purpose. */
const STRINGS: Record<Locale, LabelStrings & { purpose: string }> = {
  'fr-FR': {
    ...shippingLabelStrings('fr-FR'),
    title: 'Étiquette de retour',
    purpose: "Retour de l'appareil à son propriétaire",
  },
  'en-GB': {
    ...shippingLabelStrings('en-GB'),
    title: 'Return label',
    purpose: 'Return of the device to its owner',
  },
  'nl-BE': {
    ...shippingLabelStrings('nl-BE'),
    title: 'Retourlabel',
    purpose: 'Terugzending van het toestel naar de eigenaar',
  },
  'de-DE': {
    ...shippingLabelStrings('de-DE'),
    title: 'Rücksendeetikett',
    purpose: 'Rücksendung des Geräts an den Eigentümer',
  },
};

function returnLabelStrings(language: string) {
  return STRINGS[language as Locale] ?? STRINGS['en-GB'];
}

export function renderReturnLabel(data: ReturnLabelData): Promise<Buffer> {
  const t = returnLabelStrings(data.language);
  return renderShippingLabel(
    {
      language: data.language,
      identificationNumber: data.buybackIdentificationNumber,
      itemIdentificationNumber: data.itemIdentificationNumber,
      barcode: data.itemIdentificationNumber,
      createdAt: data.date,
      sender: data.sender,
      recipient: data.recipient,
      transportProvider: null,
      circuitName: t.purpose,
      productName: data.productName,
    },
    t,
  );
}
