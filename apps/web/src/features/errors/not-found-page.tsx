import { IconMapQuestion } from '@tabler/icons-react';
import { ErrorPage } from './error-page';

export function NotFoundPage() {
  return <ErrorPage icon={IconMapQuestion} page="notFound" />;
}
