import {
  statementOf,
  type CreditMemoDocument,
  type CreditMemoVoidDocument,
  type InvoiceDocument,
  type PaymentDocument,
} from './statement.js';

const invoice = (
  id: string,
  date: string,
  totalCents: number,
  dueOn: string | null = null,
  cancelled = false,
): InvoiceDocument => ({ kind: 'invoice', id, date, reference: id, totalCents, cancelled, dueOn });

const payment = (
  id: string,
  date: string,
  amountCents: number,
  appliesTo: string,
  note = '',
): PaymentDocument => ({
  kind: 'payment',
  id,
  date,
  reference: appliesTo,
  amountCents,
  appliesTo,
  note,
});

const creditMemo = (
  id: string,
  date: string,
  amountCents: number,
  appliesTo: string,
): CreditMemoDocument => ({
  kind: 'credit_memo',
  id,
  date,
  reference: id,
  amountCents,
  appliesTo,
  invoiceReference: appliesTo,
});

const memoVoid = (
  id: string,
  date: string,
  amountCents: number,
  appliesTo: string,
): CreditMemoVoidDocument => ({
  kind: 'credit_memo_void',
  id,
  date,
  reference: id,
  amountCents,
  appliesTo,
  invoiceReference: appliesTo,
});

const JUNE = { from: '2026-06-01', to: '2026-06-30' };
const JULY = { from: '2026-07-01', to: '2026-07-31' };
const NONE = { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, unapplied_credit: 0 };

