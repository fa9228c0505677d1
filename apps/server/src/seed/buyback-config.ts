import type { InstructionType } from '@reprise/shared';
import { sql } from 'kysely';
import type { Db } from '../platform/db';
import { DEMO_CATALOG } from './catalog';
import { DEMO } from './demo-ids';

/** Stable ids of the demo buyback configuration, so tests and documentation can name them. */
const uuid = (group: string, n: number) => `00000000-0000-4000-${group}-${n.toString(16).padStart(12, '0')}`;

export const TRANSPORT_PROVIDERS = {
  colissimo: uuid('b000', 1),
  chronopost: uuid('b000', 2),
  mondialRelay: uuid('b000', 3),
  bpost: uuid('b000', 4),
  dhlParcel: uuid('b000', 5),
} as const;

export const DEMO_CONFIG = {
  paymentModes: {
    bankTransfer: uuid('8c10', 1),
    noIbanTransfer: uuid('8c10', 2),
    giftCard: uuid('8c10', 3),
    voucher: uuid('8c10', 4),
    otherBankTransfer: uuid('8c10', 0x41),
    otherVoucher: uuid('8c10', 0x42),
  },
  circuits: {
    storeDrop: uuid('8c20', 1),
    storeCollect: uuid('8c20', 2),
    storeDropLabel: uuid('8c20', 3),
    webDrop: uuid('8c20', 4),
    webPost: uuid('8c20', 5),
    webCollect: uuid('8c20', 6),
    otherStoreDrop: uuid('8c20', 0x41),
  },
  rules: {
    storeDrop: uuid('8c30', 1),
    storeCollect: uuid('8c30', 2),
    storeDropLabel: uuid('8c30', 3),
    webDrop: uuid('8c30', 4),
    webPost: uuid('8c30', 5),
    webCollect: uuid('8c30', 6),
    otherStoreDrop: uuid('8c30', 0x41),
  },
} as const;

const PM = DEMO_CONFIG.paymentModes;
const C = DEMO_CONFIG.circuits;
const R = DEMO_CONFIG.rules;
const A = DEMO.accounts;
const cat = DEMO_CATALOG.categories as Record<string, string>;
const TOPS = ['smartphones', 'tablets', 'laptops', 'consoles', 'watches', 'audio'].map(
  (k) => cat[k] as string,
);

const PAYMENT_MODES = [
  {
    id: PM.bankTransfer,
    account_id: A.demoRetail,
    type: 'bank_transfer',
    label: 'Virement bancaire',
    description: 'Le montant de la reprise est viré sur le compte du client sous 5 jours ouvrés.',
    long_description:
      'Le client donne son IBAN au moment de la reprise.\nLe virement part dès la validation du produit par notre entrepôt.\nIl arrive sous 5 jours ouvrés.',
    mail_content: 'Votre virement de {{total_price}} a été émis. Il arrivera sous 5 jours ouvrés.',
    provider: 'bank_transfer_provider',
  },
  {
    id: PM.noIbanTransfer,
    account_id: A.demoRetail,
    type: 'no_iban_transfer',
    label: 'Virement sans IBAN',
    description: 'Le client reçoit un lien par e-mail pour encaisser le montant sur le compte de son choix.',
    long_description: null,
    mail_content: 'Suivez le lien reçu par e-mail pour encaisser votre reprise.',
    provider: 'wallet_provider',
  },
  {
    id: PM.giftCard,
    account_id: A.demoRetail,
    type: 'gift_card',
    label: 'Carte cadeau Demo Retail',
    description: 'Une carte cadeau utilisable immédiatement dans tous les magasins Demo Retail.',
    long_description: 'La carte cadeau est valable un an, en magasin et sur le site.',
    mail_content: null,
    provider: 'gift_card_provider',
  },
  {
    id: PM.voucher,
    account_id: A.demoRetail,
    type: 'voucher',
    label: "Bon d'achat +10 %",
    description: "Un bon d'achat majoré de 10 % (jusqu'à 50 €), à utiliser en magasin.",
    long_description: "Le bon d'achat est valable 6 mois.\nIl n'est ni remboursable ni échangeable.",
    mail_content: null,
    provider: 'none',
    bonus_mode: 'percentage',
    bonus_value: 10,
    bonus_cap: 50,
  },
  {
    id: PM.otherBankTransfer,
    account_id: A.otherRetail,
    type: 'bank_transfer',
    label: 'Virement',
    description: 'Virement sur le compte du client.',
    long_description: null,
    mail_content: null,
    provider: 'none',
  },
  {
    id: PM.otherVoucher,
    account_id: A.otherRetail,
    type: 'voucher',
    label: "Bon d'achat",
    description: "Bon d'achat à utiliser en magasin.",
    long_description: null,
    mail_content: null,
    provider: 'none',
  },
];

