import type { RouteObject } from 'react-router';
import { buybackWizardRoutes } from '../features/buyback-wizard/routes';
import { buybacksRoutes } from '../features/buybacks/routes';
import { buybacksPredeclaredRoutes } from '../features/buybacks-predeclared/routes';
import { cartRoutes } from '../features/cart/routes';
import { catalogRoutes } from '../features/catalog/routes';
import { circuitsRoutes } from '../features/circuits/routes';
import { designRoutes } from '../features/design/routes';
import { jobsRoutes } from '../features/jobs/routes';
import { organizationsRoutes } from '../features/organizations/routes';
import { paymentModesRoutes } from '../features/payment-modes/routes';
import { quarantineRoutes } from '../features/quarantine/routes';
import { settingsRoutes } from '../features/settings/routes';
import { usersRoutes } from '../features/users/routes';
import { verificationRoutes } from '../features/verification/routes';
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
  ...circuitsRoutes,
  ...paymentModesRoutes,
  ...settingsRoutes,
  ...buybacksRoutes,
  ...buybacksPredeclaredRoutes,
  ...quarantineRoutes,
  ...warehouseCheckinRoutes,
  ...verificationRoutes,
  ...whiteLabelRoutes,
  ...jobsRoutes,
  ...warehouseControlRoutes,
  ...warehouseDispatchRoutes,
];

/** Screens of the fluid wizard layout (the buyback wizard will be the first). */
export const wizardFeatureRoutes: RouteObject[] = [...buybackWizardRoutes, ...cartRoutes];
