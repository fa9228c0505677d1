import type { AbsorptionType, Violation } from '@reprise/shared';

/**
 * The absorption value goes with its type: 0 with `none`; with the percentage types a percentage
 * from 1 to 100; with `by_value` an amount of at least 1 cent (the schema bounds it to 50000).
 */
export function absorptionViolation(type: AbsorptionType, value: number): Violation | null {
  const violation = (message: string, code: string): Violation => ({
    propertyPath: 'absorptionValue',
    message,
    code,
  });
  if (type === 'none')
    return value === 0
      ? null
      : violation('Without absorption the value must be 0.', 'absorption_value_without_type');
  if (value < 1) return violation('An absorption needs a value above 0.', 'absorption_value_required');
  if (type !== 'by_value' && value > 100)
    return violation('A percentage cannot exceed 100.', 'percentage_range');
  return null;
}

/** Why a category cannot move under a parent: itself or one of its own descendants. */
export const isOwnDescendant = (categoryPath: string, parentPath: string) =>
  parentPath.startsWith(categoryPath);

export interface DeletionBlockers {
  products: number;
  questions: number;
  children: number;
}

/** The reasons a category cannot be deleted, one violation per kind of content still attached. */
export function deletionViolations(blockers: DeletionBlockers): Violation[] {
  const violations: Violation[] = [];
  if (blockers.products > 0)
    violations.push({
      propertyPath: 'products',
      message: `${blockers.products} product(s) use this category.`,
      code: 'category_has_products',
    });
  if (blockers.questions > 0)
    violations.push({
      propertyPath: 'questions',
      message: `${blockers.questions} diagnostic question(s) belong to this category.`,
      code: 'category_has_questions',
    });
  if (blockers.children > 0)
    violations.push({
      propertyPath: 'children',
      message: `${blockers.children} sub-categor${blockers.children > 1 ? 'ies' : 'y'} belong to this category.`,
      code: 'category_has_children',
    });
  return violations;
}
