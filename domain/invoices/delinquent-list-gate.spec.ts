import {
  delinquentDeliveryRefusal,
  delinquentSaleRefusal,
  liquorOrWineBottles,
  listingInEffect,
  type DelinquentOverride,
  type GateJudgement,
} from './delinquent-list-gate.js';

const ZONE = 'America/Chicago'; // December: UTC−6
const listing = { permit: 'MB123456', effectiveOn: '2026-12-04', listNumber: '2026-24' };
const onCredit = { beer: false, cashOnDelivery: false, lineTypes: ['LIQUOR' as const] };
/** A Chicago wall-clock time on a December day, as the instant the clock gives. */
const at = (day: string, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return new Date(Date.parse(`${day}T00:00:00Z`) + ((h! + 6) * 60 + m!) * 60_000).toISOString();
};
const judged = (now: string, more: Partial<GateJudgement> = {}): GateJudgement => ({
  listing,
  overrides: [],
  now,
  timeZone: ZONE,
  ...more,
});
const anOverride = (more: Partial<DelinquentOverride> = {}): DelinquentOverride => ({
  reason: 'bankruptcy_exemption',
  note: 'Chapter 11, case 26-12345',
  permit: 'MB123456',
  listingEffectiveOn: '2026-12-04',
  recordedBy: { userId: 'u-1', name: 'Olive Owner' },
  recordedAt: at('2026-12-03', '10:00'),
  ...more,
});

describe('Credit-law delinquent list gate', () => {
  describe('given a listing effective on 2026-12-04', () => {
    it('takes effect at 12:01 a.m. of that day in the company time zone, not a minute before', () => {
      expect(listingInEffect('2026-12-04', at('2026-12-03', '23:59'), ZONE)).toBe(false);
      expect(listingInEffect('2026-12-04', at('2026-12-04', '00:00'), ZONE)).toBe(false);
      expect(listingInEffect('2026-12-04', at('2026-12-04', '00:01'), ZONE)).toBe(true);
      expect(listingInEffect('2026-12-04', at('2026-12-09', '08:00'), ZONE)).toBe(true);
      expect(listingInEffect(null, at('2020-01-01', '08:00'), ZONE)).toBe(true);
    });

    describe('when a liquor or wine invoice on credit is made', () => {
      it('allows it at 11:59 p.m. the day before', () =>
        expect(delinquentSaleRefusal(onCredit, judged(at('2026-12-03', '23:59')))).toBeNull());

      it('refuses it at 12:01 a.m., saying why and until when', () =>
        expect(
          delinquentSaleRefusal(
            onCredit,
            judged(at('2026-12-04', '00:01'), { formatDate: () => 'Dec 4, 2026' }),
          ),
        ).toBe(
          'This customer (MB123456) is on the TABC credit-law delinquent list since 12:01 a.m. on Dec 4, 2026 (list 2026-24): no liquor or wine may be sold to it on credit until TABC removes it from the list. Sell it cash on delivery, or, if it is exempt, the owner can record an override on the customer.',
        ));

      it('refuses wine as liquor, and keeps refusing on later days', () =>
        expect(
          delinquentSaleRefusal({ ...onCredit, lineTypes: ['WINE'] }, judged(at('2027-01-15', '12:00'))),
        ).toContain('until TABC removes it from the list'));
    });

    describe('when the sale is not on credit', () => {
      it('allows cash on delivery, beer and goods that are not liquor or wine', () => {
        const now = judged(at('2026-12-05', '09:00'));
        expect(delinquentSaleRefusal({ ...onCredit, cashOnDelivery: true }, now)).toBeNull();
        expect(delinquentSaleRefusal({ ...onCredit, beer: true, lineTypes: ['BEER'] }, now)).toBeNull();
        expect(delinquentSaleRefusal({ ...onCredit, lineTypes: ['N/A'] }, now)).toBeNull();
      });
    });

    describe('when the owner recorded an override', () => {
      it('allows the sale for that very listing', () =>
        expect(
          delinquentSaleRefusal(onCredit, judged(at('2026-12-05', '09:00'), { overrides: [anOverride()] })),
        ).toBeNull());

      it('does not carry it to a later listing of the same retailer', () =>
        expect(
          delinquentSaleRefusal(
            onCredit,
            judged(at('2027-02-05', '09:00'), {
              listing: { ...listing, effectiveOn: '2027-02-01' },
              overrides: [anOverride()],
            }),
          ),
        ).not.toBeNull());
    });

    it('allows everything to a retailer not listed', () =>
      expect(
        delinquentSaleRefusal(onCredit, judged(at('2026-12-05', '09:00'), { listing: null })),
      ).toBeNull());
  });

  describe('given a delivery of a liquor invoice on credit to a retailer listed from 2026-12-04', () => {
    const madeBefore = { ...onCredit, paidInFull: false, invoiceCreatedAt: at('2026-12-03', '16:00') };
    const madeOnTheDay = { ...madeBefore, invoiceCreatedAt: at('2026-12-04', '00:01') };

    it('delivers an invoice made before 12:01 a.m. until 1 p.m. on the effective day', () => {
      expect(delinquentDeliveryRefusal(madeBefore, judged(at('2026-12-04', '08:00')))).toBeNull();
      expect(delinquentDeliveryRefusal(madeBefore, judged(at('2026-12-04', '12:59')))).toBeNull();
    });

    it('refuses it from 1 p.m. on the effective day, and on the days after', () => {
      expect(delinquentDeliveryRefusal(madeBefore, judged(at('2026-12-04', '13:00')))).toContain(
        'may not be delivered to it until TABC removes it from the list',
      );
      expect(delinquentDeliveryRefusal(madeBefore, judged(at('2026-12-05', '08:00')))).not.toBeNull();
    });

    it('never delivers in the morning window an invoice made after the listing took effect', () =>
      expect(delinquentDeliveryRefusal(madeOnTheDay, judged(at('2026-12-04', '08:00')))).not.toBeNull());

    it('delivers it when paid in full (before or at the delivery) or cash on delivery', () => {
      const late = judged(at('2026-12-06', '15:00'));
      expect(delinquentDeliveryRefusal({ ...madeBefore, paidInFull: true }, late)).toBeNull();
      expect(delinquentDeliveryRefusal({ ...madeBefore, cashOnDelivery: true }, late)).toBeNull();
    });

    it('delivers anything the day before the listing', () =>
      expect(delinquentDeliveryRefusal(madeBefore, judged(at('2026-12-03', '23:59')))).toBeNull());

    it('delivers under an override of that listing', () =>
      expect(
        delinquentDeliveryRefusal(
          madeOnTheDay,
          judged(at('2026-12-06', '15:00'), { overrides: [anOverride()] }),
        ),
      ).toBeNull());
  });

  it('counts the bottles of liquor and wine an edit or a replacement would sell', () =>
    expect(
      liquorOrWineBottles([
        { type: 'LIQUOR', qty: 2 },
        { type: 'WINE', qty: 3 },
        { type: 'N/A', qty: 9 },
      ]),
    ).toBe(5));
});
