import { type UseFormReturnType, useForm } from '@mantine/form';
import { CreateCategoryRequest } from '@reprise/shared';
import { translateViolation, zodValidator } from '../../../ui/forms';
import {
  type CategoryDraft,
  type CategoryFormValues,
  missingFields,
  toCategoryRequest,
} from './category-form-values';

export type CategoryForm = UseFormReturnType<CategoryFormValues>;

/**
 * The category form, validated by the shared request schema (an edit sends a part of the same
 * fields); platform operators also name the catalogue on creation.
 */
export function useCategoryForm(initialValues: CategoryFormValues, withAccount: boolean): CategoryForm {
  const validateRequest = zodValidator<CategoryDraft>(CreateCategoryRequest);
  return useForm<CategoryFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const errors = validateRequest(toCategoryRequest(values, withAccount));
      for (const path of missingFields(values, withAccount)) errors[path] = translateViolation('required');
      return errors;
    },
  });
}
