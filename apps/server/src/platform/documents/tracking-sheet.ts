import type { Locale, ShipmentKind } from '@reprise/shared';
import { code128Png } from './barcodes';
import { BOLD, createPdf, formatDate, pdfBuffer, REGULAR } from './pdf';

/**
 * The tracking sheet of a buyback (document downloads): the buyback, its
 * carrier, each parcel's tracking number (Code 128) and link, and every delivery event with its
 * time, in the account's language.
 */

export interface TrackingSheetData {
  language: string;
  identificationNumber: string;
  productName: string;
  customerName: string;
  generatedAt: Date;
  shipments: {
    kind: ShipmentKind;
    carrierName: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
    status: string;
    events: { code: string; occurredAt: Date }[];
  }[];
}

interface TrackingSheetStrings {
  title: string;
  buyback: string;
  product: string;
  customer: string;
  generated: string;
  shipping: string;
  return: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  status: string;
  events: string;
  noEvent: string;
  pending: string;
  codes: Record<string, string>;
}

const STRINGS: Record<Locale, TrackingSheetStrings> = {
  'fr-FR': {
    title: 'Fiche de suivi',
    buyback: 'Reprise',
    product: 'Produit',
    customer: 'Client',
    generated: 'Éditée le',
    shipping: 'Colis envoyé à l’entrepôt',
    return: 'Colis de retour au client',
    carrier: 'Transporteur',
    trackingNumber: 'N° de suivi',
    trackingUrl: 'Lien de suivi',
    status: 'Statut',
    events: 'Événements de livraison',
    noEvent: 'Aucun événement reçu pour l’instant.',
    pending: 'en attente du transporteur',
    codes: {
      delivery_init: 'Colis pris en charge',
      in_progress: 'En cours d’acheminement',
      delivered: 'Livré',
      failed: 'Échec de livraison',
      cancelled: 'Annulé',
      returned: 'Retourné à l’expéditeur',
      lost: 'Perdu',
    },
  },
  'en-GB': {
    title: 'Tracking sheet',
    buyback: 'Buyback',
    product: 'Product',
    customer: 'Customer',
    generated: 'Issued on',
    shipping: 'Parcel sent to the warehouse',
    return: 'Return parcel to the customer',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    trackingUrl: 'Tracking link',
    status: 'Status',
    events: 'Delivery events',
    noEvent: 'No event received yet.',
    pending: 'waiting for the carrier',
    codes: {
      delivery_init: 'Parcel registered',
      in_progress: 'In transit',
      delivered: 'Delivered',
      failed: 'Delivery failed',
      cancelled: 'Cancelled',
      returned: 'Returned to sender',
      lost: 'Lost',
    },
  },
  'nl-BE': {
    title: 'Trackingfiche',
    buyback: 'Overname',
    product: 'Product',
    customer: 'Klant',
    generated: 'Opgemaakt op',
    shipping: 'Pakket verzonden naar het magazijn',
    return: 'Retourpakket naar de klant',
    carrier: 'Vervoerder',
    trackingNumber: 'Trackingnummer',
    trackingUrl: 'Trackinglink',
    status: 'Status',
    events: 'Leveringsgebeurtenissen',
    noEvent: 'Nog geen gebeurtenis ontvangen.',
    pending: 'wacht op de vervoerder',
    codes: {
      delivery_init: 'Pakket aangemeld',
      in_progress: 'Onderweg',
      delivered: 'Geleverd',
      failed: 'Levering mislukt',
      cancelled: 'Geannuleerd',
      returned: 'Teruggestuurd naar afzender',
      lost: 'Verloren',
    },
  },
  'de-DE': {
    title: 'Sendungsverfolgung',
    buyback: 'Ankauf',
    product: 'Produkt',
    customer: 'Kunde',
    generated: 'Erstellt am',
    shipping: 'Paket an das Lager',
    return: 'Rücksendung an den Kunden',
    carrier: 'Versanddienstleister',
    trackingNumber: 'Sendungsnummer',
    trackingUrl: 'Verfolgungslink',
    status: 'Status',
    events: 'Zustellereignisse',
    noEvent: 'Noch kein Ereignis empfangen.',
    pending: 'wartet auf den Versanddienstleister',
    codes: {
      delivery_init: 'Paket angemeldet',
      in_progress: 'Unterwegs',
      delivered: 'Zugestellt',
      failed: 'Zustellung fehlgeschlagen',
      cancelled: 'Storniert',
      returned: 'An den Absender zurück',
      lost: 'Verloren',
    },
  },
};

function trackingSheetStrings(language: string): TrackingSheetStrings {
  return STRINGS[language as Locale] ?? STRINGS['en-GB'];
}

export async function renderTrackingSheet(data: TrackingSheetData): Promise<Buffer> {
  const t = trackingSheetStrings(data.language);
  const doc = createPdf({ title: `${t.title} ${data.identificationNumber}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (label: string, value: string) => {
    doc.font(BOLD).fontSize(10).text(`${label}: `, left, doc.y, { continued: true, width });
    doc.font(REGULAR).text(value, { width });
  };
  doc.font(BOLD).fontSize(18).text(t.title, left, doc.y, { width });
  doc.moveDown(0.5);
  row(t.buyback, data.identificationNumber);
  row(t.product, data.productName);
  row(t.customer, data.customerName);
  row(t.generated, formatDate(data.generatedAt, data.language));
  for (const shipment of data.shipments) {
    doc.moveDown(1);
    doc
      .font(BOLD)
      .fontSize(13)
      .text(shipment.kind === 'return' ? t.return : t.shipping, left, doc.y, { width });
    doc.moveDown(0.3);
    row(t.carrier, shipment.carrierName ?? '—');
    row(t.trackingNumber, shipment.trackingNumber ?? t.pending);
    if (shipment.trackingUrl) row(t.trackingUrl, shipment.trackingUrl);
    const latest = shipment.events.at(-1);
    if (latest) row(t.status, t.codes[latest.code] ?? latest.code);
    if (shipment.trackingNumber) {
      const barcode = await code128Png(shipment.trackingNumber);
      doc.image(barcode, left, doc.y + 4, { fit: [220, 60] });
      doc.y += 70;
    }
    doc.font(BOLD).fontSize(11).text(t.events, left, doc.y, { width });
    if (shipment.events.length === 0) doc.font(REGULAR).fontSize(10).text(t.noEvent, left, doc.y, { width });
    for (const event of shipment.events)
      doc
        .font(REGULAR)
        .fontSize(10)
        .text(
          `${formatDate(event.occurredAt, data.language)} — ${t.codes[event.code] ?? event.code}`,
          left + 10,
          doc.y,
          { width: width - 10 },
        );
  }
  return pdfBuffer(doc);
}
