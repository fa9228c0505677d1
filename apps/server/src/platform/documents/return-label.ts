import type { Locale } from '@reprise/shared';
import { type LabelAddress, type LabelStrings, renderShippingLabel } from './shipping-label';

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

const STRINGS: Record<Locale, LabelStrings & { purpose: string }> = {
  'fr-FR': {
    title: 'Étiquette de retour',
    sender: 'Expéditeur',
    recipient: 'Destinataire',
    carrier: 'Transporteur',
    reference: 'Référence de la reprise',
    item: "Numéro de l'article",
    contents: 'Contenu',
    date: 'Date',
    hint: 'Collez cette étiquette sur le colis, bien à plat, sans couvrir le code-barres.',
    purpose: "Retour de l'appareil à son propriétaire",
  },
  'en-GB': {
    title: 'Return label',
    sender: 'Sender',
    recipient: 'Recipient',
    carrier: 'Carrier',
    reference: 'Buyback reference',
    item: 'Item number',
    contents: 'Contents',
    date: 'Date',
    hint: 'Stick this label flat on the parcel without covering the barcode.',
    purpose: 'Return of the device to its owner',
  },
  'nl-BE': {
    title: 'Retourlabel',
    sender: 'Afzender',
    recipient: 'Geadresseerde',
    carrier: 'Vervoerder',
    reference: 'Referentie van de overname',
    item: 'Artikelnummer',
    contents: 'Inhoud',
    date: 'Datum',
    hint: 'Kleef dit label plat op het pakket zonder de streepjescode te bedekken.',
    purpose: 'Terugzending van het toestel naar de eigenaar',
  },
  'de-DE': {
    title: 'Rücksendeetikett',
    sender: 'Absender',
    recipient: 'Empfänger',
    carrier: 'Versanddienstleister',
    reference: 'Ankaufsreferenz',
    item: 'Artikelnummer',
    contents: 'Inhalt',
    date: 'Datum',
    hint: 'Kleben Sie dieses Etikett flach auf das Paket, ohne den Strichcode zu verdecken.',
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
