import type { ModuleType, UserType } from '@reprise/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../platform/db';
import type { OrganizationsTable } from '../platform/db.types';
import type { Keyring } from '../platform/secrets';
import { hashPassword } from '../platform/security';
import { registerStatusReactions } from '../status-reactions';
import { seedBuybackConfig } from './buyback-config';
import { seedBuybacks } from './buybacks';
import { seedCatalog } from './catalog';
import { seedDemoConnectors } from './demo-connectors';
import { seedDemoDeviceCheck } from './demo-device-check';
import { DEMO } from './demo-ids';
import { seedDemoRefurbishment } from './demo-refurbishment';
import { seedDemoStatistics } from './demo-statistics';
import { seedDemoTransport } from './demo-transport';
import { seedDemoWarehouse } from './demo-warehouse';
import { seedWhiteLabel } from './white-label';

type Org = Omit<Insertable<OrganizationsTable>, 'path'> & { id: string };

const O = DEMO.orgs;
const A = DEMO.accounts;

const address = (
  street: string,
  zip: string,
  city: string,
  country: string,
  latitude: number,
  longitude: number,
) => ({
  street,
  zip,
  city,
  country,
  latitude,
  longitude,
});

const ORGANIZATIONS: Org[] = [
  {
    id: O.platform,
    account_id: A.platform,
    parent_organization_id: null,
    type: 'root_management_unit',
    module_type: 'root',
    common_name: 'Reprise Platform',
    corporate_name: 'Reprise SAS',
    ...address('10 Rue de la Paix', '75002', 'Paris', 'FR', 48.8686, 2.3314),
  },
  {
    id: O.retailRoot,
    account_id: A.demoRetail,
    parent_organization_id: null,
    type: 'root_management_unit',
    module_type: 'tim',
    common_name: 'Demo Retail',
    corporate_name: 'Demo Retail SA',
    siret: '55210055400013',
    capital: 1500000,
    external_id: 'DR-HQ',
    place_email: 'contact@demo-retail.test',
    ...address('29 Rue de Rivoli', '75004', 'Paris', 'FR', 48.8559, 2.3582),
  },
  {
    id: O.muFrance,
    account_id: A.demoRetail,
    parent_organization_id: O.retailRoot,
    type: 'management_unit',
    module_type: 'tim',
    common_name: 'Direction France',
    external_id: 'DR-FR',
    ...address('29 Rue de Rivoli', '75004', 'Paris', 'FR', 48.8559, 2.3582),
  },
  {
    id: O.muBenelux,
    account_id: A.demoRetail,
    parent_organization_id: O.retailRoot,
    type: 'management_unit',
    module_type: 'tim',
    common_name: 'Direction Benelux',
    external_id: 'DR-BNL',
    ...address('Rue Neuve 111', '1000', 'Bruxelles', 'BE', 50.853, 4.3555),
  },
  {
    id: O.storeParis,
    account_id: A.demoRetail,
    parent_organization_id: O.muFrance,
    type: 'store',
    module_type: 'tim',
    common_name: 'Demo Retail Paris Rivoli',
    external_id: 'DR-PAR-01',
    place_email: 'paris@demo-retail.test',
    buyer_id: O.buyer,
    default_warehouse_id: O.warehouseSaintPriest,
    ...address('52 Rue de Rivoli', '75001', 'Paris', 'FR', 48.8593, 2.3464),
  },
  {
    id: O.storeLille,
    account_id: A.demoRetail,
    parent_organization_id: O.muFrance,
    type: 'store',
    module_type: 'tim',
    common_name: 'Demo Retail Lille Rue Neuve',
    external_id: 'DR-LIL-01',
    place_email: 'lille@demo-retail.test',
    buyer_id: O.buyer,
    default_warehouse_id: O.warehouseRoubaix,
    ...address('31 Rue Neuve', '59800', 'Lille', 'FR', 50.6369, 3.0643),
  },
  {
    id: O.storeBruxelles,
    account_id: A.demoRetail,
    parent_organization_id: O.muBenelux,
    type: 'store',
    module_type: 'tim',
    common_name: 'Demo Retail Bruxelles Nieuwstraat',
    external_id: 'DR-BRU-01',
    place_email: 'bruxelles@demo-retail.test',
    buyer_id: O.buyer,
    default_warehouse_id: O.warehouseRoubaix,
    ...address('Rue Neuve 123', '1000', 'Bruxelles', 'BE', 50.8537, 4.3571),
  },
  {
    id: O.storeLiege,
    account_id: A.demoRetail,
    parent_organization_id: O.muBenelux,
    type: 'store',
    module_type: 'tim',
    common_name: 'Demo Retail Liège Saint-Lambert',
    external_id: 'DR-LGG-01',
    place_email: 'liege@demo-retail.test',
    buyer_id: O.buyer,
    default_warehouse_id: O.warehouseRoubaix,
    ...address('Place Saint-Lambert 18', '4000', 'Liège', 'BE', 50.6454, 5.5734),
  },
  {
    id: O.buyer,
    account_id: A.demoBuyer,
    parent_organization_id: null,
    type: 'buyer',
    module_type: 'lcm',
    common_name: 'Demo Buyer',
    corporate_name: 'Demo Buyer Reconditionnement SAS',
    siret: '81234567800021',
    capital: 250000,
    place_email: 'achats@demo-buyer.test',
    ...address('12 Avenue Pablo Picasso', '92000', 'Nanterre', 'FR', 48.8924, 2.2069),
  },
  {
    id: O.warehouseSaintPriest,
    account_id: A.demoBuyer,
    parent_organization_id: O.buyer,
    type: 'warehouse',
    module_type: 'rps',
    common_name: 'Entrepôt Saint-Priest',
    external_id: 'WH-SPR',
    place_email: 'saint-priest@demo-buyer.test',
    ...address('8 Rue du Dauphiné', '69800', 'Saint-Priest', 'FR', 45.7101, 4.9328),
  },
  {
    id: O.warehouseRoubaix,
    account_id: A.demoBuyer,
    parent_organization_id: O.buyer,
    type: 'warehouse',
    module_type: 'rps',
    common_name: 'Atelier Roubaix',
    external_id: 'WH-RBX',
    place_email: 'roubaix@demo-buyer.test',
    ...address('140 Boulevard de Fourmies', '59100', 'Roubaix', 'FR', 50.6775, 3.1956),
  },
  {
    id: O.otherRoot,
    account_id: A.otherRetail,
    parent_organization_id: null,
    type: 'root_management_unit',
    module_type: 'tim',
    common_name: 'Other Retail',
    corporate_name: 'Other Retail SARL',
    ...address('Cours de l’Intendance 12', '33000', 'Bordeaux', 'FR', 44.8412, -0.5779),
  },
  {
    id: O.otherMu,
    account_id: A.otherRetail,
    parent_organization_id: O.otherRoot,
    type: 'management_unit',
    module_type: 'tim',
    common_name: 'Other Sud-Ouest',
    ...address('Cours de l’Intendance 12', '33000', 'Bordeaux', 'FR', 44.8412, -0.5779),
  },
  {
    id: O.otherStore,
    account_id: A.otherRetail,
    parent_organization_id: O.otherMu,
    type: 'store',
    module_type: 'tim',
    common_name: 'Other Retail Bordeaux',
    ...address('Rue Sainte-Catherine 91', '33000', 'Bordeaux', 'FR', 44.8375, -0.5733),
  },
];

