import { Stack } from '@mantine/core';
import type { CircuitResponse } from '@reprise/shared';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { showSaveError } from '../../ui/form-feedback';
import { PageLoader } from '../../ui/page-loader';
import { CircuitCategories } from './circuit-categories';
import { CircuitFormView } from './circuit-form';
import { circuitFormValues, circuitPatch } from './circuit-form-values';
import { useCircuit, useUpdateCircuit } from './circuits.queries';
import { useCircuitForm } from './use-circuit-form';
import { usePaymentModeOptions } from './use-payment-mode-options';

function EditCircuitForm({ circuit, readOnly }: { circuit: CircuitResponse; readOnly: boolean }) {
  const { t } = useTranslation('circuits');
  const navigate = useNavigate();
  const form = useCircuitForm(circuitFormValues(circuit));
  const update = useUpdateCircuit(circuit.id);
  const paymentModes = usePaymentModeOptions(circuit);
  const done = () => navigate(withAlert('/circuits', { type: 'success', message: 'circuits:alert.updated' }));
  return (
    <CircuitFormView
      form={form}
      editing
      readOnly={readOnly}
      paymentModes={paymentModes}
      submitLabel={t('edit.submit')}
      submitting={update.isPending}
      onSubmit={(values) => {
        const patch = circuitPatch(form.getInitialValues(), values);
        if (Object.keys(patch).length === 0) return done();
        update.mutate(patch, { onSuccess: done, onError: (error) => showSaveError(form, error) });
      }}
    />
  );
}

/** `/circuit/:id/edit`: every field of a circuit and the categories it serves; read-only without circuit.manage. */
export function CircuitEditPage() {
  const { t } = useTranslation('circuits');
  const { id = '' } = useParams();
  const { can } = useSession();
  const readOnly = !can('circuit.manage');
  const circuit = useCircuit(id);
  const title = readOnly ? t('edit.viewTitle') : t('edit.title');
  usePageHeader({
    title: circuit.data ? `${title} · ${circuit.data.name}` : title,
    icon: IconRoute,
    breadcrumbs: [
      { label: t('breadcrumb.configuration') },
      { label: t('list.title'), to: '/circuits' },
      { label: circuit.data?.name ?? title },
    ],
  });
  if (!circuit.data) return <PageLoader />;
  return (
    <Stack gap="lg">
      {/* the form restarts from the saved circuit after each save elsewhere (category links keep it) */}
      <EditCircuitForm
        key={`${circuit.data.id}:${circuit.data.updatedAt}`}
        circuit={circuit.data}
        readOnly={readOnly}
      />
      <CircuitCategories circuit={circuit.data} readOnly={readOnly} />
    </Stack>
  );
}
