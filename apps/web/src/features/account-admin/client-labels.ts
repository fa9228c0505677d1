import { useTranslation } from 'react-i18next';

/** The labels of the client form's fields, for the error summary of the form shell. */
export function useClientFieldLabels(): Record<string, string> {
  const { t } = useTranslation('clients');
  return {
    kind: t('form.kind'),
    status: t('form.status'),
    corporateName: t('form.corporateName'),
    commonName: t('form.commonName'),
    language: t('form.language'),
    currency: t('form.currency'),
    'address.street': t('form.street'),
    'address.streetMore': t('form.streetMore'),
    'address.zip': t('form.zip'),
    'address.city': t('form.city'),
    'address.country': t('form.country'),
    modules: t('form.modules'),
    paymentIssuer: t('form.paymentIssuer'),
    transportContractHolder: t('form.transportContractHolder'),
  };
}
