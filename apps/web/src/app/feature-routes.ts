import type { RouteObject } from 'react-router';
import { accountAdminRoutes } from '../features/account-admin/routes';
import { auditLogRoutes } from '../features/audit-log/routes';
import { buybacksRoutes } from '../features/buyback-pages/routes';
import { buybackWizardRoutes } from '../features/buyback-wizard/routes';
import { buybacksPredeclaredRoutes } from '../features/buybacks-predeclared/routes';
import { cartRoutes } from '../features/cart/routes';
import { catalogRoutes } from '../features/catalog/routes';
import { circuitsRoutes } from '../features/circuits/routes';
import { clientErrorsRoutes } from '../features/client-errors/routes';
import { connectorsRoutes } from '../features/connectors/routes';
import { designRoutes } from '../features/design/routes';
import { expeditionRoutes } from '../features/expedition/routes';
import { exportsRoutes } from '../features/exports/routes';
import { generalSettingsRoutes } from '../features/general-settings/routes';
import { importsRoutes } from '../features/imports/routes';
import { itemRefurbStepsRoutes } from '../features/item-refurb-steps/routes';
import { jobsRoutes } from '../features/jobs/routes';
import { legalRoutes } from '../features/legal/routes';
import { organizationsRoutes } from '../features/organizations/routes';
import { paymentBatchesRoutes } from '../features/payment-batches/routes';
import { paymentModesRoutes } from '../features/payment-modes/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { policeRegisterRoutes } from '../features/police-register/routes';
import { quarantineRoutes } from '../features/quarantine/routes';
import { refurbConfigRoutes } from '../features/refurb-config/routes';
import { refurbDiagnosisRoutes } from '../features/refurb-diagnosis/routes';
import { settingsRoutes } from '../features/settings/routes';
import { sftpRoutes } from '../features/sftp/routes';
import { ssoRoutes } from '../features/single-sign-on/routes';
import { stocksRoutes } from '../features/stocks/routes';
import { usersRoutes } from '../features/users/routes';
import { verificationRoutes } from '../features/verification/routes';
import { vouchersRoutes } from '../features/vouchers/routes';
import { warehouseCheckinRoutes } from '../features/warehouse-checkin/routes';
import { warehouseControlRoutes } from '../features/warehouse-control/routes';
import { warehouseDispatchRoutes } from '../features/warehouse-dispatch/routes';
import { whiteLabelRoutes } from '../features/white-label/routes';

/** Screens of the feature folders, children of the dashboard layout (each lazy, each with its `handle.permission`). */
export const dashboardFeatureRoutes: RouteObject[] = [
  ...usersRoutes,
  ...organizationsRoutes,
  ...designRoutes,
  ...catalogRoutes,
  ...importsRoutes,
  ...exportsRoutes,
  ...circuitsRoutes,
  ...paymentModesRoutes,
  ...connectorsRoutes,
  ...paymentBatchesRoutes,
  ...settingsRoutes,
  ...generalSettingsRoutes,
  ...sftpRoutes,
  ...ssoRoutes,
  ...buybacksRoutes,
  ...buybacksPredeclaredRoutes,
  ...quarantineRoutes,
  ...warehouseCheckinRoutes,
  ...verificationRoutes,
  ...whiteLabelRoutes,
  ...jobsRoutes,
  ...clientErrorsRoutes,
  ...auditLogRoutes,
  ...policeRegisterRoutes,
  ...accountAdminRoutes,
  ...warehouseControlRoutes,
  ...warehouseDispatchRoutes,
  ...stocksRoutes,
  ...refurbConfigRoutes,
  ...expeditionRoutes,
  ...refurbDiagnosisRoutes,
  ...itemRefurbStepsRoutes,
  ...paymentsRoutes,
  ...vouchersRoutes,
  ...legalRoutes,
];

/** Screens of the fluid wizard layout (the buyback wizard will be the first). */
export const wizardFeatureRoutes: RouteObject[] = [...buybackWizardRoutes, ...cartRoutes];
