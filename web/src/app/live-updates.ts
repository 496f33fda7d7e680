import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { io, type Socket } from 'socket.io-client';
import {
  LIVE_EVENTS,
  type LiveEventName,
  type LiveHello,
  type LiveMessage,
  type LiveResumeAnswer,
} from '#domain/contracts/live.contract';
import { toast, TOAST_SECONDS } from '../shared/toasts';
import { api } from './api';
import {
  LIVE_TAG_TYPES,
  LIVE_TAGS,
  liveToast,
  RECONNECT,
  OFFLINE_AFTER_MS,
  type LiveTag,
} from './live-events';
import { sessionExpired } from './session';
import { recordSyncProgress } from './sync-progress';
import { useAppDispatch, useAppSelector, type AppDispatch } from './store';

const liveApi = api.enhanceEndpoints({ addTagTypes: LIVE_TAG_TYPES });

// --- connection state, for the quiet offline indicator -----------------------------------------------------------

export type LiveState = 'idle' | 'online' | 'offline';
let state: LiveState = 'idle';
const stateListeners = new Set<() => void>();
function setState(next: LiveState) {
  if (next === state) return;
  state = next;
  for (const listener of stateListeners) listener();
}
export function useLiveState(): LiveState {
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/** The last position this tab saw, and whose: kept across sockets (a session expired and signed in again). */
let resumePoint: { userId: string | null; checkpoint: string } | null = null;

// --- the connection -------------------------------------------------------------------------------------------

export interface LiveConnection {
  socket: Socket;
  close(): void;
}

/**
 * One socket for this tab while signed in: invalidates the tags of every event (coalesced per 50 ms), raises the
 * toasts, and after a reconnect asks the gateway for what it missed since the last position seen (replayed, or
 * everything refetched when the gap is too big). A refused token expires the session as any 401 does.
 */
export function connectLive(options: {
  token: string;
  userId: string | null;
  dispatch: AppDispatch;
  navigate: (to: string) => void;
  url?: string;
}): LiveConnection {
  const { dispatch } = options;
  const socket = io(options.url ?? '/', {
    auth: { token: options.token },
    transports: ['websocket', 'polling'],
    ...RECONNECT,
  });
  // A new socket of the same user in this tab (after a re-sign-in) resumes where the last one stopped.
  let lastSeen: string | null = resumePoint?.userId === options.userId ? resumePoint.checkpoint : null;
  const seen = (checkpoint: string) => {
    lastSeen = checkpoint;
    resumePoint = { userId: options.userId, checkpoint };
  };
  let pending = new Set<LiveTag>();
  let flush: number | undefined;
  let offline: number | undefined;
  let closed = false;

  const invalidate = (tags: readonly LiveTag[]) => {
    for (const tag of tags) pending.add(tag);
    flush ??= window.setTimeout(() => {
      flush = undefined;
      const tagsNow = [...pending];
      pending = new Set();
      dispatch(liveApi.util.invalidateTags(tagsNow));
    }, 50);
  };
  const handle = (event: LiveEventName, message: LiveMessage) => {
    if (event.endsWith(':sync-progress')) recordSyncProgress(message);
    invalidate(LIVE_TAGS[event]);
    const shown = liveToast(event, message, options.userId);
    if (!shown) return;
    const show = shown.severity === 'error' ? toast.error : toast.info;
    show(shown.message, {
      title: shown.title,
      detail: shown.detail,
      action: shown.action,
      seconds: TOAST_SECONDS[shown.duration],
      onClick: shown.to ? () => options.navigate(shown.to!) : undefined,
    });
  };

  for (const event of LIVE_EVENTS) {
    socket.on(event, (message: LiveMessage) => {
      if (message?.checkpoint) seen(message.checkpoint);
      handle(event, message);
    });
  }
  socket.on('live:hello', (hello: LiveHello) => {
    const previous = lastSeen;
    seen(hello.checkpoint);
    if (previous === null || previous === hello.checkpoint) return;
    socket
      .timeout(10_000)
      .emit('live:resume', { after: previous }, (error: Error | null, answer?: LiveResumeAnswer) => {
        if (error || !answer || 'error' in answer || answer.mode === 'refetch') {
          invalidate(LIVE_TAG_TYPES); // not sure what was missed: everything on screen refetches
          return;
        }
        for (const { event, message } of answer.messages) handle(event, message);
      });
  });
  socket.on('connect', () => {
    window.clearTimeout(offline);
    offline = undefined;
    setState('online');
  });
  const markOffline = () => {
    if (closed || offline !== undefined) return;
    offline = window.setTimeout(() => setState('offline'), OFFLINE_AFTER_MS);
  };
  socket.on('disconnect', (reason) => {
    markOffline();
    // The server ended it (a sign-out, an expired or revoked token): try again once; a refused token expires the session.
    if (reason === 'io server disconnect') window.setTimeout(() => !closed && socket.connect(), 1_000);
  });
  socket.on('connect_error', (error: Error & { data?: { statusCode?: number } }) => {
    markOffline();
    const status = error.data?.statusCode;
    if (status === 401) dispatch(sessionExpired());
    // 401 / 403 are not retried by socket.io (a refused handshake); the session's next sign-in makes a new socket.
  });

  return {
    socket,
    close() {
      closed = true;
      window.clearTimeout(flush);
      window.clearTimeout(offline);
      socket.close();
      setState('idle');
    },
  };
}

/** Keeps this tab's one socket while the session is signed in (mounted once, in the private shell). */
export function useLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const token = useAppSelector((s) => (s.session.status === 'signedIn' ? s.session.token : null));
  const userId = useAppSelector((s) => (s.session.user ? String(s.session.user.id) : null));
  useEffect(() => {
    if (!token) return;
    const connection = connectLive({ token, userId, dispatch, navigate: (to) => navigateRef.current(to) });
    return () => connection.close();
  }, [token, userId, dispatch]);
}
