import { companyDecider } from '../companies/company.decide.js';
import {
  aCompanyDetailsUpdated,
  aCompanyRegistered,
  anUpdateCompanyDetails,
} from '../companies/company.fixtures.js';
import { customerDecider } from '../customers/customer.decide.js';
import {
  aCreateCustomer,
  aCustomerCreated,
  aCustomerUpdated,
  anUpdateCustomer,
} from '../customers/customer.fixtures.js';
import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import {
  defaultDueDate,
  defaultInvoiceNote,
  effectivePaymentTerms,
  invoiceDue,
  lateDueDateWarning,
  parsePaymentTerms,
  PAYMENT_TERMS_MESSAGE,
  paymentTermsLabel,
  paymentTermsNote,
} from './payment-terms.js';

const givenCompany = deciderSpec(companyDecider);
const givenCustomer = deciderSpec(customerDecider);

function problemsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.details ?? [];
    throw error;
  }
  throw new Error('the command was accepted');
}

describe('Payment terms', () => {
  describe('codes', () => {
    it("reads 'on_delivery', 'credit_law' and 'net_N' with N a whole number of days from 1 to 30", () => {
      expect(parsePaymentTerms('on_delivery')).toEqual({ kind: 'on_delivery' });
      expect(parsePaymentTerms('credit_law')).toEqual({ kind: 'credit_law' });
      expect(parsePaymentTerms('net_1')).toEqual({ kind: 'net', days: 1 });
      expect(parsePaymentTerms('Net_30')).toEqual({ kind: 'net', days: 30 });
      for (const bad of ['net_0', 'net_31', 'net_7.5', 'net_-3', 'net', 'cod', '', null, 30])
        expect(parsePaymentTerms(bad)).toBeNull();
    });

    it('reads as Due on delivery, Net N and Credit law', () => {
      expect(paymentTermsLabel('on_delivery')).toBe('Due on delivery');
      expect(paymentTermsLabel('net_14')).toBe('Net 14');
      expect(paymentTermsLabel('credit_law')).toBe('Credit law (statutory date)');
    });

    it("uses the customer's own terms, else the company's", () => {
      expect(effectivePaymentTerms('net_30', null)).toBe('net_30');
      expect(effectivePaymentTerms('net_30', 'credit_law')).toBe('credit_law');
      expect(effectivePaymentTerms(undefined, undefined)).toBe('on_delivery');
    });
  });

  describe('default due date and note', () => {
    it('is none on delivery, N days after the invoice date on Net N', () => {
      expect(defaultDueDate('on_delivery', '2026-11-30')).toBeNull();
      expect(defaultDueDate('net_30', '2026-11-30')).toBe('2026-12-30');
      expect(paymentTermsNote('on_delivery', '2026-11-30')).toBe('Due on delivery');
      expect(paymentTermsNote('net_30', '2026-11-30')).toBe('Net 30');
    });

    it('is the statutory date under the credit law: the 25th for the 1st–15th, the 10th of next month after', () => {
      expect(defaultDueDate('credit_law', '2026-11-30')).toBe('2026-12-10');
      expect(defaultDueDate('credit_law', '2026-12-15')).toBe('2026-12-25');
      expect(defaultDueDate('credit_law', '2026-12-16')).toBe('2027-01-10');
      expect(paymentTermsNote('credit_law', '2026-11-30')).toBe(
        'Payment due by the statutory date, 10 Dec 2026',
      );
    });

    it('is on delivery for beer under the credit law (beer is cash on or before delivery)', () => {
      expect(defaultDueDate('credit_law', '2026-11-30', true)).toBeNull();
      expect(paymentTermsNote('credit_law', '2026-11-30', true)).toBe('Due on delivery');
    });

    it("puts the terms before the company's own note", () => {
      expect(defaultInvoiceNote('Net 30', 'Thank you!')).toBe('Net 30. Thank you!');
      expect(defaultInvoiceNote('Due on delivery', '  ')).toBe('Due on delivery.');
    });
  });

  it('warns about a typed due date after the statutory date, not on or before it', () => {
    expect(lateDueDateWarning('2026-12-11', '2026-12-10')).toBe(
      'The Texas credit law wants liquor and wine paid by 10 Dec 2026: a due date after it does not give the customer more time.',
    );
    expect(lateDueDateWarning('2026-12-10', '2026-12-10')).toBeNull();
    expect(lateDueDateWarning(null, '2026-12-10')).toBeNull();
    expect(lateDueDateWarning('2026-12-30', null)).toBeNull();
  });

  describe("an invoice's due date and status (one computation for every screen)", () => {
    const liquorOnCredit = { status: 'payment_due_soon' as const, invoicedOn: '2026-11-02', creditLaw: true };

    it('never shows a due date after the statutory date: Net 30 from 2 Nov is due 25 Nov, and past due on 29 Nov', () => {
      expect(invoiceDue({ ...liquorOnCredit, dueOn: '2026-12-02' }, '2026-11-29')).toEqual({
        dueOn: '2026-11-25',
        onDelivery: false,
        statutoryDueOn: '2026-11-25',
        lastDayToPay: '2026-12-03',
        status: 'payment_due',
      });
    });

    it('keeps a typed date before the statutory date, and any date when the credit law does not apply', () => {
      expect(invoiceDue({ ...liquorOnCredit, dueOn: '2026-11-20' }, '2026-11-10').dueOn).toBe('2026-11-20');
      expect(
        invoiceDue({ ...liquorOnCredit, creditLaw: false, dueOn: '2026-12-02' }, '2026-11-10').dueOn,
      ).toBe('2026-12-02');
    });

    it("is 'Due on delivery' with no date or one today or tomorrow; a date already past shows as the date", () => {
      const open = { status: 'invoiced' as const, invoicedOn: '2026-11-20', creditLaw: false };
      expect(invoiceDue({ ...open, dueOn: null }, '2026-11-21').onDelivery).toBe(true);
      expect(invoiceDue({ ...open, dueOn: '2026-11-22' }, '2026-11-21').onDelivery).toBe(true);
      expect(invoiceDue({ ...open, dueOn: '2026-11-23' }, '2026-11-21').onDelivery).toBe(false);
      expect(invoiceDue({ ...open, dueOn: '2026-11-20' }, '2026-11-21')).toMatchObject({
        onDelivery: false,
        status: 'payment_due',
      });
    });

    it('turns an open invoice Due once its date has passed, and leaves paid ones alone', () => {
      const open = { status: 'delivered' as const, invoicedOn: '2026-11-20', creditLaw: false };
      expect(invoiceDue({ ...open, dueOn: '2026-12-08' }, '2026-12-09').status).toBe('payment_due');
      expect(invoiceDue({ ...open, dueOn: '2026-12-09' }, '2026-12-09').status).toBe('delivered');
      expect(invoiceDue({ ...open, status: 'paid', dueOn: '2026-11-25' }, '2026-12-09').status).toBe('paid');
      expect(
        invoiceDue({ ...open, status: 'partially_paid', dueOn: '2026-11-25' }, '2026-12-09').status,
      ).toBe('partially_paid');
    });
  });

  describe('as a company setting', () => {
    it('is Due on delivery for a new company', () => {
      const company = fold(companyDecider, [aCompanyRegistered()]);
      expect(company.status === 'registered' && company.details.paymentTerms).toBe('on_delivery');
    });

    it('is recorded with the settings, as its code', () =>
      givenCompany([aCompanyRegistered()])
        .when(anUpdateCompanyDetails({ paymentTerms: 'Net_30' }))
        .then([aCompanyDetailsUpdated({ paymentTerms: 'net_30' })]));

    it('is kept by a save that leaves it out', () =>
      givenCompany([aCompanyRegistered(), aCompanyDetailsUpdated({ paymentTerms: 'credit_law' })])
        .when(anUpdateCompanyDetails({ city: 'Round Rock' }))
        .then([aCompanyDetailsUpdated({ paymentTerms: 'credit_law', city: 'Round Rock' })]));

    it('reads as Due on delivery in settings saved before it existed (saving them again changes nothing)', () => {
      const { paymentTerms: _none, ...older } = aCompanyDetailsUpdated().data;
      return givenCompany([aCompanyRegistered(), { type: 'CompanyDetailsUpdated', data: older }])
        .when(anUpdateCompanyDetails())
        .then([]);
    });

    it('refuses terms it does not know, and Net outside 1–30 days', () => {
      for (const bad of ['net_0', 'net_45', 'soon'])
        expect(
          problemsOf(() =>
            companyDecider.decide(
              anUpdateCompanyDetails({ paymentTerms: bad }),
              fold(companyDecider, [aCompanyRegistered()]),
            ),
          ),
        ).toEqual([{ field: 'payment_terms', message: PAYMENT_TERMS_MESSAGE }]);
    });
  });

  describe('as a customer override', () => {
    it("is none by default: the customer follows the company's terms", () =>
      givenCustomer([])
        .when(aCreateCustomer())
        .then([aCustomerCreated({ paymentTerms: null })]));

    it('is recorded on create and on edit, and cleared when sent empty', () => {
      givenCustomer([])
        .when(aCreateCustomer({ paymentTerms: 'net_14' }))
        .then([aCustomerCreated({ paymentTerms: 'net_14' })]);
      givenCustomer([aCustomerCreated({ paymentTerms: 'net_14' })])
        .when(anUpdateCustomer({ paymentTerms: '' }))
        .then([aCustomerUpdated({ paymentTerms: null })]);
    });

    it('is kept by an edit that leaves it out', () =>
      givenCustomer([aCustomerCreated({ paymentTerms: 'credit_law' })])
        .when(anUpdateCustomer({ city: 'Round Rock' }))
        .then([aCustomerUpdated({ paymentTerms: 'credit_law', city: 'Round Rock' })]));

    it('refuses terms it does not know', () =>
      expect(
        problemsOf(() =>
          customerDecider.decide(aCreateCustomer({ paymentTerms: 'net_90' }), { status: 'none' }),
        ),
      ).toEqual([{ field: 'payment_terms', message: PAYMENT_TERMS_MESSAGE }]));
  });
});
