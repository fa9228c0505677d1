import type { StockResponse } from '@reprise/shared';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { showSaveError } from '../../ui/form-feedback';
import { PageLoader } from '../../ui/page-loader';
import { stockName } from '../items';
import { StockFormView, useStockForm } from './stock-form';
import { emptyStock, stockFormValues, stockPatch, toStockRequest } from './stock-form-values';
import { useCreateStock, useStock, useStockWarehouses, useUpdateStock } from './stocks.queries';

function useHeader(title: string) {
  const { t } = useTranslation('stocks');
  usePageHeader({
    title,
    icon: IconBuildingWarehouse,
    breadcrumbs: [
      { label: t('breadcrumb.stock') },
      { label: t('list.title'), to: '/stocks' },
      { label: title },
    ],
  });
}

/** `/stocks/create`: a new stock in one of the user's warehouses. */
export function StockCreatePage() {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  const form = useStockForm(emptyStock());
  const create = useCreateStock();
  const { warehouses } = useStockWarehouses();
  useHeader(t('create.title'));
  // a user of one warehouse creates its stocks there
  const only = warehouses.length === 1 ? warehouses[0]?.value : undefined;
  useEffect(() => {
    if (only && !form.values.warehouseId) form.setFieldValue('warehouseId', only);
  }, [only, form]);
  return (
    <StockFormView
      form={form}
      submitLabel={t('create.submit')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(toStockRequest(values), {
          onSuccess: () =>
            navigate(withAlert('/stocks', { type: 'success', message: 'stocks:alert.created' })),
          onError: (error) => showSaveError(form, error),
        })
      }
    />
  );
}

function EditForm({ stock }: { stock: StockResponse }) {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  const form = useStockForm(stockFormValues(stock));
  const update = useUpdateStock(stock.id);
  const done = () => navigate(withAlert('/stocks', { type: 'success', message: 'stocks:alert.updated' }));
  return (
    <StockFormView
      form={form}
      stock={stock}
      submitLabel={t('edit.submit')}
      submitting={update.isPending}
      onSubmit={(values) => {
        const patch = stockPatch(form.getInitialValues(), values, stock.nativeKind !== null);
        if (Object.keys(patch).length === 0) return done();
        update.mutate(patch, { onSuccess: done, onError: (error) => showSaveError(form, error) });
      }}
    />
  );
}

/** `/stocks/:id/edit`: a stock's name (not a native one's), identifier and location. */
export function StockEditPage() {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  const { id = '' } = useParams();
  const stock = useStock(id);
  useHeader(stock.data ? `${t('edit.title')} · ${stockName(tb, stock.data)}` : t('edit.title'));
  if (!stock.data) return <PageLoader />;
  return <EditForm key={`${stock.data.id}:${stock.data.name}:${stock.data.location}`} stock={stock.data} />;
}