interface DemoUser {
  email: string;
  firstname: string;
  lastname: string;
  account: string;
  modules: [ModuleType, UserType, string][];
}

const USERS: DemoUser[] = [
  {
    email: 'admin@demo.test',
    firstname: 'Alice',
    lastname: 'Admin',
    account: A.platform,
    modules: [['root', 'admin', O.platform]],
  },
  {
    email: 'super_admin@demo.test',
    firstname: 'Sam',
    lastname: 'Superadmin',
    account: A.platform,
    modules: [['root', 'super_admin', O.platform]],
  },
  {
    email: 'root_management_unit_manager@demo.test',
    firstname: 'Romain',
    lastname: 'Dubois',
    account: A.demoRetail,
    modules: [['tim', 'root_management_unit_manager', O.retailRoot]],
  },
  {
    email: 'root_management_unit_analyst@demo.test',
    firstname: 'Rachida',
    lastname: 'Benali',
    account: A.demoRetail,
    modules: [['tim', 'root_management_unit_analyst', O.retailRoot]],
  },
  {
    email: 'management_unit_manager@demo.test',
    firstname: 'Mathieu',
    lastname: 'Lefèvre',
    account: A.demoRetail,
    modules: [['tim', 'management_unit_manager', O.muFrance]],
  },
  {
    email: 'management_unit_analyst@demo.test',
    firstname: 'Margaux',
    lastname: 'Petit',
    account: A.demoRetail,
    modules: [['tim', 'management_unit_analyst', O.muFrance]],
  },
  {
    email: 'store_manager@demo.test',
    firstname: 'Sophie',
    lastname: 'Martin',
    account: A.demoRetail,
    modules: [['tim', 'store_manager', O.storeParis]],
  },
  {
    email: 'store_seller@demo.test',
    firstname: 'Sébastien',
    lastname: 'Moreau',
    account: A.demoRetail,
    modules: [['tim', 'store_seller', O.storeParis]],
  },
  {
    email: 'buyer_manager@demo.test',
    firstname: 'Bruno',
    lastname: 'Garnier',
    account: A.demoBuyer,
    modules: [['lcm', 'buyer_manager', O.buyer]],
  },
  {
    email: 'warehouse_manager@demo.test',
    firstname: 'Wassim',
    lastname: 'Haddad',
    account: A.demoBuyer,
    modules: [['rps', 'warehouse_manager', O.warehouseSaintPriest]],
  },
  {
    email: 'warehouse_operator@demo.test',
    firstname: 'Wendy',
    lastname: 'Janssens',
    account: A.demoBuyer,
    modules: [['rps', 'warehouse_operator', O.warehouseSaintPriest]],
  },
  {
    email: 'multi@demo.test',
    firstname: 'Morgane',
    lastname: 'Multi',
    account: A.demoRetail,
    modules: [
      ['tim', 'store_manager', O.storeParis],
      ['rps', 'warehouse_manager', O.warehouseSaintPriest],
    ],
  },
  {
    email: 'store_seller@other.test',
    firstname: 'Olivier',
    lastname: 'Autre',
    account: A.otherRetail,
    modules: [['tim', 'store_seller', O.otherStore]],
  },
  {
    email: 'root_management_unit_manager@other.test',
    firstname: 'Odile',
    lastname: 'Autre',
    account: A.otherRetail,
    modules: [['tim', 'root_management_unit_manager', O.otherRoot]],
  },
];

