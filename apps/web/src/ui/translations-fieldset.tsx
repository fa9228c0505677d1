import { Fieldset, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Locale } from '@reprise/shared/enums';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../app/session';
import { translationLocales } from './translations';

/** One translatable text: its label, its form path in a locale, and its base text (shown as the fallback). */
export interface TranslatableText {
  label: string;
  pathOf: (locale: Locale) => string;
  base: string;
  multiline?: boolean;
  /** A heading shown before this text (e.g. "Answer 2"). */
  group?: string;
}

/** The account's language: the language of the texts entered in the form itself (docs/translations.md). */
function useBaseLocale(): Locale {
  return useCurrentUser().currentOrganization.account.language as Locale;
}

/** The labels of every translation input, by form path, for a form's error summary. */
export function useTranslationLabels(texts: TranslatableText[]): Record<string, string> {
  const { t } = useTranslation(['translations', 'common']);
  const base = useBaseLocale();
  const labels: Record<string, string> = {};
  for (const locale of translationLocales(base))
    for (const text of texts)
      labels[text.pathOf(locale)] = t('translations:fieldIn', {
        field: text.group ? `${text.group} · ${text.label}` : text.label,
        language: t(`common:language.${locale}`),
      });
  return labels;
}

/**
 * The translations of a form's texts: one tab per language other than the account's (none open
 * until chosen, and only the open one rendered, so the form stays short), one input per text; an
 * empty input shows (and falls back to) the base text. A tab holding an error is marked.
 */
export function TranslationsFieldset<Values>({
  form,
  texts,
  disabled = false,
}: {
  form: Pick<UseFormReturnType<Values>, 'getInputProps' | 'errors'>;
  texts: TranslatableText[];
  disabled?: boolean;
}) {
  const { t } = useTranslation(['translations', 'common']);
  const base = useBaseLocale();
  const locales = translationLocales(base);
  const hasError = (locale: Locale) => texts.some((text) => form.errors[text.pathOf(locale)]);
  return (
    <Fieldset legend={t('translations:legend')} disabled={disabled}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('translations:help', { language: t(`common:language.${base}`) })}
      </Text>
      <Tabs defaultValue={null} keepMounted={false}>
        <Tabs.List>
          {locales.map((locale) => (
            <Tabs.Tab
              key={locale}
              value={locale}
              color={hasError(locale) ? 'red' : undefined}
              rightSection={
                hasError(locale) ? (
                  <IconAlertCircle
                    size={16}
                    color="var(--mantine-color-red-7)"
                    aria-label={t('translations:hasErrors')}
                  />
                ) : null
              }
            >
              {t(`common:language.${locale}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {locales.map((locale) => (
          <Tabs.Panel key={locale} value={locale} pt="md">
            <Stack gap="sm">
              {texts.map((text) => {
                const label = t('translations:fieldIn', {
                  field: text.group ? `${text.group} · ${text.label}` : text.label,
                  language: t(`common:language.${locale}`),
                });
                const props = {
                  label,
                  placeholder: text.base,
                  lang: locale,
                  ...form.getInputProps(text.pathOf(locale)),
                };
                return text.multiline ? (
                  <Textarea key={text.pathOf(locale)} autosize minRows={2} maxRows={10} {...props} />
                ) : (
                  <TextInput key={text.pathOf(locale)} {...props} />
                );
              })}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Fieldset>
  );
}
