import type { ModuleType } from '@reprise/shared';
import {
  type Icon,
  IconBriefcase,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconHierarchy2,
} from '@tabler/icons-react';

/** The icon of each module in the top bar and the module switcher; its name is `common:module.<type>`. */
export const MODULE_ICONS: Record<ModuleType, Icon> = {
  root: IconHierarchy2,
  tim: IconBuildingStore,
  lcm: IconBriefcase,
  rps: IconBuildingWarehouse,
};
