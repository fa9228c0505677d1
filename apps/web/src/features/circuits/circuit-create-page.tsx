import type { CreateCircuitRequest } from '@reprise/shared';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { showSaveError } from '../../ui/form-feedback';
import { CircuitFormView } from './circuit-form';
import { emptyCircuit, toCircuitRequest } from './circuit-form-values';
import { useCreateCircuit } from './circuits.queries';
import { useCircuitForm } from './use-circuit-form';
import { usePaymentModeOptions } from './use-payment-mode-options';

/** `/circuit/create`: a new circuit; then its edit screen, to link it to categories. */
export function CircuitCreatePage() {
  const { t } = useTranslation('circuits');
  const navigate = useNavigate();
  const form = useCircuitForm(emptyCircuit());
  const create = useCreateCircuit();
  const paymentModes = usePaymentModeOptions();
  usePageHeader({
    title: t('create.title'),
    icon: IconRoute,
    breadcrumbs: [
      { label: t('breadcrumb.configuration') },
      { label: t('list.title'), to: '/circuits' },
      { label: t('create.title') },
    ],
  });
  return (
    <CircuitFormView
      form={form}
      editing={false}
      paymentModes={paymentModes}
      submitLabel={t('create.submit')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(toCircuitRequest(values) as CreateCircuitRequest, {
          onSuccess: (circuit) =>
            navigate(
              withAlert(`/circuit/${circuit.id}/edit`, {
                type: 'success',
                message: 'circuits:alert.created',
              }),
            ),
          onError: (error) => showSaveError(form, error),
        })
      }
    />
  );
}
