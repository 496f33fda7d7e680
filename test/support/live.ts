import { io, type Socket } from 'socket.io-client';
import { LIVE_EVENTS, type LiveMessage } from '#domain/contracts/live.contract.js';

export interface Received {
  event: string;
  message: LiveMessage;
  at: number;
}

export interface LiveClient {
  socket: Socket;
  received: Received[];
  hello: Promise<{ checkpoint: string }>;
  /** resolves with the first message matching, waiting up to `ms` */
  next(predicate: (r: Received) => boolean, ms?: number): Promise<Received>;
  close(): void;
}

/**
 * A socket.io client of the live gateway, recording every live event it receives: the back office's (`/`) or,
 * with `namespace: '/shop'`, the ordering app's.
 */
export function liveClient(
  baseUrl: string,
  token: string | null,
  options: { origin?: string; reconnection?: boolean; namespace?: '/' | '/shop' } = {},
): LiveClient {
  const socket = io(new URL(options.namespace ?? '/', baseUrl).toString(), {
    transports: ['websocket'],
    auth: token ? { token } : {},
    extraHeaders: options.origin ? { origin: options.origin } : undefined,
    reconnection: options.reconnection ?? false,
    forceNew: true,
  });
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  for (const event of LIVE_EVENTS) {
    socket.on(event, (message: LiveMessage) => {
      received.push({ event, message, at: performance.now() });
      for (const wake of [...waiters]) wake();
    });
  }
  const hello = new Promise<{ checkpoint: string }>((resolve) => socket.once('live:hello', resolve));
  return {
    socket,
    received,
    hello,
    next(predicate, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(predicate);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `no matching live message in ${ms} ms; got ${JSON.stringify(received.map((r) => r.event))}`,
            ),
          );
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => socket.close(),
  };
}

/** The connect_error of a refused handshake: its message and the status the gateway attached. */
export function refusalOf(client: LiveClient): Promise<{ message: string; statusCode?: number }> {
  return new Promise((resolve, reject) => {
    client.socket.once('connect', () => reject(new Error('connected, expected a refusal')));
    client.socket.once('connect_error', (error: Error & { data?: { statusCode?: number } }) =>
      resolve({ message: error.message, statusCode: error.data?.statusCode }),
    );
  });
}

/** Resolves once the socket is disconnected by the server (or rejects after `ms`). */
export function disconnected(client: LiveClient, ms = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!client.socket.connected && client.socket.io.engine == null) return resolve('closed');
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    client.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
