import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DriverDayResponse } from '#domain/contracts/route.contract';
import { API_BASE } from '../../app/api';
import { readStoredToken } from '../../app/session';
import {
  afterDownload,
  afterOutcome,
  emptyLocalState,
  enqueue,
  nextSeq,
  nextToSend,
  outcomeOf,
  type CommandKind,
  type DriverLocalState,
  type OutboxCommand,
  type StopLocal,
  type SyncView,
} from './outbox';

/**
 * The driver's device: the downloaded day, the outbox and what was done at each stop, kept in IndexedDB so the app
 * opens and works with no network; the outbox is sent by one loop, in order, whenever the device is online.
 */

interface DriverDb extends DBSchema {
  day: { key: string; value: { day: DriverDayResponse; fetched_at: string; signed_in?: string } };
  outbox: { key: string; value: OutboxCommand };
  stops: { key: string; value: StopLocal };
  meta: { key: string; value: number };
}

export const DRIVER_DB = 'stampline-driver';
const DAY_KEY = 'today';
const SEQ_KEY = 'last_seq';

export interface DeviceSnapshot {
  loaded: boolean;
  day: DriverDayResponse | null;
  /** The device's clock when the day was downloaded. */
  fetchedAt: string | null;
  local: DriverLocalState;
  sync: SyncView;
}

export interface DeviceOptions {
  fetch?: typeof fetch;
  now?: () => Date;
  token?: () => string | null;
  online?: () => boolean;
}

export class DownloadError extends Error {}

/** A short tag of a sign-in token (FNV-1a): tells the sign-in that downloaded the day from another, not the token. */
export function tokenTag(token: string | null): string | null {
  if (!token) return null;
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16);
}

export class DriverDevice {
  private db: Promise<IDBPDatabase<DriverDb>>;
  private snapshotValue: DeviceSnapshot;
  private listeners = new Set<() => void>();
  private lastSeq = 0;
  private sending = false;
  private batch = { index: 0, total: 0 };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly token: () => string | null;
  private readonly online: () => boolean;
  /** The signed-in user, once known: a day kept for another driver is neither shown nor sent with this sign-in. */
  private userId: string | null = null;
  /** The tag of the sign-in that downloaded the kept day (while the user is not known yet, with no signal). */
  private dayTag: string | null = null;

  constructor(options: DeviceOptions = {}) {
    this.fetch = options.fetch ?? ((...args) => fetch(...args));
    this.now = options.now ?? (() => new Date());
    this.token = options.token ?? readStoredToken;
    this.online = options.online ?? (() => navigator.onLine);
    this.snapshotValue = {
      loaded: false,
      day: null,
      fetchedAt: null,
      local: emptyLocalState(),
      sync: { online: this.online(), waiting: 0, sending: null, needsSignIn: false },
    };
    this.db = openDB<DriverDb>(DRIVER_DB, 1, {
      upgrade(db) {
        db.createObjectStore('day');
        db.createObjectStore('outbox', { keyPath: 'key' });
        db.createObjectStore('stops', { keyPath: 'stop_id' });
        db.createObjectStore('meta');
      },
    });
  }

