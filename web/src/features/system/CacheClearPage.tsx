import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../app/store';
import { clearCachedData } from '../../app/version';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';

/**
 * /cache/clear: purges locally cached data and goes to /dashboard with a full page load, so nothing kept
 * in memory (API cache, preferences, an outdated bundle) survives.
 */
export default function CacheClearPage() {
  const dispatch = useAppDispatch();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    clearCachedData(dispatch);
    window.location.replace('/dashboard');
  }, [dispatch]);
  return <FullPageSpinner label="Clearing cache" />;
}