const CIRCUITS = [
  {
    id: C.storeDrop,
    account_id: A.demoRetail,
    name: 'Dépôt en magasin',
    channel: 'store',
    deposit_type: 'drop',
    transfer_order_number_of_copy: 2,
    description: 'Le client laisse son produit au magasin ; il part vers notre entrepôt de Saint-Priest.',
    eligible_countries: ['FR', 'BE'],
    warehouse_id: DEMO.orgs.warehouseSaintPriest,
    transport_provider_id: null,
  },
  {
    id: C.storeCollect,
    account_id: A.demoRetail,
    name: 'Collecte en magasin',
    channel: 'store',
    deposit_type: 'collect',
    description: 'Un transporteur vient chercher les produits au magasin chaque semaine.',
    eligible_countries: ['FR', 'BE'],
    bonus_mode: 'percentage',
    bonus_value: -5,
    bonus_cap: -15,
    warehouse_id: DEMO.orgs.warehouseRoubaix,
    transport_provider_id: TRANSPORT_PROVIDERS.chronopost,
  },
  {
    id: C.storeDropLabel,
    account_id: A.demoRetail,
    name: 'Envoi depuis le magasin',
    channel: 'store',
    deposit_type: 'drop_label',
    description: 'Le magasin expédie le produit avec une étiquette prépayée.',
    eligible_countries: ['FR'],
    warehouse_id: DEMO.orgs.warehouseRoubaix,
    transport_provider_id: TRANSPORT_PROVIDERS.colissimo,
  },
  {
    id: C.webDrop,
    account_id: A.demoRetail,
    name: 'Déclaration en ligne, dépôt en magasin',
    channel: 'web',
    deposit_type: 'drop',
    description: 'Le client déclare son produit en ligne puis le dépose dans le magasin de son choix.',
    eligible_countries: ['FR', 'BE'],
    warehouse_id: DEMO.orgs.warehouseSaintPriest,
    transport_provider_id: null,
  },
  {
    id: C.webPost,
    account_id: A.demoRetail,
    name: 'Envoi par la poste',
    channel: 'web',
    deposit_type: 'post',
    description: 'Le client envoie son produit avec le bon de transport fourni.',
    eligible_countries: ['FR', 'BE'],
    warehouse_id: DEMO.orgs.warehouseSaintPriest,
    transport_provider_id: TRANSPORT_PROVIDERS.colissimo,
  },
  {
    id: C.webCollect,
    account_id: A.demoRetail,
    name: 'Collecte à domicile',
    channel: 'web',
    deposit_type: 'collect',
    description: 'Un transporteur vient chercher le produit chez le client.',
    eligible_countries: ['FR'],
    bonus_mode: 'amount',
    bonus_value: -5,
    warehouse_id: DEMO.orgs.warehouseRoubaix,
    transport_provider_id: TRANSPORT_PROVIDERS.chronopost,
  },
  {
    id: C.otherStoreDrop,
    account_id: A.otherRetail,
    name: 'Dépôt en magasin',
    channel: 'store',
    deposit_type: 'drop',
    description: null,
    eligible_countries: ['FR'],
    warehouse_id: DEMO.orgs.warehouseRoubaix,
    transport_provider_id: null,
  },
];

type I = [InstructionType, string];
const INSTRUCTIONS: Record<string, I[]> = {
  [C.storeDrop]: [
    ['sign', 'Faites signer le bon de cession au client.'],
    ['print', "Imprimez l'étiquette d'identification et collez-la au dos du produit."],
    ['protect', 'Glissez le produit dans une pochette de protection.'],
    ['close', 'Rangez-le dans le bac sécurisé des reprises.'],
  ],
  [C.storeCollect]: [
    ['sign', 'Faites signer le bon de cession au client.'],
    ['protect', 'Emballez le produit avec ses accessoires.'],
    ['agenda', 'Le transporteur passe chaque mardi matin.'],
  ],
  [C.storeDropLabel]: [
    ['print', "Imprimez l'étiquette d'envoi."],
    ['insert', 'Glissez le produit et le bon de cession dans le carton.'],
    ['close', 'Fermez le carton avec du ruban adhésif.'],
    ['post', 'Déposez le colis au bureau de poste le plus proche.'],
  ],
  [C.webDrop]: [
    ['print', 'Imprimez votre bordereau de dépôt ou gardez-le sur votre téléphone.'],
    ['deliver', 'Présentez-vous en magasin avec le produit et une pièce d’identité.'],
  ],
  [C.webPost]: [
    ['protect', 'Protégez le produit avec du papier bulle.'],
    ['insert', 'Placez-le dans un carton avec le bon de cession.'],
    ['post', 'Déposez le colis dans un point de retrait ou une boîte aux lettres.'],
  ],
  [C.webCollect]: [
    ['agenda', 'Choisissez un créneau de passage du transporteur.'],
    ['protect', 'Emballez le produit avant son arrivée.'],
    ['deliver', 'Remettez le colis au transporteur.'],
  ],
  [C.otherStoreDrop]: [['sign', 'Faites signer le bon de cession.']],
};
/** Own instructions of the web_post rule (they replace the circuit's). */
const WEB_POST_RULE_INSTRUCTIONS: I[] = [
  ['join', 'Joignez le bon de cession imprimé.'],
  ['mailbox', 'Déposez le colis dans une boîte aux lettres de rue, avant 12 h.'],
];