  /** Reads what the device kept, then sends what is waiting. */
  async load(): Promise<void> {
    const db = await this.db;
    const [stored, queue, stops, seq] = await Promise.all([
      db.get('day', DAY_KEY),
      db.getAll('outbox'),
      db.getAll('stops'),
      db.get('meta', SEQ_KEY),
    ]);
    this.lastSeq = seq ?? 0;
    this.dayTag = stored?.signed_in ?? null;
    this.update({
      loaded: true,
      day: stored?.day ?? null,
      fetchedAt: stored?.fetched_at ?? null,
      local: {
        queue: queue.sort((a, b) => a.seq - b.seq),
        stops: Object.fromEntries(stops.map((stop) => [stop.stop_id, stop])),
      },
    });
    void this.kick();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshotValue;

  private update(patch: Partial<DeviceSnapshot>, sync: Partial<SyncView> = {}) {
    const next = { ...this.snapshotValue, ...patch };
    next.sync = {
      ...next.sync,
      online: this.online(),
      waiting: next.local.queue.length,
      sending: this.sending && this.batch.total ? { ...this.batch } : null,
      ...sync,
    };
    this.snapshotValue = next;
    for (const listener of this.listeners) listener();
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const token = this.token();
    return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
  }

  /**
   * The day on the device is another driver's (a shared phone): the signed-in user is known and is not the driver it
   * was downloaded for. Null when it is theirs, or nothing is kept, or the user is not known yet (no signal at start).
   */
  otherDriver(): { name: string; waiting: number } | null {
    const day = this.snapshotValue.day;
    if (!day || !this.userId || day.driver.id === this.userId) return null;
    return { name: day.driver.name, waiting: this.snapshotValue.local.queue.length };
  }

  /**
   * The outbox may go with this sign-in: the user is the day's driver, or (not known yet) it is the sign-in that
   * downloaded the day.
   */
  private maySend(): boolean {
    const day = this.snapshotValue.day;
    if (!day) return true;
    if (this.userId) return day.driver.id === this.userId;
    return this.dayTag !== null && this.dayTag === tokenTag(this.token());
  }

  /** Who is signed in; a change sends what is waiting if the day is theirs. */
  signedInAs(userId: string | null): void {
    if (userId === this.userId) return;
    this.userId = userId;
    this.update({});
    void this.kick();
  }

  /** GET /driver/routes: the signed-in driver's day, kept on the device. */
  async download(date?: string): Promise<void> {
    const other = this.otherDriver();
    // another driver's deliveries not sent yet stay until they sign in and send them: nothing done is lost
    if (other && other.waiting > 0)
      throw new DownloadError(
        `This phone holds ${other.waiting} ${other.waiting === 1 ? 'delivery' : 'deliveries'} of ${other.name} not sent yet: ${other.name} signs in to send them first.`,
      );
    let response: Response;
    try {
      response = await this.fetch(`${API_BASE}/driver/routes${date ? `?date=${date}` : ''}`, {
        headers: this.headers(),
      });
    } catch {
      throw new DownloadError('No signal: the route could not be downloaded. Try again when online.');
    }
    if (response.status === 401) throw new DownloadError('Sign in again to download the route.');
    if (!response.ok) throw new DownloadError('The route could not be downloaded. Try again.');
    const day = (await response.json()) as DriverDayResponse;
    const fetchedAt = this.now().toISOString();
    const local = afterDownload(this.snapshotValue.local);
    const db = await this.db;
    const tx = db.transaction(['day', 'stops'], 'readwrite');
    const signedIn = tokenTag(this.token());
    await tx
      .objectStore('day')
      .put({ day, fetched_at: fetchedAt, ...(signedIn ? { signed_in: signedIn } : {}) }, DAY_KEY);
    await tx.objectStore('stops').clear();
    for (const stop of Object.values(local.stops)) await tx.objectStore('stops').put(stop);
    await tx.done;
    this.dayTag = signedIn;
    this.update({ day, fetchedAt, local });
  }

  /**
   * Records what the driver did at a stop: the command (its Idempotency-Key made now, once) and the stop's new look
   * are kept on the device before anything is sent.
   */
  async act(
    kind: CommandKind,
    at: { route_id: string; stop_id: string; url: string },
    body: OutboxCommand['body'],
    local: Omit<StopLocal, 'stop_id' | 'state' | 'message'>,
  ): Promise<OutboxCommand> {
    const state = this.snapshotValue.local;
    const seq = nextSeq(state, this.lastSeq);
    const command: OutboxCommand = {
      key: crypto.randomUUID(),
      seq,
      kind,
      url: at.url,
      body,
      created_at: this.now().toISOString(),
      route_id: at.route_id,
      stop_id: at.stop_id,
      attempts: 0,
      retry_at: 0,
    };
    const stop: StopLocal = { ...local, stop_id: at.stop_id, state: 'waiting', message: null };
    const db = await this.db;
    const tx = db.transaction(['outbox', 'stops', 'meta'], 'readwrite');
    await tx.objectStore('outbox').put(command);
    await tx.objectStore('stops').put(stop);
    await tx.objectStore('meta').put(seq, SEQ_KEY);
    await tx.done;
    this.lastSeq = seq;
    this.update({ local: enqueue(this.snapshotValue.local, command, stop) });
    void this.kick();
    return command;
  }

  /** Sends the queue, oldest first, one at a time, while online; a failed send is tried again later with its key. */
  async kick(): Promise<void> {
    if (this.sending) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // the outbox goes only with the sign-in of the day's driver
    if (!this.online() || !this.maySend()) {
      this.update({});
      return;
    }
    this.sending = true;
    this.batch = { index: 0, total: this.snapshotValue.local.queue.length };
    let signIn = false;
    try {
      for (;;) {
        const command = nextToSend(this.snapshotValue.local, this.now().getTime());
        if (!command || !this.online()) break;
        this.batch = { index: this.batch.index + 1, total: Math.max(this.batch.total, this.batch.index + 1) };
        this.update({});
        const outcome = await this.send(command);
        if (outcome.type === 'signin') {
          signIn = true;
          break;
        }
        const local = afterOutcome(this.snapshotValue.local, command.key, outcome, this.now().getTime());
        const db = await this.db;
        const tx = db.transaction(['outbox', 'stops'], 'readwrite');
        if (outcome.type === 'retry') await tx.objectStore('outbox').put(local.queue[0]!);
        else await tx.objectStore('outbox').delete(command.key);
        const stop = local.stops[command.stop_id];
        if (stop) await tx.objectStore('stops').put(stop);
        await tx.done;
        this.snapshotValue = { ...this.snapshotValue, local };
        if (outcome.type === 'retry') break;
      }
    } finally {
      this.sending = false;
      this.batch = { index: 0, total: 0 };
    }
    this.update({}, { needsSignIn: signIn });
    const first = this.snapshotValue.local.queue[0];
    if (first && !signIn) {
      const wait = Math.max(1_000, first.retry_at - this.now().getTime());
      this.timer = setTimeout(() => void this.kick(), wait);
    }
  }

  private async send(command: OutboxCommand) {
    try {
      const response = await this.fetch(`${API_BASE}/${command.url}`, {
        method: 'POST',
        headers: this.headers({ 'content-type': 'application/json', 'idempotency-key': command.key }),
        body: JSON.stringify(command.body),
      });
      const body = await response.json().catch(() => null);
      return outcomeOf(response.status, body);
    } catch {
      return outcomeOf('network', null);
    }
  }

  /** The network came or went. */
  connectivityChanged() {
    this.update({});
    void this.kick();
  }

  close() {
    if (this.timer) clearTimeout(this.timer);
    void this.db.then((db) => db.close());
  }
}
