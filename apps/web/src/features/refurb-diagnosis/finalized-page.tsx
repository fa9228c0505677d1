import { Navigate } from 'react-router';
import { RefurbDiagnosisFrame, stepPath } from './refurb-diagnosis-frame';

/**
 * `/refurb-diagnosis/{id}/finalized`: the frame shows a finalized
 * diagnosis's confirmation (finalized-view.tsx); one still in progress opens its overview.
 */
export function RefurbDiagnosisFinalizedPage() {
  return (
    <RefurbDiagnosisFrame step="finalized">
      {(diagnosis) => <Navigate to={stepPath(diagnosis.id, 'overview')} replace />}
    </RefurbDiagnosisFrame>
  );
}
