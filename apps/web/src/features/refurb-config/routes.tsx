import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Services and refurbishment diagnosis questions of a buyer account (Refurbishment). */
export const refurbConfigRoutes: RouteObject[] = [
  {
    path: 'refurb-steps',
    handle: { permission: 'refurb_step.manage', refurbishmentFeature: 'refurbSteps' } satisfies RouteHandle,
    lazy: screen(
      () => import('./refurb-steps-page'),
      (m) => m.RefurbStepsPage,
    ),
  },
  {
    path: 'refurb-step/create',
    handle: { permission: 'refurb_step.manage', refurbishmentFeature: 'refurbSteps' } satisfies RouteHandle,
    lazy: screen(
      () => import('./refurb-step-pages'),
      (m) => m.RefurbStepCreatePage,
    ),
  },
  {
    path: 'refurb-step/:id/edit',
    handle: { permission: 'refurb_step.manage', refurbishmentFeature: 'refurbSteps' } satisfies RouteHandle,
    lazy: screen(
      () => import('./refurb-step-pages'),
      (m) => m.RefurbStepEditPage,
    ),
  },
  {
    path: 'refurb-diagnosis-questions',
    handle: {
      permission: 'refurb_diagnostic.manage',
      refurbishmentFeature: 'diagnosis',
    } satisfies RouteHandle,
    lazy: screen(
      () => import('./refurb-questions-page'),
      (m) => m.RefurbQuestionsPage,
    ),
  },
  {
    path: 'refurb-diagnosis-questions/create',
    handle: {
      permission: 'refurb_diagnostic.manage',
      refurbishmentFeature: 'diagnosis',
    } satisfies RouteHandle,
    lazy: screen(
      () => import('./refurb-question-pages'),
      (m) => m.RefurbQuestionCreatePage,
    ),
  },
  {
    path: 'refurb-diagnosis-questions/:id/edit',
    handle: {
      permission: 'refurb_diagnostic.manage',
      refurbishmentFeature: 'diagnosis',
    } satisfies RouteHandle,
    lazy: screen(
      () => import('./refurb-question-pages'),
      (m) => m.RefurbQuestionEditPage,
    ),
  },
];
