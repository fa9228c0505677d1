import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { useSession } from '../session';
import { MAIN_CONTENT_ID } from './dashboard-layout';

/** The fluid wizard layout: no header, no aside, no menu. */
export function DashboardWizardLayout() {
  const { confirmed } = useSession();
  return (
    <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100dvh" p="md">
      {confirmed ? (
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      ) : (
        <PageLoader />
      )}
    </Box>
  );
}
