import type { AlertColor } from '@mui/material/Alert';

/**
 * The toasts' store, apart from how they are drawn (toasts.tsx): what is showing, oldest first, and the one helper
 * that shows one.
 */
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
  // the same toast again (an action repeated) replaces the one showing, its time restarted, instead of stacking
  const same = (t: Toast) =>
    t.severity === item.severity &&
    t.message === item.message &&
    t.title === item.title &&
    t.detail === item.detail;
  emit([...toasts.filter((t) => !same(t)), item].slice(-MAX_VISIBLE));
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

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** The toasts on screen, oldest first. */
export const visibleToasts = (): readonly Toast[] => toasts;
