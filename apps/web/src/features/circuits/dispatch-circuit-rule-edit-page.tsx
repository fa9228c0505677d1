import { Badge, Fieldset, Group, MultiSelect, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CIRCUIT_DESCRIPTION_MAX,
  DISPATCH_TERMS_MAX,
  type DispatchCircuitRuleResponse,
  HIGHLIGHTED_INSTRUCTION_MAX,
  PatchDispatchCircuitRuleRequest,
} from '@reprise/shared';
import { IconListDetails } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { showSaveError } from '../../ui/form-feedback';
import { FormShell } from '../../ui/form-shell';
import { zodValidator } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { countryOptions } from '../organizations';
import { useDispatchCircuitRule, useUpdateDispatchCircuitRule } from './circuits.queries';
import {
  type DispatchCircuitRuleFormValues,
  dispatchCircuitRuleFormValues,
  dispatchCircuitRulePatch,
  toDispatchCircuitRuleRequest,
} from './dispatch-circuit-rule-form-values';
import { InstructionsField } from './instructions-field';

function RuleForm({ rule, readOnly }: { rule: DispatchCircuitRuleResponse; readOnly: boolean }) {
  const { t } = useTranslation('circuits');
  const { locale } = useFormatters();
  const navigate = useNavigate();
  const update = useUpdateDispatchCircuitRule(rule.id);
  const validateRequest = zodValidator<unknown>(PatchDispatchCircuitRuleRequest);
  const form = useForm<DispatchCircuitRuleFormValues>({
    mode: 'controlled',
    initialValues: dispatchCircuitRuleFormValues(rule),
    validate: (values) => {
      const errors = validateRequest(toDispatchCircuitRuleRequest(values));
      if (values.ownInstructions && values.instructions.length === 0)
        errors.instructions = t('errors:instructions_required');
      return errors;
    },
  });
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const values = form.values;
  const done = () =>
    navigate(
      withAlert('/dispatch-circuit-rules', { type: 'success', message: 'circuits:alert.ruleUpdated' }),
    );
  const labels: Record<string, string> = {
    status: t('rules.form.enabled'),
    description: t('form.description'),
    terms: t('rules.form.terms'),
    highlightedInstruction: t('rules.form.highlighted'),
    eligibleCountries: t('form.countries'),
    instructions: t('form.instructions'),
  };
  return (
    <FormShell
      form={form}
      labels={labels}
      onSubmit={(submitted) => {
        const patch = dispatchCircuitRulePatch(form.getInitialValues(), submitted);
        if (Object.keys(patch).length === 0) return done();
        update.mutate(patch, { onSuccess: done, onError: (error) => showSaveError(form, error) });
      }}
      submitLabel={t('edit.submit')}
      submitting={update.isPending}
      ns="circuits"
      readOnly={readOnly}
      cancelTo="/dispatch-circuit-rules"
    >
      <Fieldset legend={t('rules.form.rule')} disabled={readOnly}>
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm">{t('rules.form.circuit')}</Text>
            <Text size="sm" fw={600} component={Link} to={`/circuit/${rule.circuit.id}/edit`}>
              {rule.circuitName}
            </Text>
            <Badge variant="light" color="gray">
              {t(`type.${rule.circuit.type}`)}
            </Badge>
          </Group>
          <Text size="sm">
            {t('rules.form.categories')}{' '}
            {rule.numberOfCategories ? rule.categories.map((c) => c.label).join(', ') : t('rules.noCategory')}
          </Text>
          <Switch
            label={t('rules.form.enabled')}
            description={t('rules.form.enabledHelp')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <Switch
            label={t('rules.form.traceability')}
            description={t('rules.form.traceabilityHelp')}
            {...form.getInputProps('traceabilityEnabled', { type: 'checkbox' })}
          />
          <Textarea
            label={t('form.description')}
            description={t('form.descriptionHelp', {
              count: values.description.length,
              max: CIRCUIT_DESCRIPTION_MAX,
            })}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <TextInput
            label={t('rules.form.highlighted')}
            description={t('rules.form.highlightedHelp', {
              count: values.highlightedInstruction.length,
              max: HIGHLIGHTED_INSTRUCTION_MAX,
            })}
            {...form.getInputProps('highlightedInstruction')}
          />
          <Textarea
            label={t('rules.form.terms')}
            description={t('form.descriptionHelp', { count: values.terms.length, max: DISPATCH_TERMS_MAX })}
            autosize
            minRows={3}
            maxRows={12}
            {...form.getInputProps('terms')}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('form.countries')} disabled={readOnly}>
        <Stack gap="sm">
          <Switch
            label={t('rules.form.ownCountries')}
            description={t('rules.form.ownCountriesHelp')}
            {...form.getInputProps('ownCountries', { type: 'checkbox' })}
          />
          {values.ownCountries && (
            <MultiSelect
              label={t('form.countries')}
              searchable
              data={countries}
              {...form.getInputProps('eligibleCountries')}
            />
          )}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('form.instructions')} disabled={readOnly}>
        <Stack gap="sm">
          <Switch
            label={t('rules.form.ownInstructions')}
            description={t('rules.form.ownInstructionsHelp')}
            {...form.getInputProps('ownInstructions', { type: 'checkbox' })}
          />
          {values.ownInstructions ? (
            <InstructionsField
              form={form}
              path="instructions"
              rows={values.instructions}
              readOnly={readOnly}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('rules.form.usingCircuitInstructions')}
            </Text>
          )}
        </Stack>
      </Fieldset>
    </FormShell>
  );
}

/** `/dispatch-circuit-rule/:id/edit`: a circuit's rule (status, own instructions, countries, terms). */
export function DispatchCircuitRuleEditPage() {
  const { t } = useTranslation('circuits');
  const { id = '' } = useParams();
  const { can } = useSession();
  const rule = useDispatchCircuitRule(id);
  const title = t('rules.editTitle');
  usePageHeader({
    title: rule.data ? `${title} · ${rule.data.circuitName}` : title,
    icon: IconListDetails,
    breadcrumbs: [
      { label: t('breadcrumb.configuration') },
      { label: t('rules.title'), to: '/dispatch-circuit-rules' },
      { label: rule.data?.circuitName ?? title },
    ],
  });
  if (!rule.data) return <PageLoader />;
  return <RuleForm key={rule.data.updatedAt} rule={rule.data} readOnly={!can('circuit.manage')} />;
}
