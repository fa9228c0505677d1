import { IconArrowsSplit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { RuleFormView } from './rule-form';
import { showRuleSaveError } from './rule-form-errors';
import { emptyRule, toRuleRequest } from './rule-form-values';
import { useRuleAccount, withAccount } from './use-rule-account';
import { useRuleForm } from './use-rule-form';
import { useCreateWarehouseDispatchRule } from './warehouse-dispatch.queries';

/** `/warehouse-dispatch-rule/new`: a new rule, tried after the existing ones. */
export function RuleCreatePage() {
  const { t } = useTranslation('warehouseDispatch');
  const navigate = useNavigate();
  const { accountId } = useRuleAccount();
  const form = useRuleForm(emptyRule());
  const create = useCreateWarehouseDispatchRule();
  const backTo = withAccount('/warehouse-dispatch', accountId);
  usePageHeader({
    title: t('create.title'),
    icon: IconArrowsSplit,
    breadcrumbs: [
      { label: t('breadcrumb.configuration') },
      { label: t('list.title'), to: backTo },
      { label: t('create.title') },
    ],
  });
  return (
    <RuleFormView
      form={form}
      accountId={accountId}
      cancelTo={backTo}
      submitLabel={t('create.submit')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(toRuleRequest(values, accountId), {
          onSuccess: () =>
            navigate(withAlert(backTo, { type: 'success', message: 'warehouseDispatch:alert.created' })),
          onError: (error) => showRuleSaveError(form, error),
        })
      }
    />
  );
}
