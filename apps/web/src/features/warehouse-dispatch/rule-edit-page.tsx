import type { WarehouseDispatchRuleResponse } from '@reprise/shared';
import { IconArrowsSplit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';
import { RuleFormView } from './rule-form';
import { showRuleSaveError } from './rule-form-errors';
import { ruleFormValues, toRuleRequest } from './rule-form-values';
import { useIsPlatformOperator, withAccount } from './use-rule-account';
import { useRuleForm } from './use-rule-form';
import { useUpdateWarehouseDispatchRule, useWarehouseDispatchRule } from './warehouse-dispatch.queries';

function EditRuleForm({ rule, readOnly }: { rule: WarehouseDispatchRuleResponse; readOnly: boolean }) {
  const { t } = useTranslation('warehouseDispatch');
  const navigate = useNavigate();
  const form = useRuleForm(ruleFormValues(rule));
  const update = useUpdateWarehouseDispatchRule(rule.id);
  // a platform operator's links keep the rule's buyer account
  const isPlatform = useIsPlatformOperator();
  const backTo = withAccount('/warehouse-dispatch', isPlatform ? rule.accountId : null);
  return (
    <RuleFormView
      form={form}
      rule={rule}
      accountId={isPlatform ? rule.accountId : null}
      readOnly={readOnly}
      cancelTo={backTo}
      submitLabel={t('edit.submit')}
      submitting={update.isPending}
      onSubmit={(values) =>
        update.mutate(toRuleRequest(values, null), {
          onSuccess: () =>
            navigate(withAlert(backTo, { type: 'success', message: 'warehouseDispatch:alert.updated' })),
          onError: (error) => showRuleSaveError(form, error),
        })
      }
    />
  );
}

/** `/warehouse-dispatch-rule/:id`: a rule's form; read-only without warehouse_dispatch_rule.write. */
export function RuleEditPage() {
  const { t } = useTranslation('warehouseDispatch');
  const { id = '' } = useParams();
  const { can } = useSession();
  const isPlatform = useIsPlatformOperator();
  const readOnly = !can('warehouse_dispatch_rule.write');
  const rule = useWarehouseDispatchRule(id);
  const title = readOnly ? t('edit.viewTitle') : t('edit.title');
  usePageHeader({
    title: rule.data ? `${title} · ${rule.data.title}` : title,
    icon: IconArrowsSplit,
    breadcrumbs: [
      { label: t('breadcrumb.configuration') },
      {
        label: t('list.title'),
        to: withAccount('/warehouse-dispatch', isPlatform ? (rule.data?.accountId ?? null) : null),
      },
      { label: rule.data?.title ?? title },
    ],
  });
  if (!rule.data) return <PageLoader />;
  return <EditRuleForm key={`${rule.data.id}:${rule.data.updatedAt}`} rule={rule.data} readOnly={readOnly} />;
}
