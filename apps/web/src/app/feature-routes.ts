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
import { settingsRoutes } from '../features/settings/routes';
import { usersRoutes } from '../features/users/routes';
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
  ...whiteLabelRoutes,
  ...jobsRoutes,
];

/** Screens of the fluid wizard layout (the buyback wizard will be the first). */
export const wizardFeatureRoutes: RouteObject[] = [...buybackWizardRoutes, ...cartRoutes];
