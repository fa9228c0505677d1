import type { RouteObject } from 'react-router';
import { designRoutes } from '../features/design/routes';
import { entitiesRoutes } from '../features/entities/routes';
import { usersRoutes } from '../features/users/routes';

/** Screens of the feature folders, children of the dashboard layout (each lazy, each with its `handle.permission`). */
export const dashboardFeatureRoutes: RouteObject[] = [...usersRoutes, ...entitiesRoutes, ...designRoutes];

/** Screens of the fluid wizard layout (the buyback wizard will be the first). */
export const wizardFeatureRoutes: RouteObject[] = [];
