import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import type { CustomerCommand } from './customer.commands.js';
import { customerDecider } from './customer.decide.js';
import type { CustomerEvent } from './customer.events.js';
import {
  aCreateCustomer,
  aCustomerCreated,
  aCustomerRemoved,
  aCustomerUpdated,
  anUpdateCustomer,
  aRemoveCustomer,
  customerFields,
} from './customer.fixtures.js';

const given = deciderSpec(customerDecider);

function problems(events: CustomerEvent[], command: CustomerCommand) {
  try {
    customerDecider.decide(command, fold(customerDecider, events));
  } catch (error) {
    if (error instanceof DomainError) return error.details ?? [];
    throw error;
  }
  throw new Error('the command was accepted');
}

describe('Customer', () => {
  describe('when new', () => {
    it('is created with state TX by default and the optional fields empty', () =>
      given([]).when(aCreateCustomer()).then([aCustomerCreated()]));

    it('trims the text and upper-cases the TABC id, state and licence type', () =>
      given([])
        .when(
          aCreateCustomer({
            name: ' The Rusty Nail ',
            tabcId: ' mb-123456 ',
            state: 'tx',
            contactName: '  ',
          }),
        )
        .then([aCustomerCreated({ tabcId: 'MB-123456' })]));

    it('builds the TABC id from licence type and AIMS id when both are given', () =>
      given([])
        .when(aCreateCustomer({ tabcId: '', aimsLicenseType: 'mb', aimsId: 1234567 }))
        .then([aCustomerCreated({ tabcId: 'MB1234567', aimsId: 1234567, aimsLicenseType: 'MB' })]));

    it('records every optional field', () =>
      given([])
        .when(
          aCreateCustomer({
            contactName: 'Rusty',
            contactEmail: 'rusty@example.test',
            contactPhone: '512-555-0100',
            cashOnDelivery: true,
            fintechOption: true,
            fintechId: 'FT-77',
            productPriceTierId: '6F1C0000-0000-4000-8000-000000000001',
            serviceStartOn: '2026-01-15',
            ydkEstId: 'est-9',
          }),
        )
        .then([
          aCustomerCreated({
            contactName: 'Rusty',
            contactEmail: 'rusty@example.test',
            contactPhone: '512-555-0100',
            cashOnDelivery: true,
            fintechOption: true,
            fintechId: 'FT-77',
            productPriceTierId: '6f1c0000-0000-4000-8000-000000000001',
            serviceStartOn: '2026-01-15',
            ydkEstId: 'est-9',
          }),
        ]));

    it('takes the flags as 0/1 too', () =>
      given([])
        .when(
          aCreateCustomer({
            cashOnDelivery: 1 as unknown as boolean,
            fintechOption: 0 as unknown as boolean,
          }),
        )
        .then([aCustomerCreated({ cashOnDelivery: true })]));

    it('refuses each missing required field with its message, all at once', () =>
      expect(
        problems(
          [],
          aCreateCustomer({
            name: '',
            address: ' ',
            city: '',
            state: '',
            zip: '',
            tabcId: '',
            cashOnDelivery: undefined as unknown as boolean,
            fintechOption: 'maybe' as unknown as boolean,
          }),
        ),
      ).toEqual([
        { field: 'name', message: 'Customer name is required.' },
        { field: 'address', message: 'Address is required.' },
        { field: 'city', message: 'City is required.' },
        { field: 'state', message: 'State is required.' },
        { field: 'zip', message: 'Zip is required.' },
        { field: 'tabc_id', message: 'TABC ID is required.' },
        { field: 'cash_on_delivery', message: 'Cash on delivery is required (yes or no).' },
        { field: 'fintech_option', message: 'Fintech option is required (yes or no).' },
      ]));

    it.each([
      [
        'a TABC id with one letter',
        { tabcId: 'M123456' },
        'tabc_id',
        'TABC ID must be two letters and six digits, e.g. MB123456 or MB-123456.',
      ],
      [
        'a newer AIMS number as the TABC id: said where it goes',
        { tabcId: 'mb2109876' },
        'tabc_id',
        'TABC ID must be two letters and six digits, e.g. MB123456 or MB-123456. A newer number such as ' +
          'MB2109876 goes in Licence Type (MB) and AIMS ID (2109876).',
      ],
      [
        'a TABC id with five digits',
        { tabcId: 'MB12345' },
        'tabc_id',
        'TABC ID must be two letters and six digits, e.g. MB123456 or MB-123456.',
      ],
      [
        'a contact e-mail without @',
        { contactEmail: 'rusty.example.test' },
        'contact_email',
        'Please insert a valid email address',
      ],
      ['a fractional AIMS id', { aimsId: 1.5 }, 'aims_id', 'AIMS ID must be a whole number.'],
      [
        'a licence type with a space',
        { aimsLicenseType: 'M B' },
        'aims_license_type',
        'Licence type must be letters, e.g. MB.',
      ],
      [
        'a price tier that is no id',
        { productPriceTierId: '7' },
        'product_price_tier_id',
        'Price tier must be the id of a price tier.',
      ],
      [
        'a service start that is no date',
        { serviceStartOn: '2026-02-30' },
        'service_start',
        'Service start must be a date (YYYY-MM-DD).',
      ],
      [
        'fintech on without an id',
        { fintechOption: true, fintechId: ' ' },
        'fintech_id',
        "Fintech ID can't be empty while Fintech Option is enabled",
      ],
    ])('refuses %s', (_, data, field, message) =>
      expect(problems([], aCreateCustomer(data))).toEqual([{ field, message }]),
    );

    it('accepts an e-mail without a top-level domain and a permit with a hyphen', () =>
      given([])
        .when(aCreateCustomer({ contactEmail: 'rusty@bar', tabcId: 'MB-123456' }))
        .then([aCustomerCreated({ contactEmail: 'rusty@bar', tabcId: 'MB-123456' })]));

    it('cannot be updated or removed', () => {
      given([])
        .when(anUpdateCustomer({ name: 'X' }))
        .thenThrows('Customer Not Found');
      given([]).when(aRemoveCustomer()).thenThrows('Customer Not Found');
    });
  });

  describe('when created', () => {
    it('refuses to be created twice', () =>
      given([aCustomerCreated()]).when(aCreateCustomer()).thenThrows('This customer exists already.'));

    it('records the fields after an edit, keeping the ones left out', () =>
      given([aCustomerCreated({ contactName: 'Rusty' })])
        .when(anUpdateCustomer({ name: 'Rusty Nail Bar', cashOnDelivery: true }))
        .then([
          aCustomerUpdated({
            ...customerFields({ name: 'Rusty Nail Bar', cashOnDelivery: true, contactName: 'Rusty' }),
          }),
        ]));

    it('clears an optional field sent empty', () =>
      given([aCustomerCreated({ contactName: 'Rusty' })])
        .when(anUpdateCustomer({ contactName: '' }))
        .then([aCustomerUpdated()]));

    it('records nothing when nothing changed', () =>
      given([aCustomerCreated()])
        .when(anUpdateCustomer({ name: 'The Rusty Nail' }))
        .then([]));

    it('checks the rules on an edit too', () =>
      given([aCustomerCreated()])
        .when(anUpdateCustomer({ zip: '' }))
        .thenThrows('Zip is required.'));

    it('is removed', () => given([aCustomerCreated()]).when(aRemoveCustomer()).then([aCustomerRemoved()]));

    it("is 'not found' for another company's users", () => {
      given([aCustomerCreated()])
        .when(anUpdateCustomer({ name: 'Mine now' }, { companyId: 'co-2' }))
        .thenThrows('Customer Not Found');
      given([aCustomerCreated()])
        .when(aRemoveCustomer({ companyId: 'co-2' }))
        .thenThrows('Customer Not Found');
      given([aCustomerCreated()])
        .when(aCreateCustomer({}, { companyId: 'co-2' }))
        .thenThrows('Customer Not Found');
    });
  });

  describe('Comptroller taxpayer number', () => {
    it('records its digits, dropping spaces and hyphens', () =>
      given([])
        .when(aCreateCustomer({ comptrollerTaxpayerNumber: ' 1-23-4567890-1 ' }))
        .then([aCustomerCreated({ comptrollerTaxpayerNumber: '12345678901' })]));

    it('refuses anything but 11 digits', () => {
      for (const bad of ['1234567890', '123456789012', '1234567890A'])
        expect(problems([], aCreateCustomer({ comptrollerTaxpayerNumber: bad }))).toEqual([
          {
            field: 'comptroller_taxpayer_number',
            message: 'Comptroller taxpayer number must be 11 digits.',
          },
        ]);
    });

    it('is added by an edit and cleared when sent empty', () =>
      given([aCustomerCreated()])
        .when(anUpdateCustomer({ comptrollerTaxpayerNumber: '32012345678' }))
        .then([aCustomerUpdated({ comptrollerTaxpayerNumber: '32012345678' })]));

    it('reads as none in a customer created before it existed (nothing changes on an edit that leaves it out)', () => {
      const { comptrollerTaxpayerNumber: _none, ...older } = aCustomerCreated().data;
      return given([{ type: 'CustomerCreated', data: older }])
        .when(anUpdateCustomer({ name: 'The Rusty Nail' }))
        .then([]);
    });

    it('is kept by an edit that leaves it out', () =>
      given([aCustomerCreated({ comptrollerTaxpayerNumber: '32012345678' })])
        .when(anUpdateCustomer({ city: 'Round Rock' }))
        .then([aCustomerUpdated({ comptrollerTaxpayerNumber: '32012345678', city: 'Round Rock' })]));
  });

  describe('when removed', () => {
    it('cannot be edited', () =>
      given([aCustomerCreated(), aCustomerRemoved()])
        .when(anUpdateCustomer({ name: 'Back' }))
        .thenThrows('Customer Not Found'));

    it('records nothing when removed again (a retried delete)', () =>
      given([aCustomerCreated(), aCustomerRemoved()]).when(aRemoveCustomer()).then([]));
  });

  describe('Comptroller taxpayer number from public data', () => {
    const fill = (number: string) => ({
      type: 'FillTaxpayerNumber' as const,
      data: { customerId: 'cu-1', comptrollerTaxpayerNumber: number },
      metadata: anUpdateCustomer().metadata,
    });

    it('fills an empty number through the customer update', () =>
      given([aCustomerCreated()])
        .when(fill('1-23-4567890-1'))
        .then([aCustomerUpdated({ comptrollerTaxpayerNumber: '12345678901' })]));

    it('never overwrites a number typed on the customer', () =>
      given([aCustomerCreated({ comptrollerTaxpayerNumber: '32012345678' })])
        .when(fill('12345678901'))
        .then([]));

    it('refuses a number that is not 11 digits', () =>
      expect(problems([aCustomerCreated()], fill('1234567890'))).toEqual([
        { field: 'comptroller_taxpayer_number', message: 'Comptroller taxpayer number must be 11 digits.' },
      ]));
  });

  describe('override of the credit-law delinquent list', () => {
    const listing = { permit: 'MB123456', effectiveOn: '2026-12-04', listNumber: '2026-24' };
    const record = (
      data: Partial<{ reason: string; note: string; listing: typeof listing | null }> = {},
    ) => ({
      type: 'RecordDelinquentOverride' as const,
      data: {
        customerId: 'cu-1',
        reason: 'bankruptcy_exemption',
        note: ' Chapter 11, case 26-12345 ',
        listing,
        recordedBy: { userId: 'u-1', name: 'Olive Owner' },
        ...data,
      },
      metadata: anUpdateCustomer().metadata,
    });

    it('records the owner override of the current listing with its reason, note, who and when', () =>
      given([aCustomerCreated()])
        .when(record())
        .then([
          {
            type: 'DelinquentOverrideRecorded',
            data: {
              customerId: 'cu-1',
              companyId: 'co-1',
              reason: 'bankruptcy_exemption',
              note: 'Chapter 11, case 26-12345',
              permit: 'MB123456',
              listingEffectiveOn: '2026-12-04',
              recordedBy: { userId: 'u-1', name: 'Olive Owner' },
              recordedAt: anUpdateCustomer().metadata.now,
            },
          },
        ]));

    it('takes a reason from the fixed list only, and a note', () =>
      expect(problems([aCustomerCreated()], record({ reason: 'good customer', note: ' ' }))).toEqual([
        { field: 'reason', message: 'Reason must be one of: bankruptcy_exemption, removed_by_tabc.' },
        { field: 'note', message: 'Note is required (at most 500 characters).' },
      ]));

    it('refuses an override for a customer the list does not name', () =>
      given([aCustomerCreated()])
        .when(record({ listing: null }))
        .thenThrows(
          'This customer is not on the imported TABC credit-law delinquent list: there is nothing to override.',
        ));

    it('keeps the overrides in the state through later updates', () => {
      const events = [
        aCustomerCreated(),
        ...customerDecider.decide(record(), fold(customerDecider, [aCustomerCreated()])),
        aCustomerUpdated({ city: 'Round Rock' }),
      ];
      const state = fold(customerDecider, events);
      expect(state.status === 'active' && state.delinquentOverrides?.map((o) => o.reason)).toEqual([
        'bankruptcy_exemption',
      ]);
    });
  });
});
