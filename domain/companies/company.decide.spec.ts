import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import type { CompanyCommand } from './company.commands.js';
import { companyDecider } from './company.decide.js';
import type { CompanyEvent } from './company.events.js';
import {
  aChooseDefaultLogo,
  aCompanyDetailsUpdated,
  aCompanyRegistered,
  aDeactivateFeature,
  aDefaultLogoChosen,
  aFeatureAccessRequested,
  aFeatureActivated,
  aFeatureDeactivated,
  aLogoAdded,
  aLogoRemoved,
  anActivateFeature,
  anAddLogo,
  anUpdateCompanyDetails,
  aRegisterCompany,
  aRemoveLogo,
  aRequestFeatureAccess,
  NOW,
} from './company.fixtures.js';

const given = deciderSpec(companyDecider);

/** The field problems a refused command lists (every broken field at once). */
function problems(events: CompanyEvent[], command: CompanyCommand) {
  try {
    companyDecider.decide(command, fold(companyDecider, events));
  } catch (error) {
    if (error instanceof DomainError) return error.details ?? [];
    throw error;
  }
  throw new Error('the command was accepted');
}

describe('Company', () => {
  describe('when not registered yet', () => {
    it('registers with the owner and the default time zone, America/Chicago', () =>
      given([]).when(aRegisterCompany()).then([aCompanyRegistered()]));

    it('trims the name', () =>
      given([])
        .when(aRegisterCompany({ name: '  Jane Doe ' }))
        .then([aCompanyRegistered()]));

    it('refuses an empty name', () =>
      given([])
        .when(aRegisterCompany({ name: '   ' }))
        .thenThrows('Company name is required.'));

    it('answers "not found" to any other command', () =>
      given([]).when(anUpdateCompanyDetails()).thenThrows('Company not found'));
  });

  describe('when registered', () => {
    it('refuses to register again', () =>
      given([aCompanyRegistered()])
        .when(aRegisterCompany())
        .thenThrows('This company is registered already.'));

    it("answers 'not found' to a user of another company", () =>
      given([aCompanyRegistered()])
        .when(anUpdateCompanyDetails({}, { companyId: 'co-2' }))
        .thenThrows('Company not found'));
  });

  describe('details', () => {
    it('keeps the defaults of every optional field left out: threshold 500, tax 8.25 %, first number 1', () =>
      given([aCompanyRegistered()]).when(anUpdateCompanyDetails()).then([aCompanyDetailsUpdated()]));

    it('trims the text, upper-cases the TABC id and lower-cases the subdomain', () =>
      given([aCompanyRegistered()])
        .when(
          anUpdateCompanyDetails({
            name: ' Lone Star Spirits ',
            tabcId: ' lp123456 ',
            subdomain: ' LoneStar ',
            city: 'Austin ',
          }),
        )
        .then([aCompanyDetailsUpdated({ subdomain: 'lonestar' })]));

    it('sets every optional field, the tax rate in hundredths of a percent', () =>
      given([aCompanyRegistered()])
        .when(
          anUpdateCompanyDetails({
            startingInvoiceNumber: 1001,
            stampThreshold: 5000,
            taxRate: 6.25,
            defaultInvoiceStatus: 'draft',
            defaultInvoiceNote: ' Thank you! ',
            showPrices: false,
            sortInvProducts: true,
            cashOnDelivery: true,
            hasFintech: true,
            fintechId: 'FT-1',
            timeZone: 'America/Denver',
          }),
        )
        .then([
          aCompanyDetailsUpdated({
            startingInvoiceNumber: 1001,
            stampThreshold: 5000,
            taxRateBasisPoints: 625,
            defaultInvoiceStatus: 'draft',
            defaultInvoiceNote: 'Thank you!',
            showPrices: false,
            sortInvProducts: true,
            cashOnDelivery: true,
            hasFintech: true,
            fintechId: 'FT-1',
            timeZone: 'America/Denver',
          }),
        ]));

    it('accepts the bounds: tax rate 0 and 100, threshold 1, an empty default note', () =>
      given([aCompanyRegistered()])
        .when(anUpdateCompanyDetails({ taxRate: 0, stampThreshold: 1, defaultInvoiceNote: '' }))
        .then([aCompanyDetailsUpdated({ taxRateBasisPoints: 0, stampThreshold: 1 })]));

    it('records nothing when nothing changed', () =>
      given([aCompanyRegistered(), aCompanyDetailsUpdated()]).when(anUpdateCompanyDetails()).then([]));

    it('refuses each missing required field with its message, all at once', () =>
      expect(
        problems(
          [aCompanyRegistered()],
          anUpdateCompanyDetails({ name: ' ', address: '', city: '', state: '', zip: '', tabcId: '' }),
        ),
      ).toEqual([
        { field: 'name', message: 'Company name is required.' },
        { field: 'address', message: 'Address is required.' },
        { field: 'city', message: 'City is required.' },
        { field: 'state', message: 'State is required.' },
        { field: 'zip', message: 'Zip is required.' },
        { field: 'tabc_id', message: 'TABC ID is required.' },
      ]));

    it.each([
      [
        'startingInvoiceNumber 0',
        { startingInvoiceNumber: 0 },
        'starting_invoice_number',
        'Starting invoice number must be a whole number of at least 1.',
      ],
      [
        'startingInvoiceNumber 1.5',
        { startingInvoiceNumber: 1.5 },
        'starting_invoice_number',
        'Starting invoice number must be a whole number of at least 1.',
      ],
      [
        'stampThreshold 0',
        { stampThreshold: 0 },
        'stamp_threshold',
        'Stamp threshold must be a whole number from 1 to 5000.',
      ],
      [
        'stampThreshold 5001',
        { stampThreshold: 5001 },
        'stamp_threshold',
        'Stamp threshold must be a whole number from 1 to 5000.',
      ],
      [
        'taxRate -0.01',
        { taxRate: -0.01 },
        'tax_rate',
        'Tax rate must be a number from 0 to 100 with at most 2 decimals.',
      ],
      [
        'taxRate 100.01',
        { taxRate: 100.01 },
        'tax_rate',
        'Tax rate must be a number from 0 to 100 with at most 2 decimals.',
      ],
      [
        'taxRate 8.255',
        { taxRate: 8.255 },
        'tax_rate',
        'Tax rate must be a number from 0 to 100 with at most 2 decimals.',
      ],
      [
        'defaultInvoiceStatus shipped',
        { defaultInvoiceStatus: 'shipped' },
        'default_invoice_status',
        'Default invoice status must be one of: cancelled, draft, invoiced, delivered, payment_due_soon, payment_due, paid, partially_paid.',
      ],
      [
        'subdomain Not a subdomain!',
        { subdomain: 'Not a subdomain!' },
        'subdomain',
        'Subdomain may contain only lowercase letters, digits and hyphens (3 to 63 characters).',
      ],
      [
        'timeZone Mars/Olympus',
        { timeZone: 'Mars/Olympus' },
        'time_zone',
        'Time zone must be a valid time zone, e.g. America/Chicago.',
      ],
      [
        'defaultInvoiceNote 2001 characters',
        { defaultInvoiceNote: 'x'.repeat(2001) },
        'default_invoice_note',
        'Default invoice note must be at most 2000 characters.',
      ],
    ])('refuses %s', (_, data, field, message) =>
      expect(problems([aCompanyRegistered()], anUpdateCompanyDetails(data))).toEqual([{ field, message }]),
    );

    it('requires a fintech id only while the company has fintech', () => {
      expect(
        problems([aCompanyRegistered()], anUpdateCompanyDetails({ hasFintech: true, fintechId: ' ' })),
      ).toEqual([{ field: 'fintech_id', message: "Fintech ID can't be empty while Fintech is enabled." }]);
      given([aCompanyRegistered()])
        .when(anUpdateCompanyDetails({ hasFintech: false, fintechId: '' }))
        .then([aCompanyDetailsUpdated()]);
    });

    it('requires a subdomain only while the order feature is active', () => {
      const orderOn = aFeatureActivated({ feature: 'order', by: 'provider' });
      expect(problems([aCompanyRegistered(), orderOn], anUpdateCompanyDetails())).toEqual([
        { field: 'subdomain', message: 'Subdomain is required while the Order feature is active.' },
      ]);
      given([aCompanyRegistered(), orderOn])
        .when(anUpdateCompanyDetails({ subdomain: 'lonestar' }))
        .then([aCompanyDetailsUpdated({ subdomain: 'lonestar' })]);
    });

    it('says the first broken field in the message', () =>
      given([aCompanyRegistered()])
        .when(anUpdateCompanyDetails({ zip: '' }))
        .thenThrows('Zip is required.'));
  });

  describe('features', () => {
    describe('a free feature never switched on', () => {
      it('is activated by a user', () =>
        given([aCompanyRegistered()]).when(anActivateFeature()).then([aFeatureActivated()]));

      it('does nothing when it is active already', () =>
        given([aCompanyRegistered(), aFeatureActivated()]).when(anActivateFeature()).then([]));

      it('needs no access request', () =>
        given([aCompanyRegistered()])
          .when(aRequestFeatureAccess({ feature: 'email' }))
          .thenThrows('This feature is free: you can activate it yourself.'));
    });

    describe('a feature a user switched off', () => {
      const history = [aCompanyRegistered(), aFeatureActivated(), aFeatureDeactivated()];

      it('is switched off by a user', () =>
        given([aCompanyRegistered(), aFeatureActivated()])
          .when(aDeactivateFeature())
          .then([aFeatureDeactivated()]));

      it('does nothing when switched off again', () => given(history).when(aDeactivateFeature()).then([]));

      it('cannot be switched on again by a user', () =>
        given(history)
          .when(anActivateFeature())
          .thenThrows(
            'This feature was switched off, so only the Stampline team can switch it on again. Please use Request Access.',
          ));

      it('takes an access request', () =>
        given(history)
          .when(aRequestFeatureAccess({ feature: 'payment' }))
          .then([aFeatureAccessRequested({ feature: 'payment' })]));

      it("is switched on again by the provider's team", () =>
        given(history)
          .when(anActivateFeature({ by: 'provider' }))
          .then([aFeatureActivated({ by: 'provider' })]));
    });

    describe('a paid feature', () => {
      it('cannot be activated by a user', () =>
        given([aCompanyRegistered()])
          .when(anActivateFeature({ feature: 'order' }))
          .thenThrows(
            "This feature is switched on by the Stampline team. Please use Request Access and we'll be in touch.",
          ));

      it('records an access request with who asked and when', () =>
        given([aCompanyRegistered()])
          .when(aRequestFeatureAccess())
          .then([
            {
              type: 'FeatureAccessRequested',
              data: { companyId: 'co-1', feature: 'order', requestedBy: 'u-1', requestedAt: NOW },
            },
          ]));

      it('records a second request only after the first was answered', () => {
        given([aCompanyRegistered(), aFeatureAccessRequested()]).when(aRequestFeatureAccess()).then([]);
        given([
          aCompanyRegistered(),
          aFeatureAccessRequested(),
          aFeatureActivated({ feature: 'order', by: 'provider' }),
          aFeatureDeactivated({ feature: 'order' }),
        ])
          .when(aRequestFeatureAccess())
          .then([aFeatureAccessRequested()]);
      });

      it('refuses a request while it is active', () =>
        given([aCompanyRegistered(), aFeatureActivated({ feature: 'order', by: 'provider' })])
          .when(aRequestFeatureAccess())
          .thenThrows('This feature is active already.'));

      it("is activated by the provider's team, with the ignore-pricing flag", () =>
        given([aCompanyRegistered()])
          .when(anActivateFeature({ feature: 'bottle_pos', by: 'provider', ignorePricing: true }))
          .then([aFeatureActivated({ feature: 'bottle_pos', by: 'provider', ignorePricing: true })]));

      it("changes only the flag when the provider's team activates it again with another", () => {
        const active = aFeatureActivated({ feature: 'bottle_pos', by: 'provider' });
        given([aCompanyRegistered(), active])
          .when(anActivateFeature({ feature: 'bottle_pos', by: 'provider' }))
          .then([]);
        given([aCompanyRegistered(), active])
          .when(anActivateFeature({ feature: 'bottle_pos', by: 'provider', ignorePricing: true }))
          .then([aFeatureActivated({ feature: 'bottle_pos', by: 'provider', ignorePricing: true })]);
      });

      it('is switched off by a user', () =>
        given([aCompanyRegistered(), aFeatureActivated({ feature: 'order', by: 'provider' })])
          .when(aDeactivateFeature({ feature: 'order' }))
          .then([aFeatureDeactivated({ feature: 'order' })]));
    });

    describe('AI recommendations (free; no feature is coming soon today)', () => {
      it('are switched on by a user', () =>
        given([aCompanyRegistered()])
          .when(anActivateFeature({ feature: 'ai' }))
          .then([aFeatureActivated({ feature: 'ai' })]));

      it('need no access request', () =>
        given([aCompanyRegistered()])
          .when(aRequestFeatureAccess({ feature: 'ai' }))
          .thenThrows('This feature is free: you can activate it yourself.'));
    });
  });

  describe('logos', () => {
    it('adds the first logo and makes it the default', () =>
      given([aCompanyRegistered()]).when(anAddLogo()).then([aLogoAdded(), aDefaultLogoChosen()]));

    it('adds a second logo and keeps the default', () =>
      given([aCompanyRegistered(), aLogoAdded(), aDefaultLogoChosen()])
        .when(anAddLogo({ logoId: 'logo-2', storageKey: 'k2' }))
        .then([aLogoAdded({ logoId: 'logo-2', storageKey: 'k2' })]));

    it('adds nothing twice (a retried upload)', () =>
      given([aCompanyRegistered(), aLogoAdded(), aDefaultLogoChosen()]).when(anAddLogo()).then([]));

    it('keeps at most 20 logos', () => {
      const twenty = Array.from({ length: 20 }, (_, i) => aLogoAdded({ logoId: `logo-${i}` }));
      given([aCompanyRegistered(), ...twenty])
        .when(anAddLogo({ logoId: 'logo-x' }))
        .thenThrows('A company can keep at most 20 logos. Please remove one before uploading another.');
    });

    it('chooses another logo as the default', () =>
      given([aCompanyRegistered(), aLogoAdded(), aDefaultLogoChosen(), aLogoAdded({ logoId: 'logo-2' })])
        .when(aChooseDefaultLogo({ logoId: 'logo-2' }))
        .then([aDefaultLogoChosen({ logoId: 'logo-2' })]));

    it('refuses an unknown or removed logo as the default', () => {
      given([aCompanyRegistered()]).when(aChooseDefaultLogo()).thenThrows('Logo not found');
      given([aCompanyRegistered(), aLogoAdded(), aLogoRemoved()])
        .when(aChooseDefaultLogo())
        .thenThrows('Logo not found');
    });

    it('removes a logo that is not the default', () =>
      given([aCompanyRegistered(), aLogoAdded(), aDefaultLogoChosen(), aLogoAdded({ logoId: 'logo-2' })])
        .when(aRemoveLogo({ logoId: 'logo-2' }))
        .then([aLogoRemoved({ logoId: 'logo-2' })]));

    it('hands the default to the newest remaining logo when the default is removed', () =>
      given([
        aCompanyRegistered(),
        aLogoAdded(),
        aDefaultLogoChosen(),
        aLogoAdded({ logoId: 'logo-2' }),
        aLogoAdded({ logoId: 'logo-3' }),
      ])
        .when(aRemoveLogo())
        .then([aLogoRemoved(), aDefaultLogoChosen({ logoId: 'logo-3' })]));

    it('leaves no default when the last logo is removed', () =>
      given([aCompanyRegistered(), aLogoAdded(), aDefaultLogoChosen()])
        .when(aRemoveLogo())
        .then([aLogoRemoved(), aDefaultLogoChosen({ logoId: null })]));

    it('refuses to remove a logo that is not there', () =>
      given([aCompanyRegistered(), aLogoAdded(), aLogoRemoved()])
        .when(aRemoveLogo())
        .thenThrows('Logo not found'));
  });
});
