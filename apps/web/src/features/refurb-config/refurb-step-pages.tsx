import type { RefurbStepResponse } from '@reprise/shared';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { PageLoader } from '../../ui/page-loader';
import { useCreateRefurbStep, useRefurbStep, useUpdateRefurbStep } from './refurb-config.queries';
import { RefurbStepFormView } from './refurb-step-form';
import { emptyRefurbStep, refurbStepFormValues, toRefurbStepRequest } from './refurb-step-form-values';
import { useConfigAccount, withAccount } from './use-config-account';
import { showRefurbStepSaveError, useRefurbStepForm } from './use-refurb-step-form';

function useStepHeader(title: string, backTo: string) {
  const { t } = useTranslation('refurbConfig');
  usePageHeader({
    title,
    icon: IconTool,
    breadcrumbs: [
      { label: t('breadcrumb.refurbishment') },
      { label: t('steps.title'), to: backTo },
      { label: title },
    ],
  });
}

/** `/refurb-step/create`: a new service of the account. */
export function RefurbStepCreatePage() {
  const { t } = useTranslation('refurbConfig');
  const navigate = useNavigate();
  const { account } = useConfigAccount();
  const form = useRefurbStepForm(emptyRefurbStep());
  const create = useCreateRefurbStep();
  const backTo = withAccount('/refurb-steps', account);
  useStepHeader(t('stepForm.createTitle'), backTo);
  return (
    <RefurbStepFormView
      form={form}
      account={account}
      backTo={backTo}
      submitLabel={t('stepForm.submitCreate')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(
          { ...toRefurbStepRequest(values), ...(account ? { account } : {}) },
          {
            onSuccess: () =>
              navigate(withAlert(backTo, { type: 'success', message: 'refurbConfig:stepForm.created' })),
            onError: (error) => showRefurbStepSaveError(form, error),
          },
        )
      }
    />
  );
}

function EditRefurbStepForm({ step }: { step: RefurbStepResponse }) {
  const { t } = useTranslation('refurbConfig');
  const navigate = useNavigate();
  const { account } = useConfigAccount();
  const form = useRefurbStepForm(refurbStepFormValues(step));
  const update = useUpdateRefurbStep(step.id);
  const backTo = withAccount('/refurb-steps', account);
  return (
    <RefurbStepFormView
      form={form}
      account={account}
      backTo={backTo}
      submitLabel={t('stepForm.submitEdit')}
      submitting={update.isPending}
      onSubmit={(values) =>
        update.mutate(toRefurbStepRequest(values), {
          onSuccess: () =>
            navigate(withAlert(backTo, { type: 'success', message: 'refurbConfig:stepForm.updated' })),
          onError: (error) => showRefurbStepSaveError(form, error),
        })
      }
    />
  );
}

/** `/refurb-step/:id/edit`: a service's form. */
export function RefurbStepEditPage() {
  const { t } = useTranslation('refurbConfig');
  const { id = '' } = useParams();
  const { account } = useConfigAccount();
  const step = useRefurbStep(id);
  const title = t('stepForm.editTitle');
  useStepHeader(step.data ? `${title} · ${step.data.name}` : title, withAccount('/refurb-steps', account));
  if (!step.data) return <PageLoader />;
  return <EditRefurbStepForm key={`${step.data.id}:${step.data.updatedAt}`} step={step.data} />;
}
