import { Button, type ButtonProps } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useStartControl } from './warehouse-control.queries';

interface StartControlButtonProps extends ButtonProps {
  /** The item's 13-digit number: the control starts as a scan of its label would. */
  code: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * Starts an item's control (`POST /warehouse/control/start`, as a scan of its code) and opens its
 * wizard, `/warehouse/check/{itemId}`, with the server's state: the check-in list's "Control", the
 * check-in confirmation's "Control now" and the wizard of an item still awaiting its control. A
 * refusal opens the error modal.
 */
export function StartControlButton({ code, children, ...props }: StartControlButtonProps) {
  const navigate = useNavigate();
  const start = useStartControl({ reportErrors: true });
  return (
    <Button
      leftSection={<IconClipboardCheck size={16} aria-hidden />}
      {...props}
      loading={start.isPending}
      onClick={() => {
        start.mutate(code, { onSuccess: (item) => navigate(`/warehouse/check/${item.id}`) });
      }}
    >
      {children}
    </Button>
  );
}
