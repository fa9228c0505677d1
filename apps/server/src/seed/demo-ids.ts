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
} as const;
