import type { CommandMetadata } from '../shared/decider.js';
import type {
  ActivateStampRoll,
  AllocateStamps,
  AssignStamps,
  DeactivateStampRoll,
  DestroyStamps,
  ReceiveStampRoll,
  RecordStampReplacement,
  RecordStampStatus,
  ReleaseStamps,
  RestoreStamps,
  StampCommand,
} from './stamp.commands.js';
import { subtract, union, type IntervalSet } from './intervals.js';
import { heldAfter } from './stamp-holding.js';
import { byRoll } from './stamp.state.js';
import type {
  StampEvent,
  StampRollDeactivated,
  StampRollReceived,
  StampsAllocated,
  StampsDestroyed,
  StampsReleased,
  StampsRestored,
  StampReplacementRecorded,
  StampsStatusRecorded,
} from './stamp.events.js';

/** Builders for stamp ledger tests: one company, 'now' is 21 Nov 2026 09:00 in Chicago. */
export const NOW = '2026-11-21T15:00:00.000Z';
export const metadata: CommandMetadata = { companyId: 'co-1', userId: 'u-1', now: NOW };

export const aStampRollReceived = (data: Partial<StampRollReceived['data']> = {}): StampRollReceived => ({
  type: 'StampRollReceived',
  data: {
    rollId: 1,
    prefix: 'AB',
    from: 1000,
    to: 1479,
    receivedOn: '2026-11-20',
    active: true,
    recordedAt: NOW,
    ...data,
  },
});

export const aStampRollDeactivated = (rollId = 1): StampRollDeactivated => ({
  type: 'StampRollDeactivated',
  data: { rollId, deactivatedAt: NOW },
});

export const aStampsAllocated = (
  range: { rollId?: number; prefix?: string; from: number; to: number },
  data: Partial<StampsAllocated['data']> = {},
): StampsAllocated => ({
  type: 'StampsAllocated',
  data: {
    allocationId: 'invoice-inv-0',
    invoiceId: 'inv-0',
    invoiceNumber: '1000',
    customerId: null,
    customerName: null,
    customerTabcId: null,
    note: null,
    ranges: [{ rollId: range.rollId ?? 1, prefix: range.prefix ?? 'AB', from: range.from, to: range.to }],
    allocatedAt: NOW,
    ...data,
  },
});

export const aStampsReleased = (
  range: { rollId?: number; prefix?: string; from: number; to: number },
  data: Partial<StampsReleased['data']> = {},
): StampsReleased => ({
  type: 'StampsReleased',
  data: {
    allocationId: 'invoice-inv-0',
    invoiceId: 'inv-0',
    invoiceNumber: null,
    ranges: [{ rollId: range.rollId ?? 1, prefix: range.prefix ?? 'AB', from: range.from, to: range.to }],
    reason: 'released',
    releasedAt: NOW,
    ...data,
  },
});

export const aStampsDestroyed = (
  range: { from: number; to: number },
  data: Partial<StampsDestroyed['data']> = {},
): StampsDestroyed => ({
  type: 'StampsDestroyed',
  data: {
    destroyId: 1,
    rollId: 1,
    prefix: 'AB',
    from: range.from,
    to: range.to,
    ranges: [{ rollId: 1, prefix: 'AB', from: range.from, to: range.to }],
    notDestroyed: { invoiced: [], alreadyDestroyed: [] },
    note: null,
    destroyedAt: NOW,
    ...data,
  },
});

export const aStampsRestored = (destroyId: number, range: { from: number; to: number }): StampsRestored => ({
  type: 'StampsRestored',
  data: {
    destroyId,
    rollId: 1,
    prefix: 'AB',
    ranges: [{ rollId: 1, prefix: 'AB', ...range }],
    restoredAt: NOW,
  },
});

export const aReceiveStampRoll = (data: Partial<ReceiveStampRoll['data']> = {}): ReceiveStampRoll => ({
  type: 'ReceiveStampRoll',
  data: {
    prefix: ' ab ',
    receivedOn: '2026-11-20',
    from: 1000,
    to: 1479,
    timeZone: 'America/Chicago',
    ...data,
  },
  metadata,
});

export const anActivateStampRoll = (rollId = 1): ActivateStampRoll => ({
  type: 'ActivateStampRoll',
  data: { rollId },
  metadata,
});

export const aDeactivateStampRoll = (rollId = 1): DeactivateStampRoll => ({
  type: 'DeactivateStampRoll',
  data: { rollId },
  metadata,
});

export const anAllocateStamps = (data: Partial<AllocateStamps['data']> = {}): AllocateStamps => ({
  type: 'AllocateStamps',
  data: { invoiceId: 'inv-1', invoiceNumber: '1001', ...data },
  metadata,
});

