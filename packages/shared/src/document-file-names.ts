import type { Locale } from './enums';

export type DocumentKind =
  | 'transfer-order'
  | 'voucher'
  | 'gift-card'
  | 'drop-slip'
  | 'shipping-label'
  | 'return-label'
  | 'tracking-sheet'
  | 'package-label'
  | 'packing-list';

/** The names of the PDF files, in the language of the user who downloads them (lower case, no accent). */
const NAMES: Record<Locale, Record<DocumentKind, string>> = {
  'fr-FR': {
    'transfer-order': 'bon-de-cession',
    voucher: 'bon-d-achat',
    'gift-card': 'carte-cadeau',
    'drop-slip': 'bordereau-de-depot',
    'shipping-label': 'etiquette-d-envoi',
    'return-label': 'etiquette-de-retour',
    'tracking-sheet': 'fiche-de-suivi',
    'package-label': 'etiquette-de-colis',
    'packing-list': 'liste-de-colisage',
  },
  'en-GB': {
    'transfer-order': 'transfer-order',
    voucher: 'voucher',
    'gift-card': 'gift-card',
    'drop-slip': 'drop-slip',
    'shipping-label': 'shipping-label',
    'return-label': 'return-label',
    'tracking-sheet': 'tracking-sheet',
    'package-label': 'package-label',
    'packing-list': 'packing-list',
  },
  'nl-BE': {
    'transfer-order': 'overdrachtsbon',
    voucher: 'waardebon',
    'gift-card': 'cadeaukaart',
    'drop-slip': 'afgiftebon',
    'shipping-label': 'verzendlabel',
    'return-label': 'retourlabel',
    'tracking-sheet': 'trackingfiche',
    'package-label': 'pakketlabel',
    'packing-list': 'paklijst',
  },
  'de-DE': {
    'transfer-order': 'abtretungsbeleg',
    voucher: 'gutschein',
    'gift-card': 'geschenkkarte',
    'drop-slip': 'abgabeschein',
    'shipping-label': 'versandetikett',
    'return-label': 'retouretikett',
    'tracking-sheet': 'sendungsverfolgung',
    'package-label': 'paketetikett',
    'packing-list': 'packliste',
  },
};

/**
 * `bon-de-cession-2000000000015.pdf`: the server's Content-Disposition and the back office's
 * download use this one name. Without a language (an API client) the names are English.
 */
export function documentFileName(kind: DocumentKind, locale: Locale | undefined, reference: string): string {
  return `${NAMES[locale ?? 'en-GB'][kind]}-${reference}.pdf`;
}
