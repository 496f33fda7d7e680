import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { clearCachedData } from '../../app/version';
import { toast } from '../../shared/toasts';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';

/** /cache/clear: purges locally cached data and goes to /dashboard. */
export default function CacheClearPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    clearCachedData(dispatch);
    toast.success('Cache cleared.');
    navigate('/dashboard', { replace: true });
  }, [dispatch, navigate]);
  return <FullPageSpinner label="Clearing cache" />;
}
