import type { InstructionType } from '@reprise/shared';
import {
  type Icon,
  IconBox,
  IconCalendarEvent,
  IconMailbox,
  IconMailForward,
  IconPackageImport,
  IconPaperclip,
  IconPoint,
  IconPrinter,
  IconShieldCheck,
  IconSignature,
  IconTruckDelivery,
} from '@tabler/icons-react';

/** The icon of each instruction type (circuit instruction). */
const INSTRUCTION_ICONS: Record<InstructionType, Icon> = {
  agenda: IconCalendarEvent,
  close: IconBox,
  deliver: IconTruckDelivery,
  insert: IconPackageImport,
  join: IconPaperclip,
  mailbox: IconMailbox,
  none: IconPoint,
  post: IconMailForward,
  print: IconPrinter,
  protect: IconShieldCheck,
  sign: IconSignature,
};

export function InstructionIcon({ type, size = 18 }: { type: InstructionType; size?: number }) {
  const Icon = INSTRUCTION_ICONS[type];
  return <Icon size={size} stroke={1.6} aria-hidden />;
}
