import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import { fold } from '../shared/decider.js';
import { stampLedgerDecider } from './stamp.decide.js';
import {
  aRecordStampReplacement,
  aRecordStampStatus,
  aStampReplacementRecorded,
  aStampRollReceived,
  aStampsAllocated,
  aStampsDestroyed,
  aStampsStatusRecorded,
  anAllocateStamps,
  NOW,
  RECORDER,
} from './stamp.fixtures.js';
import type { StampCommand } from './stamp.commands.js';
import type { StampEvent } from './stamp.events.js';
import { pickStamps, stampStatus } from './stamp.rules.js';
import { availableCount } from './stamp.state.js';
import { stampLedgerReport } from './stamp.report.js';

const given = deciderSpec(stampLedgerDecider);
const ROLL = aStampRollReceived(); // AB1000–AB1479

function errorOf(events: StampEvent[], command: StampCommand): DomainError {
  try {
    stampLedgerDecider.decide(command, fold(stampLedgerDecider, events));
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the command was accepted');
}

describe('Stamp statuses beyond destroyed', () => {
  describe('the setting', () => {
    it('is required: with extendedStampStatuses off a status is refused (403) and nothing is recorded', () => {
      const error = errorOf([ROLL], aRecordStampStatus({ enabled: false }));
      expect(error.kind).toBe('forbidden');
      expect(error.message).toBe(
        'Lost, stolen, voided and returned stamps are not switched on for your company. The owner can switch them on in Settings, under TABC compliance.',
      );
    });

    it('is required for a replacement too', () =>
      expect(
        errorOf(
          [ROLL, aStampsDestroyed({ from: 1005, to: 1005 })],
          aRecordStampReplacement(1005, 1006, { enabled: false }),
        ).kind,
      ).toBe('forbidden'));
  });

  describe('recording a status', () => {
    it.each(['lost', 'stolen', 'voided', 'returned_to_state'] as const)(
      'records stamps in stock as %s, with the note and who recorded it',
      (status) =>
        given([ROLL])
          .when(aRecordStampStatus({ status, from: 1005, to: 1009, note: '  Box 4 missing  ' }))
          .then([
            aStampsStatusRecorded(
              { from: 1005, to: 1009 },
              { status, note: 'Box 4 missing', recordedBy: RECORDER },
            ),
          ]),
    );

    it('numbers the records 1, 2, 3 … per company', () =>
      given([ROLL, aStampsStatusRecorded({ from: 1005, to: 1005 })])
        .when(aRecordStampStatus({ from: 1006, to: 1006, status: 'stolen' }))
        .then([aStampsStatusRecorded({ from: 1006, to: 1006 }, { recordId: 2, status: 'stolen' })]));

    it('takes the stamps out of stock: they are neither available nor allocated again', () => {
      const state = fold(stampLedgerDecider, [ROLL, aStampsStatusRecorded({ from: 1000, to: 1009 })]);
      expect(availableCount(state.rolls[0]!)).toBe(470);
      expect(pickStamps(state, 2)).toEqual([{ rollId: 1, prefix: 'AB', from: 1010, to: 1011 }]);
      expect(stampStatus(state, 'AB', 1003)?.status).toBe('LOST');
      expect(stampLedgerReport(state).totals.available).toBe(470);
      // An invoice asking for them by range is refused.
      expect(() =>
        stampLedgerDecider.decide(anAllocateStamps({ ranges: [{ rollId: 1, from: 1003, to: 1003 }] }), state),
      ).toThrow(DomainError);
    });

    it('lists them in the ledger report of an instant, by status (nothing added while there are none)', () => {
      expect(stampLedgerReport(fold(stampLedgerDecider, [ROLL])).rolls[0]).not.toHaveProperty('withdrawn');
      const report = stampLedgerReport(
        fold(stampLedgerDecider, [
          ROLL,
          aStampsStatusRecorded({ from: 1000, to: 1001 }),
          aStampsStatusRecorded({ from: 1002, to: 1002 }, { recordId: 2, status: 'stolen' }),
        ]),
      );
      expect(report.rolls[0]!.withdrawn).toEqual([
        { status: 'lost', from: 1000, to: 1001 },
        { status: 'stolen', from: 1002, to: 1002 },
      ]);
      expect(report.totals.available).toBe(477);
    });

    it('shows each status as its own word', () => {
      const state = fold(stampLedgerDecider, [
        ROLL,
        aStampsStatusRecorded({ from: 1000, to: 1000 }, { recordId: 1, status: 'lost' }),
        aStampsStatusRecorded({ from: 1001, to: 1001 }, { recordId: 2, status: 'stolen' }),
        aStampsStatusRecorded({ from: 1002, to: 1002 }, { recordId: 3, status: 'voided' }),
        aStampsStatusRecorded({ from: 1003, to: 1003 }, { recordId: 4, status: 'returned_to_state' }),
      ]);
      expect([1000, 1001, 1002, 1003, 1004].map((n) => stampStatus(state, 'AB', n)?.status)).toEqual([
        'LOST',
        'STOLEN',
        'VOIDED',
        'RETURNED',
        'AVAILABLE',
      ]);
    });

    it('requires a note', () => {
      const error = errorOf([ROLL], aRecordStampStatus({ note: '   ' }));
      expect(error.message).toBe('Please add a note saying what happened to the stamps.');
      expect(error.details).toEqual([{ field: 'note', message: error.message }]);
    });

    it('refuses a note over 500 characters', () =>
      given([ROLL])
        .when(aRecordStampStatus({ note: 'x'.repeat(501) }))
        .thenThrows('The note must be at most 500 characters.'));

    it('refuses an unknown status', () =>
      given([ROLL])
        .when(aRecordStampStatus({ status: 'misplaced' }))
        .thenThrows("Status must be 'lost', 'stolen', 'voided' or 'returned_to_state'."));

    it('refuses an unknown roll', () =>
      given([ROLL])
        .when(aRecordStampStatus({ rollId: 2 }))
        .thenThrows('No roll found'));

    it('refuses numbers outside the roll, and an end below the start', () => {
      given([ROLL])
        .when(aRecordStampStatus({ from: 990, to: 1000 }))
        .thenThrows('From and to must lie within the roll range AB1000-AB1479.');
      given([ROLL])
        .when(aRecordStampStatus({ from: 1010, to: 1005 }))
        .thenThrows('The end stamp number must not be below the start stamp number.');
    });

    it('refuses the whole range when a stamp of it is affixed, destroyed or has a status already (409)', () => {
      const events = [
        ROLL,
        aStampsAllocated({ from: 1002, to: 1003 }),
        aStampsDestroyed({ from: 1006, to: 1006 }),
        aStampsStatusRecorded({ from: 1008, to: 1008 }),
      ];
      const error = errorOf(events, aRecordStampStatus({ from: 1000, to: 1009, status: 'stolen' }));
      expect(error.kind).toBe('conflict');
      expect(error.message).toBe(
        'Only stamps in stock can be recorded stolen: AB1002-AB1003, AB1006, AB1008 are not available.',
      );
      expect(errorOf(events, aRecordStampStatus({ from: 1006, to: 1006 })).message).toBe(
        'Only stamps in stock can be recorded lost: AB1006 is not available.',
      );
    });
  });

  describe('replacements', () => {
    it('records a replacement with the status, for one stamp, in the same decision', () =>
      given([ROLL])
        .when(aRecordStampStatus({ status: 'voided', replacement: { prefix: 'ab', number: 1006 } }))
        .then([
          aStampsStatusRecorded({ from: 1005, to: 1005 }, { status: 'voided' }),
          aStampReplacementRecorded(1005, 1006, { originalStatus: 'voided', note: 'Fell behind the shelf' }),
        ]));

    it('cross-references both ways', () => {
      const state = fold(stampLedgerDecider, [
        ROLL,
        aStampsStatusRecorded({ from: 1005, to: 1005 }),
        aStampReplacementRecorded(1005, 1006),
      ]);
      expect(state.replacedBy).toEqual({ '1:1005': '1:1006' });
      expect(state.replaces).toEqual({ '1:1006': '1:1005' });
    });

    it('replaces a lost, stolen, voided or destroyed stamp by one in stock or affixed', () => {
      given([ROLL, aStampsDestroyed({ from: 1005, to: 1005 }), aStampsAllocated({ from: 1020, to: 1020 })])
        .when(aRecordStampReplacement(1005, 1020, { note: ' torn while affixing ' }))
        .then([
          aStampReplacementRecorded(1005, 1020, { originalStatus: 'destroyed', note: 'torn while affixing' }),
        ]);
      given([ROLL, aStampsStatusRecorded({ from: 1005, to: 1005 }, { status: 'stolen' })])
        .when(aRecordStampReplacement(1005, 1007))
        .then([aStampReplacementRecorded(1005, 1007, { originalStatus: 'stolen' })]);
    });

    it('refuses to replace a stamp in stock, affixed or returned to the state', () => {
      given([ROLL])
        .when(aRecordStampReplacement(1005, 1006))
        .thenThrows('Only a lost, stolen, voided or destroyed stamp can be replaced: AB1005 is available.');
      given([ROLL, aStampsAllocated({ from: 1005, to: 1005 })])
        .when(aRecordStampReplacement(1005, 1006))
        .thenThrows('Only a lost, stolen, voided or destroyed stamp can be replaced: AB1005 is affixed.');
      given([ROLL, aStampsStatusRecorded({ from: 1005, to: 1005 }, { status: 'returned_to_state' })])
        .when(aRecordStampReplacement(1005, 1006))
        .thenThrows(
          'Only a lost, stolen, voided or destroyed stamp can be replaced: AB1005 is returned to the state.',
        );
      given([ROLL])
        .when(
          aRecordStampStatus({ status: 'returned_to_state', replacement: { prefix: 'AB', number: 1006 } }),
        )
        .thenThrows(
          'Only a lost, stolen, voided or destroyed stamp can be replaced: AB1005 is returned to the state.',
        );
    });

    it("takes the replaced stamp's prefix when the replacement's is left out", () =>
      given([ROLL])
        .when(aRecordStampStatus({ status: 'stolen', replacement: { prefix: null, number: 1007 } }))
        .then([
          aStampsStatusRecorded({ from: 1005, to: 1005 }, { status: 'stolen' }),
          aStampReplacementRecorded(1005, 1007, { originalStatus: 'stolen', note: 'Fell behind the shelf' }),
        ]));

    it('replaces one stamp at a time', () =>
      given([ROLL])
        .when(aRecordStampStatus({ from: 1005, to: 1006, replacement: { prefix: 'AB', number: 1010 } }))
        .thenThrows('A replacement stands for one stamp: from and to must be the same number.'));

    it('refuses a replacement that is lost, destroyed… itself, unknown, or the stamp itself', () => {
      const events = [
        ROLL,
        aStampsStatusRecorded({ from: 1005, to: 1005 }),
        aStampsDestroyed({ from: 1006, to: 1006 }),
      ];
      given(events)
        .when(aRecordStampReplacement(1005, 1006))
        .thenThrows('AB1006 cannot replace another stamp: it is destroyed.');
      given(events).when(aRecordStampReplacement(1005, 1005)).thenThrows('A stamp cannot replace itself.');
      given(events).when(aRecordStampReplacement(1005, 5000)).thenThrows('No stamp AB5000 found');
      given(events)
        .when(aRecordStampReplacement(1001, 1007))
        .thenThrows('Only a lost, stolen, voided or destroyed stamp can be replaced: AB1001 is available.');
      given(events).when(aRecordStampReplacement(4000, 1007)).thenThrows('No stamp AB4000 found');
    });

    it('replaces a stamp once, and a replacement stands for one stamp only', () => {
      const events = [
        ROLL,
        aStampsStatusRecorded({ from: 1005, to: 1006 }),
        aStampReplacementRecorded(1005, 1010),
      ];
      given(events)
        .when(aRecordStampReplacement(1005, 1011))
        .thenThrows('AB1005 is already replaced by AB1010.');
      given(events).when(aRecordStampReplacement(1006, 1010)).thenThrows('AB1010 already replaces AB1005.');
    });

    it('keeps the time of the decision', () => {
      const [event] = stampLedgerDecider.decide(
        aRecordStampReplacement(1005, 1006),
        fold(stampLedgerDecider, [ROLL, aStampsStatusRecorded({ from: 1005, to: 1005 })]),
      );
      expect(event?.data).toMatchObject({ recordedAt: NOW });
    });
  });
});
