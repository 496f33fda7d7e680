import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { retryValidation } from '../../app/session';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { CompanyClock } from '../../shared/company/company-clock';
import { BootShell } from '../../shared/ui/BootShell';
import { AUTH_MESSAGES } from './auth-messages';
import { validateSession } from './session-thunks';

/**
 * Private routes: anonymous visitors go to /auth/signin and come back here after signing in. Signed in, every page
 * shows its dates and times on the company's clock.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, bootFailed } = useAppSelector((state) => state.session);
  const dispatch = useAppDispatch();
  const location = useLocation();

  if (status === 'anonymous') return <Navigate to="/auth/signin" replace state={{ from: location }} />;
  if (status === 'validating') {
    if (!bootFailed) return <BootShell label="Signing you in" />;
    return (
      <Box sx={{ maxWidth: 480, mx: 'auto', mt: 12, px: 2 }}>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              onClick={() => {
                dispatch(retryValidation());
                void dispatch(validateSession());
              }}
            >
              Retry
            </Button>
          }
        >
          {AUTH_MESSAGES.serversBroke}
        </Alert>
      </Box>
    );
  }
  return <CompanyClock>{children}</CompanyClock>;
}
