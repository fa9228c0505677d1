import { IconLock } from '@tabler/icons-react';
import { ErrorPage } from './error-page';

export function AccessDeniedPage() {
  return <ErrorPage icon={IconLock} page="accessDenied" color="orange" />;
}
