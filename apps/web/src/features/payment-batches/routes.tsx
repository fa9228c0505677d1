import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const handle = { permission: 'payment.batches' } satisfies RouteHandle;

/** SEPA transfer batches and bank statements (docs/payments.md): the list, a batch. */
export const paymentBatchesRoutes: RouteObject[] = [
  {
    path: 'payment-batches',
    handle,
    lazy: screen(
      () => import('./batches-list-page'),
      (m) => m.BatchesListPage,
    ),
  },
  {
    path: 'payment-batches/:id',
    handle,
    lazy: screen(
      () => import('./batch-detail-page'),
      (m) => m.BatchDetailPage,
    ),
  },
];