describe('customer statement', () => {
  it('carries forward what was owed before the period, and runs the balance through the period', () => {
    const statement = statementOf(
      [
        invoice('1001', '2026-05-20', 10_000, '2026-06-19'),
        payment('p1', '2026-05-25', 4_000, '1001'),
        invoice('1002', '2026-06-05', 2_500, '2026-07-05'),
        payment('p2', '2026-06-10', 6_000, '1001', 'check 4471'),
        invoice('1003', '2026-06-20', 1_083),
      ],
      JUNE,
      '2026-07-15',
    );
    expect(statement.openingCents).toBe(6_000);
    expect(statement.lines).toEqual([
      {
        kind: 'invoice',
        id: '1002',
        date: '2026-06-05',
        reference: '1002',
        description: 'Invoice 1002',
        chargeCents: 2_500,
        creditCents: 0,
        balanceCents: 8_500,
        dueOn: '2026-07-05',
        appliesTo: null,
      },
      {
        kind: 'payment',
        id: 'p2',
        date: '2026-06-10',
        reference: '1001',
        description: 'Payment on invoice 1001 · check 4471',
        chargeCents: 0,
        creditCents: 6_000,
        balanceCents: 2_500,
        dueOn: null,
        appliesTo: '1001',
      },
      {
        kind: 'invoice',
        id: '1003',
        date: '2026-06-20',
        reference: '1003',
        description: 'Invoice 1003',
        chargeCents: 1_083,
        creditCents: 0,
        balanceCents: 3_583,
        dueOn: null,
        appliesTo: null,
      },
    ]);
    expect(statement).toMatchObject({ chargesCents: 3_583, creditsCents: 6_000, closingCents: 3_583 });
    // Aged on the period's last day: 1002 is not yet due, 1003 (due on delivery, 20 June) is 10 days late.
    expect(statement.agingOn).toBe('2026-06-30');
    expect(statement.aging).toEqual({ ...NONE, current: 2_500, days_1_30: 1_083 });
  });

  it('ages what a partial payment leaves open, and ages to today while the period runs', () => {
    const statement = statementOf(
      [
        invoice('900', '2026-01-10', 5_000, '2026-02-09'),
        payment('p1', '2026-03-01', 1_250, '900'),
        invoice('950', '2026-04-15', 3_000, '2026-05-15'),
        invoice('990', '2026-06-02', 700, '2026-06-12'),
      ],
      JUNE,
      '2026-06-14',
    );
    expect(statement.openingCents).toBe(6_750);
    expect(statement.closingCents).toBe(7_450);
    expect(statement.agingOn).toBe('2026-06-14');
    // 900: due 9 Feb, 125 days late; 950: due 15 May, 30 days late; 990: due 12 June, 2 days late.
    expect(statement.aging).toEqual({ ...NONE, days_1_30: 3_700, days_over_90: 3_750 });
  });

  it('counts a payment after the period nowhere: neither in the rows nor in the aging', () => {
    const statement = statementOf(
      [invoice('1001', '2026-06-01', 10_000, '2026-06-01'), payment('p1', '2026-07-02', 10_000, '1001')],
      JUNE,
      '2026-07-15',
    );
    expect(statement.lines.map((line) => line.id)).toEqual(['1001']);
    expect(statement.closingCents).toBe(10_000);
    expect(statement.aging).toEqual({ ...NONE, days_1_30: 10_000 });
  });

  it('charges nothing for a cancelled invoice, and keeps its payments as the customer credit', () => {
    const statement = statementOf(
      [
        invoice('1001', '2026-06-03', 71_911, '2026-06-03', true),
        payment('p1', '2026-06-04', 30_000, '1001'),
        invoice('1002', '2026-06-08', 5_000, '2026-07-08'),
      ],
      JUNE,
      '2026-06-30',
    );
    expect(
      statement.lines.map(({ description, chargeCents, creditCents, balanceCents }) => ({
        description,
        chargeCents,
        creditCents,
        balanceCents,
      })),
    ).toEqual([
      { description: 'Invoice 1001 (cancelled)', chargeCents: 0, creditCents: 0, balanceCents: 0 },
      { description: 'Payment on invoice 1001', chargeCents: 0, creditCents: 30_000, balanceCents: -30_000 },
      { description: 'Invoice 1002', chargeCents: 5_000, creditCents: 0, balanceCents: -25_000 },
    ]);
    expect(statement.closingCents).toBe(-25_000);
    expect(statement.aging).toEqual({ ...NONE, current: 5_000, unapplied_credit: 30_000 });
  });

  it('puts the day’s invoice before the day’s payment, and a payment before the period in the opening balance', () => {
    const statement = statementOf(
      [
        payment('p1', '2026-06-01', 500, '7'),
        invoice('7', '2026-06-01', 500),
        payment('p0', '2026-05-31', 100, '7'),
      ],
      JUNE,
      '2026-06-30',
    );
    expect(statement.openingCents).toBe(-100);
    expect(statement.lines.map((line) => [line.id, line.balanceCents])).toEqual([
      ['7', 400],
      ['p1', -100],
    ]);
    // 600 paid on a 500 invoice: 100 more than it owes is credit on account.
    expect(statement.aging).toEqual({ ...NONE, unapplied_credit: 100 });
  });

  it('leaves documents dated after the period out, and an empty period closes on its opening balance', () => {
    const statement = statementOf(
      [invoice('1', '2026-05-01', 1_000, '2026-05-01'), invoice('2', '2026-07-01', 9_999)],
      JUNE,
      '2026-07-10',
    );
    expect(statement).toMatchObject({ openingCents: 1_000, lines: [], closingCents: 1_000 });
    // Due 1 May, aged on 30 June: 60 days late.
    expect(statement.aging).toEqual({ ...NONE, days_31_60: 1_000 });
  });

  it('buckets by days past due on the aging day: current, 1–30, 31–60, 61–90, over 90', () => {
    const statement = statementOf(
      [
        invoice('a', '2026-06-01', 1, '2026-06-30'),
        invoice('b', '2026-05-01', 10, '2026-05-31'),
        invoice('c', '2026-04-01', 100, '2026-05-01'),
        invoice('d', '2026-03-01', 1_000, '2026-04-01'),
        invoice('e', '2026-03-01', 10_000, '2026-03-31'),
      ],
      JUNE,
      '2026-08-01',
    );
    expect(statement.aging).toEqual({
      current: 1,
      days_1_30: 10,
      days_31_60: 100,
      days_61_90: 1_000,
      days_over_90: 10_000,
      unapplied_credit: 0,
    });
  });

  it('takes a credit memo off the balance on its day, after the invoice it credits, and off that invoice in the aging', () => {
    const statement = statementOf(
      [
        invoice('1001', '2026-06-10', 10_000, '2026-06-20'),
        creditMemo('CM-1001', '2026-06-10', 2_165, '1001'),
        payment('p1', '2026-06-15', 5_000, '1001'),
      ],
      JUNE,
      '2026-07-01',
    );
    expect(
      statement.lines.map((line) => [line.reference, line.description, line.creditCents, line.balanceCents]),
    ).toEqual([
      ['1001', 'Invoice 1001', 0, 10_000],
      ['CM-1001', 'Credit memo CM-1001 on invoice 1001', 2_165, 7_835],
      ['1001', 'Payment on invoice 1001', 5_000, 2_835],
    ]);
    expect(statement.closingCents).toBe(2_835);
    expect(statement.aging).toEqual({ ...NONE, days_1_30: 2_835 });
  });

  it('keeps a memo voided later on its own day, and charges its void back to the invoice on the day of the void', () => {
    const documents = [
      invoice('1001', '2026-06-10', 10_000, '2026-07-20'),
      creditMemo('CM-1001', '2026-06-12', 2_000, '1001'),
      memoVoid('CM-1001', '2026-07-03', 2_000, '1001'),
    ];
    // June's statement, taken after the void, still shows the credit the customer had in June
    const june = statementOf(documents, JUNE, '2026-07-05');
    expect(june.lines.map((line) => [line.reference, line.creditCents, line.balanceCents])).toEqual([
      ['1001', 0, 10_000],
      ['CM-1001', 2_000, 8_000],
    ]);
    expect(june.closingCents).toBe(8_000);
    // July's: the void charges it back
    const july = statementOf(documents, JULY, '2026-07-05');
    expect(july.openingCents).toBe(8_000);
    expect(
      july.lines.map((line) => [line.description, line.chargeCents, line.creditCents, line.balanceCents]),
    ).toEqual([['Credit memo CM-1001 on invoice 1001 voided', 2_000, 0, 10_000]]);
    expect(july.closingCents).toBe(10_000);
    expect(july.aging).toEqual({ ...NONE, current: 10_000 });
  });

  it('keeps an application taken back to credit on its day, and ages the invoice as owing it again', () => {
    const statement = statementOf(
      [
        invoice('1001', '2026-06-01', 10_000, '2026-06-01'),
        invoice('1002', '2026-06-02', 20_000, '2026-06-02'),
        {
          kind: 'account_payment',
          id: 'pay-1',
          date: '2026-06-05',
          reference: 'Check 1042',
          amountCents: 30_000,
        },
        {
          kind: 'application',
          id: 's1',
          date: '2026-06-05',
          reference: '1001',
          amountCents: 10_000,
          appliesTo: '1001',
        },
        {
          kind: 'application',
          id: 's2',
          date: '2026-06-05',
          reference: '1002',
          amountCents: 20_000,
          appliesTo: '1002',
        },
        {
          kind: 'unapplication',
          id: 's2',
          date: '2026-06-09',
          reference: '1002',
          amountCents: 20_000,
          appliesTo: '1002',
        },
      ],
      JUNE,
      '2026-06-30',
    );
    expect(
      statement.lines
        .filter((line) => line.kind === 'unapplication')
        .map(({ description, chargeCents, creditCents, balanceCents, appliesTo }) => ({
          description,
          chargeCents,
          creditCents,
          balanceCents,
          appliesTo,
        })),
    ).toEqual([
      {
        description: 'Taken back to credit from invoice 1002: $200.00',
        chargeCents: 0,
        creditCents: 0,
        balanceCents: 0,
        appliesTo: '1002',
      },
    ]);
    expect(statement.closingCents).toBe(0);
    // 1002 (due 2 June) owes its $200 again, 28 days late; the $200 is unapplied credit again.
    expect(statement.aging).toEqual({ ...NONE, days_1_30: 20_000, unapplied_credit: 20_000 });
  });
});
