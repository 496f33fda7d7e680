import { reviseInvoice } from './invoice.decide.js';
import {
  aCreate,
  aDraft,
  aRevise,
  aWorld,
  create,
  heldOf,
  invoiceOf,
  ledgerOf,
  liquor,
  revisionStates,
  wine,
  type World,
} from './invoice.fixtures.js';
import { lineStamps, stampCaseSizeOf, stampsNeeded } from './invoice.rules.js';
import type { LiveInvoice } from './invoice.state.js';
import { holdingOf } from '../stamps/stamp.rules.js';

/** Cases of 375 mL or less may carry one stamp per case (a company setting, off by default). */
const pints = (qty: number, caseSize: number | null = 24, size = '375ML') =>
  liquor(qty, { productId: 'p-375', name: 'FIREBALL', size, caseSize });
const on = { smallFormatStamps: true };

const live = (world: World, id = 'inv-1') => invoiceOf(world, id) as LiveInvoice;
const stampsOf = (world: World, id = 'inv-1') =>
  holdingOf(ledgerOf(world), heldOf(world, id)).flatMap(({ stamps }) =>
    stamps.map(({ from, to }) => `${from}-${to}`),
  );
const countOf = (world: World, id = 'inv-1') =>
  holdingOf(ledgerOf(world), heldOf(world, id)).reduce(
    (sum, { stamps }) => sum + stamps.reduce((n, { from, to }) => n + to - from + 1, 0),
    0,
  );
function revise(world: World, command: ReturnType<typeof aRevise>) {
  const id = command.data.invoiceId;
  const decided = reviseInvoice(revisionStates(world, id), command);
  world.invoices[id] = [...(world.invoices[id] ?? []), ...decided.invoice];
  world.stamps.push(...decided.stamps);
  return decided;
}
const withSetting = (command: ReturnType<typeof aRevise>, smallFormatStamps: boolean) => ({
  ...command,
  data: { ...command.data, settings: { ...command.data.settings, smallFormatStamps } },
});

