import type { WarehouseDispatchRuleResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';

type Condition = WarehouseDispatchRuleResponse['conditions'][number];

/**
 * A condition in words, e.g. "Marque est Apple ou Samsung": circuit types and states read as
 * their translated names, categories as their labels, brands as typed.
 */
export function useConditionText(): (condition: Condition) => string {
  const { t } = useTranslation(['warehouseDispatch', 'circuits', 'catalog']);
  return (condition) => {
    const values = condition.values.map((value, index) => {
      if (condition.attribute === 'circuit') return t(`circuits:type.${value}`);
      if (condition.attribute === 'productState') return t(`catalog:grade.${value}`);
      return condition.labels[index] ?? value;
    });
    return t('warehouseDispatch:summary.condition', {
      attribute: t(`warehouseDispatch:attribute.${condition.attribute}`),
      operator: t(`warehouseDispatch:operator.${condition.operator}`),
      values: values.join(t('warehouseDispatch:summary.or')),
    });
  };
}
