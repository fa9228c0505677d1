import type { BuybackPaymentType, IdentificationType, Locale, ProductGrade } from '@reprise/shared';

/** The strings of the server's documents, in the four languages of the product. */

export interface DocumentStrings {
  transferOrder: string;
  voucher: string;
  copy: (n: number, of: number) => string;
  identificationNumber: string;
  itemNumber: string;
  date: string;
  store: string;
  buyer: string;
  seller: string;
  corporateName: string;
  address: string;
  siret: string;
  capital: string;
  email: string;
  phone: string;
  identityDocument: string;
  deliveredOn: string;
  issuedBy: string;
  product: string;
  brand: string;
  model: string;
  category: string;
  imei: string;
  declaredState: string;
  diagnosis: string;
  price: string;
  basePrice: string;
  estimatedPrice: string;
  paymentModifier: string;
  shippingModifier: string;
  bonus: string;
  total: string;
  payment: string;
  paymentType: string;
  iban: string;
  circuit: string;
  terms: string;
  sellerSignature: string;
  buyerSignature: string;
  signatureHint: string;
  voucherCode: string;
  voucherAmount: string;
  voucherIssuedFor: string;
  voucherUse: string;
  grades: Record<ProductGrade, string>;
  paymentTypes: Record<BuybackPaymentType, string>;
  identityTypes: Record<IdentificationType, string>;
  /** Terms used when the account has no custom transfer-order terms; `{{variable}}` as in the settings. */
  defaultTerms: string;
}

const fr: DocumentStrings = {
  transferOrder: 'Bon de cession',
  voucher: "Bon d'achat",
  copy: (n, of) => `Exemplaire ${n} sur ${of}`,
  identificationNumber: 'N° de reprise',
  itemNumber: "Numéro de l'article",
  date: 'Date',
  store: 'Magasin',
  buyer: 'Acheteur',
  seller: 'Vendeur (client)',
  corporateName: 'Raison sociale',
  address: 'Adresse',
  siret: 'SIRET',
  capital: 'Capital',
  email: 'E-mail',
  phone: 'Téléphone',
  identityDocument: "Pièce d'identité",
  deliveredOn: 'délivrée le',
  issuedBy: 'par',
  product: 'Produit',
  brand: 'Marque',
  model: 'Modèle',
  category: 'Catégorie',
  imei: 'IMEI',
  declaredState: 'État déclaré',
  diagnosis: 'Diagnostic',
  price: 'Prix',
  basePrice: 'Prix de base',
  estimatedPrice: 'Prix estimé',
  paymentModifier: 'Bonus du mode de paiement',
  shippingModifier: 'Bonus/malus du mode de transport',
  bonus: 'Bonus',
  total: 'Prix total',
  payment: 'Paiement',
  paymentType: 'Type de paiement',
  iban: 'IBAN',
  circuit: 'Circuit',
  terms: 'Conditions',
  sellerSignature: 'Signature du vendeur',
  buyerSignature: "Signature et cachet pour l'acheteur",
  signatureHint: 'Précédée de la mention « Lu et approuvé »',
  voucherCode: "Code du bon d'achat",
  voucherAmount: 'Montant',
  voucherIssuedFor: 'Émis pour la reprise',
  voucherUse: 'À présenter en caisse. Utilisable une seule fois.',
  grades: {
    functional: 'Fonctionnel',
    grade_a: 'Grade A',
    grade_b: 'Grade B',
    grade_c: 'Grade C',
    grade_d: 'Grade D',
    grade_e: 'Grade E',
  },
  paymentTypes: {
    bank_transfer: 'Virement bancaire',
    no_iban_transfer: 'Virement sans IBAN',
    gift_card: 'Carte cadeau',
    voucher: "Bon d'achat",
  },
  identityTypes: {
    driving_licence: 'Permis de conduire',
    identity_card: "Carte d'identité",
    passport: 'Passeport',
    residence_permit: 'Titre de séjour',
  },
  defaultTerms:
    "Je soussigné(e) {{customer_firstname}} {{customer_lastname}} certifie être le propriétaire du produit {{product_label}} et en céder la propriété à {{buyer_long_name}} ({{buyer_name}}), {{buyer_address}}, SIRET {{buyer_siret}}, au capital de {{buyer_capital}}, pour la somme de {{total_price}} réglée par {{payment_type}}. Je certifie que ce produit n'est ni volé, ni gagé, et que ses données personnelles ont été effacées.",
};