const CIRCUIT_PAYMENT_MODES: Record<string, string[]> = {
  [C.storeDrop]: [PM.bankTransfer, PM.noIbanTransfer, PM.giftCard, PM.voucher],
  [C.storeCollect]: [PM.bankTransfer, PM.giftCard],
  [C.storeDropLabel]: [PM.bankTransfer, PM.voucher],
  [C.webDrop]: [PM.bankTransfer, PM.voucher],
  [C.webPost]: [PM.bankTransfer, PM.noIbanTransfer],
  [C.webCollect]: [PM.bankTransfer],
  [C.otherStoreDrop]: [PM.otherBankTransfer, PM.otherVoucher],
};

const RULES = [
  { id: R.storeDrop, circuit_id: C.storeDrop, account_id: A.demoRetail, traceability_enabled: true },
  { id: R.storeCollect, circuit_id: C.storeCollect, account_id: A.demoRetail },
  { id: R.storeDropLabel, circuit_id: C.storeDropLabel, account_id: A.demoRetail },
  { id: R.webDrop, circuit_id: C.webDrop, account_id: A.demoRetail },
  {
    id: R.webPost,
    circuit_id: C.webPost,
    account_id: A.demoRetail,
    own_instructions: true,
    terms:
      'Le produit voyage aux risques de Demo Retail dès son dépôt à La Poste, sur présentation du bordereau.',
    highlighted_instruction: 'Retirez la carte SIM et la carte mémoire avant l’envoi.',
  },
  { id: R.webCollect, circuit_id: C.webCollect, account_id: A.demoRetail, eligible_countries: ['FR'] },
  { id: R.otherStoreDrop, circuit_id: C.otherStoreDrop, account_id: A.otherRetail },
];

/** Which categories each rule serves: every top category, except home collection (bulky products only). */
const RULE_CATEGORIES: Record<string, string[]> = {
  [R.storeDrop]: TOPS,
  [R.storeCollect]: TOPS,
  [R.storeDropLabel]: TOPS,
  [R.webDrop]: TOPS,
  [R.webPost]: TOPS,
  [R.webCollect]: [cat.laptops as string, cat.consoles as string],
  [R.otherStoreDrop]: [DEMO_CATALOG.otherCategories.smartphones as string],
};

const DEMO_TRANSFER_ORDER_TERMS = `Je soussigné(e) {{customer_firstname}} {{customer_lastname}} cède à {{buyer_long_name}} ({{buyer_name}}, SIRET {{buyer_siret}}, au capital de {{buyer_capital}}, {{buyer_address}}) le produit {{product_label}} pour la somme de {{total_price}}, payée par {{payment_type}}.
Je certifie être le propriétaire légitime de ce produit et qu'il n'est ni volé, ni gagé.`;

/**
 * Seeds the demo buyback configuration in the caller's transaction (after the catalogue): Demo
 * Retail's six circuits of both channels with their instructions, four payment modes, their links
 * to every top category, its transfer-order terms and the premium features the demo uses; Other
 * Retail's single store_drop circuit with two payment modes.
 */
export async function seedBuybackConfig(trx: Db): Promise<void> {
  await trx.insertInto('payment_modes').values(PAYMENT_MODES).execute();
  await trx.insertInto('circuits').values(CIRCUITS).execute();
  await trx.insertInto('dispatch_circuit_rules').values(RULES).execute();
  await trx
    .insertInto('circuit_payment_modes')
    .values(
      Object.entries(CIRCUIT_PAYMENT_MODES).flatMap(([circuit_id, ids]) =>
        ids.map((payment_mode_id) => ({ circuit_id, payment_mode_id })),
      ),
    )
    .execute();
  await trx
    .insertInto('circuit_instructions')
    .values([
      ...Object.entries(INSTRUCTIONS).flatMap(([circuit_id, list]) =>
        list.map(([type, label], n) => ({ circuit_id, sequence: n + 1, type, label })),
      ),
      ...WEB_POST_RULE_INSTRUCTIONS.map(([type, label], n) => ({
        dispatch_circuit_rule_id: R.webPost,
        sequence: n + 1,
        type,
        label,
      })),
    ])
    .execute();
  await trx
    .insertInto('dispatch_circuit_rule_categories')
    .values(
      Object.entries(RULE_CATEGORIES).flatMap(([dispatch_circuit_rule_id, ids]) =>
        ids.map((category_id) => ({ dispatch_circuit_rule_id, category_id })),
      ),
    )
    .execute();
  await trx
    .insertInto('transfer_order_settings')
    .values({ account_id: A.demoRetail, terms: DEMO_TRANSFER_ORDER_TERMS })
    .execute();
  // the premium features the demo configuration shows (kept when already enabled)
  await trx
    .updateTable('organization_root_details')
    .set({
      enabled_premium_features: sql<
        string[]
      >`ARRAY(SELECT DISTINCT unnest(enabled_premium_features || ARRAY['custom_transfer_order', 'imei_search_and_collect', 'multi_product_cart', 'payment_bonus']::text[]) ORDER BY 1)`,
    })
    .where('account_id', '=', A.demoRetail)
    .execute();
}
