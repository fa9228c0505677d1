import type { CreatePaymentModeRequest, PaymentModeResponse } from '@reprise/shared';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { showSaveError } from '../../ui/form-feedback';
import { PageLoader } from '../../ui/page-loader';
import { PaymentModeFormView, usePaymentModeForm } from './payment-mode-form';
import {
  emptyPaymentMode,
  paymentModeFormValues,
  paymentModePatch,
  toPaymentModeRequest,
} from './payment-mode-form-values';
import { useCreatePaymentMode, usePaymentMode, useUpdatePaymentMode } from './payment-modes.queries';

function useHeader(title: string) {
  const { t } = useTranslation('paymentModes');
  usePageHeader({
    title,
    icon: IconCreditCard,
    breadcrumbs: [
      { label: t('breadcrumb.configuration') },
      { label: t('list.title'), to: '/payment-modes' },
      { label: title },
    ],
  });
}

/** `/payment-mode/create`. */
export function PaymentModeCreatePage() {
  const { t } = useTranslation('paymentModes');
  const navigate = useNavigate();
  const form = usePaymentModeForm(emptyPaymentMode());
  const create = useCreatePaymentMode();
  useHeader(t('create.title'));
  return (
    <PaymentModeFormView
      form={form}
      editing={false}
      submitLabel={t('create.submit')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(toPaymentModeRequest(values) as CreatePaymentModeRequest, {
          onSuccess: () =>
            navigate(withAlert('/payment-modes', { type: 'success', message: 'paymentModes:alert.created' })),
          onError: (error) => showSaveError(form, error),
        })
      }
    />
  );
}

function EditForm({ mode }: { mode: PaymentModeResponse }) {
  const { t } = useTranslation('paymentModes');
  const navigate = useNavigate();
  const form = usePaymentModeForm(paymentModeFormValues(mode));
  const update = useUpdatePaymentMode(mode.id);
  const done = () =>
    navigate(withAlert('/payment-modes', { type: 'success', message: 'paymentModes:alert.updated' }));
  return (
    <PaymentModeFormView
      form={form}
      editing
      submitLabel={t('edit.submit')}
      submitting={update.isPending}
      onSubmit={(values) => {
        const patch = paymentModePatch(form.getInitialValues(), values);
        if (Object.keys(patch).length === 0) return done();
        update.mutate(patch, { onSuccess: done, onError: (error) => showSaveError(form, error) });
      }}
    />
  );
}

/** `/payment-mode/:id/edit`. */
export function PaymentModeEditPage() {
  const { t } = useTranslation('paymentModes');
  const { id = '' } = useParams();
  const mode = usePaymentMode(id);
  useHeader(mode.data ? `${t('edit.title')} · ${mode.data.label}` : t('edit.title'));
  if (!mode.data) return <PageLoader />;
  return <EditForm key={mode.data.updatedAt} mode={mode.data} />;
}
