import { type UseFormReturnType, useForm } from '@mantine/form';
import { CreateOrganizationRequest, PatchOrganizationRequest } from '@reprise/shared';
import { translateViolation, zodValidator } from '../../ui/forms';
import {
  missingFields,
  type OrganizationFormValues,
  type OrganizationInput,
  toOrganizationRequest,
} from './organization-form-values';

export type OrganizationForm = UseFormReturnType<OrganizationFormValues>;

/** The organisation form, validated by the shared request schema of its mode plus the type-dependent requirements. */
export function useOrganizationForm(
  initialValues: OrganizationFormValues,
  mode: 'create' | 'edit',
): OrganizationForm {
  const validateRequest = zodValidator<OrganizationInput>(
    mode === 'create' ? CreateOrganizationRequest : PatchOrganizationRequest,
  );
  return useForm<OrganizationFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const errors = validateRequest(toOrganizationRequest(values));
      for (const path of missingFields(values)) errors[path] = translateViolation('required');
      return errors;
    },
  });
}
