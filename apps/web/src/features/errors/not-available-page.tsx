import { IconCloudOff } from '@tabler/icons-react';
import { ErrorPage } from './error-page';

export function NotAvailablePage() {
  return <ErrorPage icon={IconCloudOff} page="notAvailable" color="gray" />;
}
