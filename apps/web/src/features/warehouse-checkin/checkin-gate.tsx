import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { useCheckinEnabled } from './checkin.queries';

/**
 * The check-in screens lead home when check-in is disabled for the user (its account's root
 * details, or a platform admin).
 */
export function CheckinGate({ children }: { children: ReactNode }) {
  const enabled = useCheckinEnabled();
  if (enabled === undefined) return <PageLoader />;
  return enabled ? children : <Navigate to="/home" replace />;
}