export const anAssignStamps = (data: Partial<AssignStamps['data']> = {}): AssignStamps => ({
  type: 'AssignStamps',
  data: { rollId: 1, from: 1000, to: 1009, note: null, ...data },
  metadata,
});

export const aReleaseStamps = (data: Partial<ReleaseStamps['data']> = {}): ReleaseStamps => ({
  type: 'ReleaseStamps',
  data: { invoiceId: 'inv-1', reason: 'cancelled', ...data },
  metadata,
});

export const aDestroyStamps = (data: Partial<DestroyStamps['data']> = {}): DestroyStamps => ({
  type: 'DestroyStamps',
  data: { rollId: 1, from: 1000, to: 1009, note: null, ...data },
  metadata,
});

export const aRestoreStamps = (destroyIds: number[] = [1]): RestoreStamps => ({
  type: 'RestoreStamps',
  data: { destroyIds },
  metadata,
});

/**
 * A command as the API sends it after reading what the ledger keeps no more: an allocation or release
 * with the stamps the invoice holds (its holding stream: here replayed from `past`), a destroy with the holders of
 * the invoiced stamps (the stamp log: here replayed from `past`).
 */
export function withHoldings(command: StampCommand, past: readonly StampEvent[]): StampCommand {
  switch (command.type) {
    case 'AllocateStamps':
    case 'ReleaseStamps':
      if (command.data.held) return command;
      return {
        ...command,
        data: { ...command.data, held: heldAfter([], command.data.invoiceId, past) },
      } as StampCommand;
    case 'DestroyStamps': {
      if (command.data.holders) return command;
      const holders = new Map<string, { label: string | null; sets: Map<number, IntervalSet> }>();
      for (const event of past) {
        if (event.type !== 'StampsAllocated' && event.type !== 'StampsReleased') continue;
        const holder = holders.get(event.data.allocationId) ?? { label: null, sets: new Map() };
        if (event.type === 'StampsAllocated') holder.label = event.data.invoiceNumber ?? holder.label;
        for (const [rollId, set] of byRoll(event.data.ranges)) {
          const before = holder.sets.get(rollId) ?? [];
          holder.sets.set(
            rollId,
            event.type === 'StampsAllocated' ? union(before, set) : subtract(before, set),
          );
        }
        holders.set(event.data.allocationId, holder);
      }
      const found = [...holders.values()].flatMap(({ label, sets }) =>
        (sets.get(command.data.rollId) ?? []).map(({ from, to }) => ({ from, to, label })),
      );
      return { ...command, data: { ...command.data, holders: found } };
    }
    default:
      return command;
  }
}

export const RECORDER = { userId: 'u-1', name: 'Rosa Diaz' };

export const aRecordStampStatus = (data: Partial<RecordStampStatus['data']> = {}): RecordStampStatus => ({
  type: 'RecordStampStatus',
  data: {
    rollId: 1,
    from: 1005,
    to: 1005,
    status: 'lost',
    note: 'Fell behind the shelf',
    recordedBy: RECORDER,
    enabled: true,
    ...data,
  },
  metadata,
});

export const aStampsStatusRecorded = (
  range: { from: number; to: number },
  data: Partial<StampsStatusRecorded['data']> = {},
): StampsStatusRecorded => ({
  type: 'StampsStatusRecorded',
  data: {
    recordId: 1,
    status: 'lost',
    rollId: 1,
    prefix: 'AB',
    from: range.from,
    to: range.to,
    ranges: [{ rollId: 1, prefix: 'AB', from: range.from, to: range.to }],
    note: 'Fell behind the shelf',
    recordedBy: RECORDER,
    recordedAt: NOW,
    ...data,
  },
});

export const aRecordStampReplacement = (
  original: number,
  replacement: number,
  data: Partial<RecordStampReplacement['data']> = {},
): RecordStampReplacement => ({
  type: 'RecordStampReplacement',
  data: {
    original: { prefix: 'AB', number: original },
    replacement: { prefix: 'AB', number: replacement },
    note: null,
    recordedBy: RECORDER,
    enabled: true,
    ...data,
  },
  metadata,
});

export const aStampReplacementRecorded = (
  original: number,
  replacement: number,
  data: Partial<StampReplacementRecorded['data']> = {},
): StampReplacementRecorded => ({
  type: 'StampReplacementRecorded',
  data: {
    original: { rollId: 1, prefix: 'AB', number: original },
    originalStatus: 'lost',
    replacement: { rollId: 1, prefix: 'AB', number: replacement },
    note: null,
    recordedBy: RECORDER,
    recordedAt: NOW,
    ...data,
  },
});