describe('Small-format stamps', () => {
  describe('the rules', () => {
    it('stamps a line per case only with the setting on, for liquor of 375 mL or less with a case of 2 or more', () => {
      const line = { type: 'LIQUOR' as const, size: '375ML', caseSize: 24 };
      expect(stampCaseSizeOf(line, false)).toBeUndefined();
      expect(stampCaseSizeOf(line, true)).toBe(24);
      expect(stampCaseSizeOf({ ...line, size: '200 ml' }, true)).toBe(24);
      expect(stampCaseSizeOf({ ...line, size: '50ml', caseSize: 120 }, true)).toBe(120);
      expect(stampCaseSizeOf({ ...line, size: '376ML' }, true)).toBeUndefined();
      expect(stampCaseSizeOf({ ...line, size: '750ML' }, true)).toBeUndefined();
      expect(stampCaseSizeOf({ ...line, size: '375' }, true)).toBeUndefined(); // no unit: unknown volume
      expect(stampCaseSizeOf({ ...line, caseSize: null }, true)).toBeUndefined();
      expect(stampCaseSizeOf({ ...line, caseSize: undefined }, true)).toBeUndefined();
      expect(stampCaseSizeOf({ ...line, caseSize: 1 }, true)).toBeUndefined();
      expect(stampCaseSizeOf({ ...line, type: 'WINE' }, true)).toBeUndefined();
    });

    it('takes one stamp per full case and one per loose bottle', () => {
      const stamps = (qty: number, stampCaseSize?: number) =>
        lineStamps({ type: 'LIQUOR', qty, ...(stampCaseSize ? { stampCaseSize } : {}) });
      expect(stamps(48, 24)).toBe(2);
      expect(stamps(24, 24)).toBe(1);
      expect(stamps(30, 24)).toBe(1 + 6);
      expect(stamps(23, 24)).toBe(23);
      expect(stamps(1, 24)).toBe(1);
      expect(stamps(0, 24)).toBe(0);
      expect(stamps(-24, 24)).toBe(0);
      expect(stamps(48)).toBe(48); // a line without a case size: one per bottle
    });

    it('counts a line of an invoice written before the rule one stamp per bottle', () => {
      expect(stampsNeeded([{ type: 'LIQUOR', qty: 48 }])).toBe(48);
    });
  });

  describe('with the setting off (the default)', () => {
    it('changes nothing: one stamp per bottle, and the line is not marked', () => {
      const world = aWorld();
      create(world, aCreate([aDraft({ lines: [pints(48)] })]));
      expect(countOf(world)).toBe(48);
      expect(live(world).lines[0]).not.toHaveProperty('stampCaseSize');
    });
  });

  describe('with the setting on', () => {
    it('allocates one stamp per case and records the case size on the line', () => {
      const world = aWorld();
      const { invoices } = create(world, aCreate([aDraft({ lines: [pints(48)] })], on));
      expect(stampsOf(world)).toEqual(['1000-1001']);
      expect(invoices[0]![0]!.data.lines[0]).toMatchObject({ qty: 48, stampCaseSize: 24 });
    });

    it('stamps loose bottles one each beside the cases, and other lines as before', () => {
      const world = aWorld();
      create(
        world,
        aCreate([aDraft({ lines: [liquor(2), pints(30), wine(6), pints(10, 24, '750ML')] })], on),
      );
      expect(countOf(world)).toBe(2 + (1 + 6) + 0 + 10);
      expect(live(world).lines.map((line) => line.stampCaseSize)).toEqual([
        undefined,
        24,
        undefined,
        undefined,
      ]);
    });

    it('stamps per bottle a small format without a case size, or whose size names no volume', () => {
      const world = aWorld();
      create(world, aCreate([aDraft({ lines: [pints(24, null), pints(24, 24, '375')] })], on));
      expect(countOf(world)).toBe(48);
    });

    it('refuses manual ranges short of the per-case count only', () => {
      const world = aWorld();
      create(
        world,
        aCreate([aDraft({ lines: [pints(48)], stampRanges: [{ rollId: 1, from: 1200, to: 1201 }] })], on),
      );
      expect(stampsOf(world)).toEqual(['1200-1201']);
    });
  });

  describe('editing an invoice stamped per case', () => {
    const created = () => {
      const world = aWorld();
      create(world, aCreate([aDraft({ lines: [pints(48)] })], on));
      return world;
    };

    it('allocates the shortfall when cases are added and releases the excess when removed', () => {
      const world = created();
      revise(world, withSetting(aRevise({ lines: [pints(72)] }), true));
      expect(stampsOf(world)).toEqual(['1000-1002']);
      revise(world, withSetting(aRevise({ lines: [pints(24)] }), true));
      expect(stampsOf(world)).toEqual(['1000-1000']);
    });

    it('releases every stamp when cancelled and takes the per-case count again when un-cancelled', () => {
      const world = created();
      revise(world, aRevise({ status: 'cancelled' }));
      expect(countOf(world)).toBe(0);
      revise(world, aRevise({ status: 'invoiced' })); // no lines sent: the lines keep how they were stamped
      expect(countOf(world)).toBe(2);
    });

    it('goes back to one stamp per bottle when its lines are saved with the setting off', () => {
      const world = created();
      revise(world, withSetting(aRevise({ lines: [pints(48)] }), false));
      expect(countOf(world)).toBe(48);
      expect(live(world).lines[0]).not.toHaveProperty('stampCaseSize');
    });

    it('a status change alone keeps the line as stamped, whatever the setting is now', () => {
      const world = created();
      revise(world, withSetting(aRevise({ status: 'delivered' }), false));
      expect(live(world).lines[0]!.stampCaseSize).toBe(24);
      expect(countOf(world)).toBe(2);
    });
  });
});
