import fc from 'fast-check';
import { DomainError } from '../shared/domain-error.js';
import { count, intersect, normalize, subtract, union, type IntervalSet } from './intervals.js';
import type { StampCommand } from './stamp.commands.js';
import { stampLedgerDecider } from './stamp.decide.js';
import type { StampEvent } from './stamp.events.js';
import { metadata, withHoldings } from './stamp.fixtures.js';
import { stampLedgerReport } from './stamp.report.js';
import { initialState, type StampLedger } from './stamp.state.js';

/**
 * , Reliability: for any sequence of receive / allocate / release / assign / destroy / undo / toggle,
 * each roll's available, invoiced and destroyed sets are disjoint and cover the roll exactly, and no stamp is
 * ever allocated twice. Checked against a plain per-stamp model built from the events alone.
 */
const invoiceIds = ['i1', 'i2', 'i3', 'i4', 'i5'];

/** Every sequence starts with these rolls; ranges mostly fall inside them, sometimes across their ends. */
const ROLLS = [
  { prefix: 'A', from: 1, to: 120 },
  { prefix: 'B', from: 1, to: 80 },
  { prefix: 'A', from: 200, to: 279 },
];
const prelude: StampCommand[] = ROLLS.map(({ prefix, from, to }) => ({
  type: 'ReceiveStampRoll',
  data: { prefix, from, to, receivedOn: '2026-11-20', timeZone: 'America/Chicago' },
  metadata,
}));

const rangeInput = fc
  .record({
    rollId: fc.integer({ min: 1, max: 4 }),
    offset: fc.integer({ min: -5, max: 120 }),
    size: fc.integer({ min: 1, max: 30 }),
  })
  .map(({ rollId, offset, size }) => {
    const from = Math.max(1, (ROLLS[rollId - 1]?.from ?? 300) + offset);
    return { rollId, from, to: from + size - 1 };
  });

const command: fc.Arbitrary<StampCommand> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc
      .record({
        prefix: fc.constantFrom('A', 'B', null),
        from: fc.integer({ min: 1, max: 400 }),
        size: fc.integer({ min: 1, max: 80 }),
      })
      .map(({ prefix, from, size }) => ({
        type: 'ReceiveStampRoll' as const,
        data: { prefix, from, to: from + size - 1, receivedOn: '2026-11-20', timeZone: 'America/Chicago' },
        metadata,
      })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({ invoiceId: fc.constantFrom(...invoiceIds), count: fc.integer({ min: 0, max: 40 }) })
      .map((data) => ({ type: 'AllocateStamps' as const, data, metadata })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ invoiceId: fc.constantFrom(...invoiceIds), ranges: fc.array(rangeInput, { maxLength: 3 }) })
      .map((data) => ({ type: 'AllocateStamps' as const, data, metadata })),
  },
  {
    weight: 1,
    arbitrary: rangeInput.map((range) => ({
      type: 'AssignStamps' as const,
      data: { ...range, note: 'x' },
      metadata,
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...invoiceIds)
      .map((invoiceId) => ({ type: 'ReleaseStamps' as const, data: { invoiceId }, metadata })),
  },
  {
    weight: 3,
    arbitrary: rangeInput.map((range) => ({
      type: 'DestroyStamps' as const,
      data: { ...range, note: null },
      metadata,
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 })
      .map((destroyIds) => ({ type: 'RestoreStamps' as const, data: { destroyIds }, metadata })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 4 })
      .map((rollId) => ({ type: 'ActivateStampRoll' as const, data: { rollId }, metadata })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 4 })
      .map((rollId) => ({ type: 'DeactivateStampRoll' as const, data: { rollId }, metadata })),
  },
);

type Status =
  { kind: 'AVAILABLE' } | { kind: 'INVOICED'; holder: string } | { kind: 'DESTROYED'; record: number };

/** The per-stamp model: one entry per stamp, built from the events alone. */
class Model {
  /** rollId → stamp number → status. */
  readonly rolls = new Map<number, Map<number, Status>>();

  private each(
    ranges: { rollId: number; from: number; to: number }[],
    expected: (status: Status | undefined) => boolean,
    next: Status,
    what: string,
  ): void {
    for (const { rollId, from, to } of ranges) {
      const stamps = this.rolls.get(rollId)!;
      for (let n = from; n <= to; n++) {
        const status = stamps.get(n);
        if (!expected(status)) throw new Error(`${what}: stamp ${rollId}:${n} is ${JSON.stringify(status)}`);
        stamps.set(n, next);
      }
    }
  }

