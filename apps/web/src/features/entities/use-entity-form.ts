import { type UseFormReturnType, useForm } from '@mantine/form';
import { CreateOrganizationRequest, PatchOrganizationRequest } from '@reprise/shared';
import { translateViolation, zodValidator } from '../../ui/forms';
import {
  type EntityFormValues,
  missingFields,
  type OrganizationInput,
  toOrganizationRequest,
} from './entity-form-values';

export type EntityForm = UseFormReturnType<EntityFormValues>;

/** The entity form, validated by the shared request schema of its mode plus the type-dependent requirements. */
export function useEntityForm(initialValues: EntityFormValues, mode: 'create' | 'edit'): EntityForm {
  const validateRequest = zodValidator<OrganizationInput>(
    mode === 'create' ? CreateOrganizationRequest : PatchOrganizationRequest,
  );
  return useForm<EntityFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const errors = validateRequest(toOrganizationRequest(values));
      for (const path of missingFields(values)) errors[path] = translateViolation('required');
      return errors;
    },
  });
}
