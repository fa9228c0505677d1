import type { MantineColor } from '@mantine/core';
import type { OrganizationType } from '@reprise/shared';

/** Badge colour of each organisation type; its label is `entities:type.<type>`. */
export const ORGANIZATION_TYPE_COLORS: Record<OrganizationType, MantineColor> = {
  root_management_unit: 'grape',
  management_unit: 'indigo',
  store: 'teal',
  buyer: 'orange',
  warehouse: 'cyan',
};