export const DEMO_USERS = USERS.map((u) => ({
  email: u.email,
  types: u.modules.map((m) => `${m[1]} (${m[0]})`),
}));

/** True when the database holds no account yet (a new database gets the demo data). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  return !row;
}

/** Seeds the demo accounts, organisations, users and catalogues in one transaction. */
/** `keyring` encrypts the demo customers' IBANs (docs/security.md, "Encryption at rest"). */
export async function seedDemo(db: Db, keyring: Keyring): Promise<void> {
  // the demo buybacks move as the app moves them: a completion or a return reaches their payments
  registerStatusReactions();
  const passwordHash = await hashPassword(DEMO.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('accounts')
      .values([
        { id: A.platform, name: 'Reprise', is_platform: true, language: 'en-GB', modules: ['root'] },
        {
          id: A.demoRetail,
          name: 'Demo Retail',
          is_retailer: true,
          modules: ['tim'],
          payment_issuer: true,
          site_slug: 'demo-retail',
          site_active: true,
          email_dpo: 'dpo@demo-retail.test',
        },
        {
          id: A.demoBuyer,
          name: 'Demo Buyer',
          is_buyer_and_workshops_supervisor: true,
          modules: ['lcm', 'rps'],
          transport_contract_holder: true,
          main_color: '#1c7ed6',
        },
        {
          id: A.otherRetail,
          name: 'Other Retail',
          is_retailer: true,
          modules: ['tim'],
          site_slug: 'other-retail',
          site_active: false,
          main_color: '#e8590c',
        },
      ])
      .execute();
    // the buyers the retailers may use: Demo Buyer buys from both (their catalogues name it)
    await trx
      .insertInto('account_linked_buyers')
      .values([
        { account_id: A.demoRetail, buyer_account_id: A.demoBuyer },
        { account_id: A.otherRetail, buyer_account_id: A.demoBuyer },
      ])
      .execute();
    const paths = new Map<string, string>();
    for (const org of ORGANIZATIONS) {
      const parentPath = org.parent_organization_id ? paths.get(org.parent_organization_id) : '/';
      paths.set(org.id, `${parentPath}${org.id}/`);
    }
    await trx
      .insertInto('organizations')
      .values(ORGANIZATIONS.map((o) => ({ ...o, path: paths.get(o.id) as string })))
      .execute();
    await trx
      .insertInto('organization_root_details')
      .values([
        { account_id: A.platform },
        {
          account_id: A.demoRetail,
          seller_support_email: 'support@demo-retail.test',
          enabled_premium_features: ['multi_product_cart', 'payment_bonus', 'sftp_access'],
          category_navigation_enabled: true,
          // the wizard offers its barcode way only with it (e2e/buyback.spec.ts finds by barcode)
          bar_code_enabled: true,
        },
        { account_id: A.demoBuyer, warehouse_checkin_requirement: 'mandatory' },
        { account_id: A.otherRetail },
      ])
      .execute();
    const users = await trx
      .insertInto('users')
      .values(
        USERS.map((u) => ({
          email: u.email,
          firstname: u.firstname,
          lastname: u.lastname,
          account_id: u.account,
          password_hash: passwordHash,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const idOf = new Map(users.map((u) => [u.email, u.id]));
    await trx
      .insertInto('user_modules')
      .values(
        USERS.flatMap((u) =>
          u.modules.map(([module_type, user_type, organization_id]) => ({
            user_id: idOf.get(u.email) as string,
            module_type,
            user_type,
            organization_id,
          })),
        ),
      )
      .execute();
    await seedCatalog(trx);
    await seedBuybackConfig(trx);
    await seedBuybacks(trx, keyring);
    await seedDemoRefurbishment(trx);
    await seedDemoConnectors(trx, keyring);
    await seedDemoWarehouse(trx, keyring);
    await seedWhiteLabel(trx);
    await seedDemoTransport(trx, keyring);
    await seedDemoStatistics(trx);
    await seedDemoDeviceCheck(trx, keyring);
  });
}