const en: DocumentStrings = {
  transferOrder: 'Transfer order',
  voucher: 'Voucher',
  copy: (n, of) => `Copy ${n} of ${of}`,
  identificationNumber: 'Buyback number',
  itemNumber: 'Item number',
  date: 'Date',
  store: 'Store',
  buyer: 'Buyer',
  seller: 'Seller (customer)',
  corporateName: 'Corporate name',
  address: 'Address',
  siret: 'SIRET',
  capital: 'Share capital',
  email: 'E-mail',
  phone: 'Phone',
  identityDocument: 'Identity document',
  deliveredOn: 'issued on',
  issuedBy: 'by',
  product: 'Product',
  brand: 'Brand',
  model: 'Model',
  category: 'Category',
  imei: 'IMEI',
  declaredState: 'Declared state',
  diagnosis: 'Diagnosis',
  price: 'Price',
  basePrice: 'Base price',
  estimatedPrice: 'Estimated price',
  paymentModifier: 'Payment mode bonus',
  shippingModifier: 'Transport mode bonus/malus',
  bonus: 'Bonus',
  total: 'Total price',
  payment: 'Payment',
  paymentType: 'Payment type',
  iban: 'IBAN',
  circuit: 'Circuit',
  terms: 'Terms',
  sellerSignature: "Seller's signature",
  buyerSignature: 'Signature and stamp for the buyer',
  signatureHint: 'Preceded by the words "Read and approved"',
  voucherCode: 'Voucher code',
  voucherAmount: 'Amount',
  voucherIssuedFor: 'Issued for the buyback',
  voucherUse: 'Present at the checkout. Valid once.',
  grades: {
    functional: 'Functional',
    grade_a: 'Grade A',
    grade_b: 'Grade B',
    grade_c: 'Grade C',
    grade_d: 'Grade D',
    grade_e: 'Grade E',
  },
  paymentTypes: {
    bank_transfer: 'Bank transfer',
    no_iban_transfer: 'Transfer without IBAN',
    gift_card: 'Gift card',
    voucher: 'Voucher',
  },
  identityTypes: {
    driving_licence: 'Driving licence',
    identity_card: 'Identity card',
    passport: 'Passport',
    residence_permit: 'Residence permit',
  },
  defaultTerms:
    'I, the undersigned {{customer_firstname}} {{customer_lastname}}, certify that I own the product {{product_label}} and transfer its ownership to {{buyer_long_name}} ({{buyer_name}}), {{buyer_address}}, SIRET {{buyer_siret}}, share capital {{buyer_capital}}, for {{total_price}} paid by {{payment_type}}. I certify that this product is neither stolen nor pledged and that my personal data has been erased from it.',
};

const nl: DocumentStrings = {
  transferOrder: 'Overdrachtsbon',
  voucher: 'Waardebon',
  copy: (n, of) => `Exemplaar ${n} van ${of}`,
  identificationNumber: 'Overnamenummer',
  itemNumber: 'Artikelnummer',
  date: 'Datum',
  store: 'Winkel',
  buyer: 'Koper',
  seller: 'Verkoper (klant)',
  corporateName: 'Maatschappelijke naam',
  address: 'Adres',
  siret: 'SIRET',
  capital: 'Kapitaal',
  email: 'E-mail',
  phone: 'Telefoon',
  identityDocument: 'Identiteitsbewijs',
  deliveredOn: 'afgegeven op',
  issuedBy: 'door',
  product: 'Product',
  brand: 'Merk',
  model: 'Model',
  category: 'Categorie',
  imei: 'IMEI',
  declaredState: 'Aangegeven staat',
  diagnosis: 'Diagnose',
  price: 'Prijs',
  basePrice: 'Basisprijs',
  estimatedPrice: 'Geschatte prijs',
  paymentModifier: 'Bonus van de betaalwijze',
  shippingModifier: 'Bonus/malus van de transportwijze',
  bonus: 'Bonus',
  total: 'Totaalprijs',
  payment: 'Betaling',
  paymentType: 'Betaaltype',
  iban: 'IBAN',
  circuit: 'Circuit',
  terms: 'Voorwaarden',
  sellerSignature: 'Handtekening van de verkoper',
  buyerSignature: 'Handtekening en stempel voor de koper',
  signatureHint: 'Voorafgegaan door de woorden "Gelezen en goedgekeurd"',
  voucherCode: 'Code van de waardebon',
  voucherAmount: 'Bedrag',
  voucherIssuedFor: 'Uitgegeven voor de overname',
  voucherUse: 'Toon deze bon aan de kassa. Eenmalig geldig.',
  grades: {
    functional: 'Functioneel',
    grade_a: 'Graad A',
    grade_b: 'Graad B',
    grade_c: 'Graad C',
    grade_d: 'Graad D',
    grade_e: 'Graad E',
  },
  paymentTypes: {
    bank_transfer: 'Bankoverschrijving',
    no_iban_transfer: 'Overschrijving zonder IBAN',
    gift_card: 'Cadeaukaart',
    voucher: 'Waardebon',
  },
  identityTypes: {
    driving_licence: 'Rijbewijs',
    identity_card: 'Identiteitskaart',
    passport: 'Paspoort',
    residence_permit: 'Verblijfsvergunning',
  },
  defaultTerms:
    'Ondergetekende {{customer_firstname}} {{customer_lastname}} verklaart eigenaar te zijn van het product {{product_label}} en de eigendom ervan over te dragen aan {{buyer_long_name}} ({{buyer_name}}), {{buyer_address}}, SIRET {{buyer_siret}}, kapitaal {{buyer_capital}}, voor {{total_price}}, betaald via {{payment_type}}. Ik verklaar dat dit product niet gestolen of verpand is en dat mijn persoonsgegevens gewist zijn.',
};

