import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FeatureName } from '#domain/companies/company.features';
import { useAppDispatch } from '../../app/store';
import { companyApi } from '../company/company.api';
import { toProblem } from '../problem';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { FeatureActivationCard } from './FeatureActivationCard';
import { useFeature } from './use-feature';
import { RetryAlert } from '../ui/RetryAlert';

type ReportForbidden = (message: string) => void;
const ForbiddenContext = createContext<ReportForbidden | null>(null);

/**
 * The one web gate for feature-dependent screens: renders `children` while the company has
 * `feature` on, and the activation card (linking to /features) while it is off. A gated call inside that answers
 * 403 (the feature was switched off meanwhile) also shows the card: pass its error to `useFeatureForbidden`.
 *
 *   <FeatureGate feature="payment"><PaymentsReport /></FeatureGate>
 */
export function FeatureGate({ feature, children }: { feature: FeatureName; children: ReactNode }) {
  const { active, loading, error, refetch } = useFeature(feature);
  const dispatch = useAppDispatch();
  const [forbidden, setForbidden] = useState<string | null>(null);

  const report = useCallback<ReportForbidden>(
    (message) => {
      setForbidden(message);
      // the cached company still says "on": read it again, so every other gate and menu agrees
      dispatch(companyApi.util.invalidateTags(['Company']));
    },
    [dispatch],
  );

  if (loading) return <FullPageSpinner />;
  if (error)
    return (
      <RetryAlert onRetry={refetch}>Sorry, something went wrong! {toProblem(error)?.message}</RetryAlert>
    );
  if (!active || forbidden !== null)
    return <FeatureActivationCard feature={feature} message={forbidden || undefined} />;
  return <ForbiddenContext.Provider value={report}>{children}</ForbiddenContext.Provider>;
}

/** Inside a FeatureGate: a 403 in `error` (a gated call refused) switches the gate to the activation card. */
export function useFeatureForbidden(error: unknown): void {
  const report = useContext(ForbiddenContext);
  const problem = useMemo(() => toProblem(error), [error]);
  useEffect(() => {
    if (report && problem?.status === 403) report(problem.message);
  }, [problem, report]);
}

/** True for an API 403: a gated call made while the company's feature is off. */
export const isFeatureOff = (error: unknown): boolean => toProblem(error)?.status === 403;
