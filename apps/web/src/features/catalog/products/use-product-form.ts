import { type UseFormReturnType, useForm } from '@mantine/form';
import { CreateProductRequest } from '@reprise/shared';
import { zodValidator } from '../../../ui/forms';
import { type ProductDraft, type ProductFormValues, toProductRequest } from './product-form-values';

export type ProductForm = UseFormReturnType<ProductFormValues>;

/** The product form, validated by the shared request schema (an edit sends a part of the same fields). */
export function useProductForm(initialValues: ProductFormValues): ProductForm {
  const validateRequest = zodValidator<ProductDraft>(CreateProductRequest);
  return useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateRequest(toProductRequest(values)),
  });
}
