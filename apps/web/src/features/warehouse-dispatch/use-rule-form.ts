import { type UseFormReturnType, useForm } from '@mantine/form';
import { validateRule } from './rule-form-errors';
import type { RuleFormValues } from './rule-form-values';

export type RuleForm = UseFormReturnType<RuleFormValues>;

/** The rule form, validated by the shared schema and rules (the same as the server's). */
export function useRuleForm(initialValues: RuleFormValues): RuleForm {
  return useForm<RuleFormValues>({ mode: 'controlled', initialValues, validate: validateRule });
}