const de: DocumentStrings = {
  transferOrder: 'Abtretungsbeleg',
  voucher: 'Gutschein',
  copy: (n, of) => `Exemplar ${n} von ${of}`,
  identificationNumber: 'Ankaufsnummer',
  itemNumber: 'Artikelnummer',
  date: 'Datum',
  store: 'Filiale',
  buyer: 'Käufer',
  seller: 'Verkäufer (Kunde)',
  corporateName: 'Firmenname',
  address: 'Adresse',
  siret: 'SIRET',
  capital: 'Stammkapital',
  email: 'E-Mail',
  phone: 'Telefon',
  identityDocument: 'Ausweisdokument',
  deliveredOn: 'ausgestellt am',
  issuedBy: 'von',
  product: 'Produkt',
  brand: 'Marke',
  model: 'Modell',
  category: 'Kategorie',
  imei: 'IMEI',
  declaredState: 'Angegebener Zustand',
  diagnosis: 'Diagnose',
  price: 'Preis',
  basePrice: 'Grundpreis',
  estimatedPrice: 'Geschätzter Preis',
  paymentModifier: 'Bonus der Zahlungsart',
  shippingModifier: 'Bonus/Malus der Transportart',
  bonus: 'Bonus',
  total: 'Gesamtpreis',
  payment: 'Zahlung',
  paymentType: 'Zahlungstyp',
  iban: 'IBAN',
  circuit: 'Kreislauf',
  terms: 'Bedingungen',
  sellerSignature: 'Unterschrift des Verkäufers',
  buyerSignature: 'Unterschrift und Stempel für den Käufer',
  signatureHint: 'Mit dem Vermerk „Gelesen und genehmigt“',
  voucherCode: 'Gutscheincode',
  voucherAmount: 'Betrag',
  voucherIssuedFor: 'Ausgestellt für den Ankauf',
  voucherUse: 'An der Kasse vorzeigen. Einmal gültig.',
  grades: {
    functional: 'Funktionsfähig',
    grade_a: 'Grad A',
    grade_b: 'Grad B',
    grade_c: 'Grad C',
    grade_d: 'Grad D',
    grade_e: 'Grad E',
  },
  paymentTypes: {
    bank_transfer: 'Banküberweisung',
    no_iban_transfer: 'Überweisung ohne IBAN',
    gift_card: 'Geschenkkarte',
    voucher: 'Gutschein',
  },
  identityTypes: {
    driving_licence: 'Führerschein',
    identity_card: 'Personalausweis',
    passport: 'Reisepass',
    residence_permit: 'Aufenthaltstitel',
  },
  defaultTerms:
    'Ich, {{customer_firstname}} {{customer_lastname}}, bestätige, Eigentümer des Produkts {{product_label}} zu sein, und übertrage das Eigentum daran an {{buyer_long_name}} ({{buyer_name}}), {{buyer_address}}, SIRET {{buyer_siret}}, Stammkapital {{buyer_capital}}, für {{total_price}}, bezahlt per {{payment_type}}. Ich bestätige, dass das Produkt weder gestohlen noch verpfändet ist und meine persönlichen Daten gelöscht wurden.',
};

export const DOCUMENT_STRINGS: Record<Locale, DocumentStrings> = {
  'fr-FR': fr,
  'en-GB': en,
  'nl-BE': nl,
  'de-DE': de,
};

/** The strings of a language; the fallback language (en-GB) for any other. */
export function documentStrings(language: string): DocumentStrings {
  return DOCUMENT_STRINGS[language as Locale] ?? en;
}
