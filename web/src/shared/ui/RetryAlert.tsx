import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * What could not be loaded, as an error alert with its Retry button (busy while the read runs again); `title` puts
 * a heading line above the reason.
 */
export function RetryAlert({
  children,
  onRetry,
  retrying,
  title,
  small,
  sx,
}: {
  children?: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  title?: ReactNode;
  /** A small button, for an alert inside a card or section rather than in place of a page. */
  small?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size={small ? 'small' : undefined} onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    >
      {title && <AlertTitle>{title}</AlertTitle>}
      {children}
    </Alert>
  );
}
