import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useEffect, useSyncExternalStore } from 'react';
import { subscribe, toast, visibleToasts, type Toast } from './toast-store';

export * from './toast-store';

function ToastItem({ item }: { item: Toast }) {
  useEffect(() => {
    const timer = window.setTimeout(() => toast.dismiss(item.id), item.seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [item.id, item.seconds]);

  const clickable = !!item.onClick;
  const follow = () => {
    item.onClick?.();
    toast.dismiss(item.id);
  };
  return (
    <Alert
      variant="filled"
      severity={item.severity}
      elevation={6}
      onClick={clickable ? follow : undefined}
      sx={{ cursor: clickable ? 'pointer' : undefined, pointerEvents: 'auto', alignItems: 'center' }}
      action={
        <>
          {clickable && item.action && (
            <Button
              color="inherit"
              size="small"
              onClick={(event) => {
                event.stopPropagation();
                follow();
              }}
            >
              {item.action}
            </Button>
          )}
          <IconButton
            aria-label="Close notification"
            color="inherit"
            size="small"
            onClick={(event) => {
              event.stopPropagation();
              toast.dismiss(item.id);
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      {item.title && <AlertTitle>{item.title}</AlertTitle>}
      {item.message}
      {item.detail && (
        <Box component="span" sx={{ display: 'block', fontSize: '0.8125rem', opacity: 0.9 }}>
          {item.detail}
        </Box>
      )}
    </Alert>
  );
}

/** Renders the toasts; mounted once at the root. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, visibleToasts, visibleToasts);
  return (
    <Box
      sx={{
        position: 'fixed',
        top: { xs: 8, sm: 16 },
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        width: { sm: 400 },
        pointerEvents: 'none',
      }}
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </Box>
  );
}
