import type { Locale } from './enums';

export type DocumentKind = 'transfer-order' | 'voucher' | 'drop-slip' | 'shipping-label' | 'return-label';

/** The names of the PDF files, in the language of the user who downloads them (lower case, no accent). */
const NAMES: Record<Locale, Record<DocumentKind, string>> = {
  'fr-FR': {
    'transfer-order': 'bon-de-cession',
    voucher: 'bon-d-achat',
    'drop-slip': 'bordereau-de-depot',
    'shipping-label': 'etiquette-d-envoi',
    'return-label': 'etiquette-de-retour',
  },
  'en-GB': {
    'transfer-order': 'transfer-order',
    voucher: 'voucher',
    'drop-slip': 'drop-slip',
    'shipping-label': 'shipping-label',
    'return-label': 'return-label',
  },
  'nl-BE': {
    'transfer-order': 'overdrachtsbon',
    voucher: 'waardebon',
    'drop-slip': 'afgiftebon',
    'shipping-label': 'verzendlabel',
    'return-label': 'retourlabel',
  },
  'de-DE': {
    'transfer-order': 'abtretungsbeleg',
    voucher: 'gutschein',
    'drop-slip': 'abgabeschein',
    'shipping-label': 'versandetikett',
    'return-label': 'retouretikett',
  },
};

/**
 * `bon-de-cession-2000000000015.pdf`: the server's Content-Disposition and the back office's
 * download use this one name. Without a language (an API client) the names are English.
 */
export function documentFileName(kind: DocumentKind, locale: Locale | undefined, reference: string): string {
  return `${NAMES[locale ?? 'en-GB'][kind]}-${reference}.pdf`;
}
