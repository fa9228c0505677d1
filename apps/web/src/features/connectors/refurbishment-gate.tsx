import type { RefurbishmentFeature } from '@reprise/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useRefurbishmentFeature } from './refurbishment-features';

/** A screen of a refurbishment feature the account's connector switched off leads home (app/guards.tsx). */
export function RefurbishmentGate({
  feature,
  children,
}: {
  feature: RefurbishmentFeature;
  children: ReactNode;
}) {
  const on = useRefurbishmentFeature();
  return on(feature) ? children : <Navigate to="/home" replace />;
}
