/** Stable ids of the demo data, so tests and documentation can name them. */
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const DEMO = {
  password: 'Reprise-Demo-2026',
  accounts: { platform: id(0x100), demoRetail: id(0x200), demoBuyer: id(0x300), otherRetail: id(0x400) },
  orgs: {
    platform: id(0x101),
    retailRoot: id(0x201),
    muFrance: id(0x202),
    muBenelux: id(0x203),
    storeParis: id(0x204),
    storeLille: id(0x205),
    storeBruxelles: id(0x206),
    storeLiege: id(0x207),
    buyer: id(0x301),
    warehouseSaintPriest: id(0x302),
    warehouseRoubaix: id(0x303),
    otherRoot: id(0x401),
    otherMu: id(0x402),
    otherStore: id(0x403),
  },
  /**
   * The items of the warehouse demo (seed/demo-warehouse.ts), by their 13-digit number: all sent
   * by Demo Retail Paris Rivoli to Entrepôt Saint-Priest. Their last 8 digits are their short code.
   */
  warehouseItems: {
    inTransit: ['2100000000111', '2100000000128', '2100000000135'],
    registered: ['2100000000142', '2100000000159'],
    awaitingCompliancyTests: '2100000000166',
    completedByPrice: '2100000000173',
    completedWithAbsorption: '2100000000180',
    completedWithNegotiation: '2100000000197',
    openCounterOffer: '2100000000203',
    inQuarantineLocked: '2100000000210',
    inQuarantineStolen: '2100000000227',
    toReturn: '2100000000234',
    returned: '2100000000241',
    lostInStore: '2100000000258',
    lostInTransport: '2100000000265',
    lostInWarehouse: '2100000000272',
  },
  /** Demo Buyer's warehouse dispatch rules (seed/demo-warehouse.ts). */
  warehouseDispatchRules: { appleWebDrop: id(0x501), gradeECollected: id(0x502) },
  /** The counter-offers of the warehouse demo: open, accepted, declined (seed/demo-warehouse.ts). */
  warehouseLitigations: { open: id(0x511), accepted: id(0x512), rejected: id(0x513) },
  /**
   * The refurbishment demo's items (seed/demo-warehouse.ts, `refurbish`), also at Saint-Priest:
   * a diagnosis in progress, services under way (one paused, one started), a service cancelled,
   * refurbished with its data-erasure certificate on the resale shelf.
   */
  refurbishmentItems: {
    diagnosisInProgress: '2100000000289',
    servicesUnderWay: '2100000000296',
    serviceCancelled: '2100000000302',
    refurbished: '2100000000319',
    /** Refurbished, then dispatched in a closed warehouse package with its label. */
    dispatched: '2100000000326',
    /** A Paris store buyback awaiting inventory, in an open store package without label. */
    packedInStore: '2100000000333',
  },
  /** Demo Buyer's stocks beyond the native ones (seed/demo-refurbishment.ts). */
  stocks: { workshopSaintPriest: id(0x521), shelfSaintPriest: id(0x522), workshopRoubaix: id(0x523) },
  /** Demo Buyer's services (refurb steps) and refurbishment diagnosis questions (seed/demo-refurbishment.ts). */
  refurbSteps: {
    cleaning: id(0x531),
    screen: id(0x532),
    battery: id(0x533),
    dataErasure: id(0x534),
    backCover: id(0x535),
  },
  refurbQuestions: { screen: id(0x541), battery: id(0x542), works: id(0x543) },
  /** Demo Retail's connector configurations (seed/demo-connectors.ts), named as the seed names them. */
  connectorConfigurations: {
    sepaCreditTransfer: { id: id(0xc01), name: 'Virements SEPA' },
    giftCardIssuer: { id: id(0xc02), name: 'Cartes cadeaux' },
    giftCardTerminal: { id: id(0xc03), name: 'Terminal cartes cadeaux' },
    scanSearch: { id: id(0xc04), name: 'Recherche IMEI' },
  },
} as const;
