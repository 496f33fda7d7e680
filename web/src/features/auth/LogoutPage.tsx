import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { signOut } from './session-thunks';

const LOGOUT_DELAY_MS = 2000;

/** /logout: waits 2 seconds, signs out and goes to /. */
export default function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void dispatch(signOut());
      navigate('/', { replace: true });
    }, LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, navigate]);
  return <FullPageSpinner label="Signing you out" />;
}
