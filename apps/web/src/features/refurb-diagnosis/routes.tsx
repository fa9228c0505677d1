import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const handle = {
  permission: 'refurb_diagnostic.write',
  refurbishmentFeature: 'diagnosis',
} satisfies RouteHandle;

/**
 * The refurbishment diagnosis of an item: the code, then the item and its
 * steps (questions, summary, stock, finalized), each read from the server so that back, next and a
 * reload keep it.
 */
export const refurbDiagnosisRoutes: RouteObject[] = [
  {
    path: 'refurb-diagnosis/start',
    handle,
    lazy: screen(
      () => import('./start-page'),
      (m) => m.RefurbDiagnosisStartPage,
    ),
  },
  {
    path: 'warehouse/refurb-diagnosis/:id',
    handle,
    lazy: screen(
      () => import('./overview-page'),
      (m) => m.RefurbDiagnosisOverviewPage,
    ),
  },
  {
    path: 'refurb-diagnosis/:id/questions',
    handle,
    lazy: screen(
      () => import('./questions-page'),
      (m) => m.RefurbDiagnosisQuestionsPage,
    ),
  },
  {
    path: 'refurb-diagnosis/:id/summary',
    handle,
    lazy: screen(
      () => import('./summary-page'),
      (m) => m.RefurbDiagnosisSummaryPage,
    ),
  },
  {
    path: 'refurb-diagnosis/:id/stock',
    handle,
    lazy: screen(
      () => import('./stock-page'),
      (m) => m.RefurbDiagnosisStockPage,
    ),
  },
  {
    path: 'refurb-diagnosis/:id/finalized',
    handle,
    lazy: screen(
      () => import('./finalized-page'),
      (m) => m.RefurbDiagnosisFinalizedPage,
    ),
  },
];
