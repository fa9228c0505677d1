import { type UseFormReturnType, useForm } from '@mantine/form';
import { type CreateUserInput, CreateUserRequest, PatchUserRequest } from '@reprise/shared';
import { useSession } from '../../app/session';
import { translateViolation, zodValidator } from '../../ui/forms';
import { missingModuleFields, toUserRequest, type UserFormValues } from './user-form-values';

export type UserForm = UseFormReturnType<UserFormValues>;

/** The user form, validated by the shared request schema of its mode; empty row fields are required. */
export function useUserForm(initialValues: UserFormValues, mode: 'create' | 'edit'): UserForm {
  const { can } = useSession();
  const canForceSso = can('user.force_sso_field');
  const validateRequest = zodValidator<CreateUserInput>(
    mode === 'create' ? CreateUserRequest : PatchUserRequest,
  );
  return useForm<UserFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const errors = validateRequest(toUserRequest(values, canForceSso));
      for (const path of missingModuleFields(values)) errors[path] = translateViolation('required');
      return errors;
    },
  });
}