  apply(event: StampEvent): void {
    switch (event.type) {
      case 'StampRollReceived': {
        const stamps = new Map<number, Status>();
        for (let n = event.data.from; n <= event.data.to; n++) stamps.set(n, { kind: 'AVAILABLE' });
        this.rolls.set(event.data.rollId, stamps);
        return;
      }
      case 'StampsAllocated': // never twice: only AVAILABLE stamps are allocated
        return this.each(
          event.data.ranges,
          (s) => s?.kind === 'AVAILABLE',
          { kind: 'INVOICED', holder: event.data.allocationId },
          'allocated',
        );
      case 'StampsReleased': {
        const holder = event.data.allocationId;
        return this.each(
          event.data.ranges,
          (s) => s?.kind === 'INVOICED' && s.holder === holder,
          { kind: 'AVAILABLE' },
          'released',
        );
      }
      case 'StampsDestroyed':
        return this.each(
          event.data.ranges,
          (s) => s?.kind === 'AVAILABLE',
          { kind: 'DESTROYED', record: event.data.destroyId },
          'destroyed',
        );
      case 'StampsRestored': {
        const record = event.data.destroyId;
        return this.each(
          event.data.ranges,
          (s) => s?.kind === 'DESTROYED' && s.record === record,
          { kind: 'AVAILABLE' },
          'restored',
        );
      }
      default:
        return;
    }
  }

  /** One roll's stamps by status, as intervals. */
  sets(rollId: number): Record<Status['kind'], IntervalSet> {
    const sets: Record<Status['kind'], { from: number; to: number }[]> = {
      AVAILABLE: [],
      INVOICED: [],
      DESTROYED: [],
    };
    for (const [n, status] of this.rolls.get(rollId) ?? []) sets[status.kind].push({ from: n, to: n });
    return {
      AVAILABLE: normalize(sets.AVAILABLE),
      INVOICED: normalize(sets.INVOICED),
      DESTROYED: normalize(sets.DESTROYED),
    };
  }
}

function checkInvariants(state: StampLedger, model: Model): void {
  const actual = stampLedgerReport(state).rolls.map((roll) => {
    const whole = [{ from: roll.from, to: roll.to }];
    const all = union(union(roll.available, roll.invoiced), roll.destroyed);
    return {
      rollId: roll.rollId,
      disjoint:
        intersect(roll.available, roll.invoiced).length === 0 &&
        intersect(roll.available, roll.destroyed).length === 0 &&
        intersect(roll.invoiced, roll.destroyed).length === 0,
      coversTheRoll: subtract(whole, all).length === 0 && subtract(all, whole).length === 0,
      countsAddUp:
        roll.availableCount + roll.invoicedCount + roll.destroyedCount === roll.size &&
        count(roll.available) === roll.availableCount,
      sets: { AVAILABLE: roll.available, INVOICED: roll.invoiced, DESTROYED: roll.destroyed },
    };
  });
  // One comparison a step: disjoint, covering, and the same as the per-stamp model.
  expect(actual).toEqual(
    actual.map(({ rollId }) => ({
      rollId,
      disjoint: true,
      coversTheRoll: true,
      countsAddUp: true,
      sets: model.sets(rollId),
    })),
  );
}

describe('Stamp ledger properties', () => {
  it('keeps available, invoiced and destroyed disjoint and covering each roll, and never allocates a stamp twice', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 60 }), (commands) => {
        let state = initialState();
        const model = new Model();
        const past: StampEvent[] = [];
        for (const cmd of [...prelude, ...commands]) {
          let events: StampEvent[];
          try {
            events = stampLedgerDecider.decide(withHoldings(cmd, past), state);
            past.push(...events);
          } catch (error) {
            if (error instanceof DomainError) continue; // a refused command changes nothing
            throw error;
          }
          for (const event of events) {
            model.apply(event);
            state = stampLedgerDecider.evolve(state, event);
          }
          checkInvariants(state, model);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('allocates for an invoice idempotently: deciding again on the new state changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(command, { maxLength: 30 }),
        fc.record({ invoiceId: fc.constantFrom(...invoiceIds), count: fc.integer({ min: 0, max: 30 }) }),
        (commands, data) => {
          let state = initialState();
          const past: StampEvent[] = [];
          for (const cmd of [...prelude, ...commands]) {
            try {
              const events = stampLedgerDecider.decide(withHoldings(cmd, past), state);
              past.push(...events);
              state = events.reduce(stampLedgerDecider.evolve, state);
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
            }
          }
          const allocate = { type: 'AllocateStamps' as const, data, metadata };
          let first: StampEvent[];
          try {
            first = stampLedgerDecider.decide(withHoldings(allocate, past), state);
          } catch (error) {
            if (error instanceof DomainError) return;
            throw error;
          }
          const after = first.reduce(stampLedgerDecider.evolve, state);
          expect(stampLedgerDecider.decide(withHoldings(allocate, [...past, ...first]), after)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
