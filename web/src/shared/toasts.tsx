import CloseIcon from '@mui/icons-material/Close';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useEffect, useSyncExternalStore } from 'react';

/** Toast durations of the client's specification, in seconds. Any other value is clamped to 1–30 s. */
export const TOAST_SECONDS = { brief: 3, normal: 6, long: 10, longer: 15, sticky: 30 } as const;
export const MIN_TOAST_SECONDS = 1;
export const MAX_TOAST_SECONDS = 30;

export interface ToastOptions {
  /** how long it stays, 1–30 s; defaults to 6 s (10 s for errors) */
  seconds?: number;
  title?: string;
  /** a second, smaller line under the message */
  detail?: string;
  /** makes the toast clickable (e.g. leads to sync details) */
  onClick?: () => void;
  /** with onClick: a button of this label does the same, reachable by keyboard */
  action?: string;
}

export interface Toast {
  id: number;
  message: string;
  severity: AlertColor;
  seconds: number;
  title?: string;
  detail?: string;
  onClick?: () => void;
  action?: string;
}

export const clampToastSeconds = (seconds: number): number =>
  Number.isFinite(seconds)
    ? Math.min(MAX_TOAST_SECONDS, Math.max(MIN_TOAST_SECONDS, seconds))
    : TOAST_SECONDS.normal;

const MAX_VISIBLE = 4;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(severity: AlertColor, message: string, options: ToastOptions = {}): number {
  const fallback = severity === 'error' ? TOAST_SECONDS.long : TOAST_SECONDS.normal;
  const item: Toast = {
    id: nextId++,
    message,
    severity,
    seconds: clampToastSeconds(options.seconds ?? fallback),
    title: options.title,
    detail: options.detail,
    onClick: options.onClick,
    action: options.action,
  };
  emit([...toasts, item].slice(-MAX_VISIBLE));
  return item.id;
}

/** The one toast helper: `toast.success('Saved')`, `toast.error(msg, { seconds: TOAST_SECONDS.sticky })`. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  dismiss: (id: number) => emit(toasts.filter((t) => t.id !== id)),
  clear: () => emit([]),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

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
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
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
