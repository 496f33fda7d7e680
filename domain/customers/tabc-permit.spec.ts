import { builtTabcId, displayTabcId, licenceExpiry, permitKey, TABC_PERMIT_PATTERN } from './tabc-permit.js';

describe('TABC permits', () => {
  it('match two letters, an optional hyphen and six digits', () => {
    expect(['MB123456', 'mb-123456', 'BG-000001'].every((code) => TABC_PERMIT_PATTERN.test(code))).toBe(true);
    expect(
      ['M123456', 'MB12345', 'MB1234567', 'MB--123456', '12345678'].some((code) =>
        TABC_PERMIT_PATTERN.test(code),
      ),
    ).toBe(false);
  });

  it('compare without case, hyphens or spaces', () => expect(permitKey(' mb-123 456')).toBe('MB123456'));

  it('are built from licence type and AIMS id only when both are given and the id is at least 1', () => {
    expect(builtTabcId('mb', 1234567)).toBe('MB1234567');
    expect(builtTabcId('MB', 0)).toBeNull();
    expect(builtTabcId('', 1234567)).toBeNull();
    expect(builtTabcId('MB', null)).toBeNull();
  });

  it('display licence type + AIMS id when the AIMS id is at least 1, otherwise the stored id', () => {
    expect(displayTabcId({ tabcId: 'MB123456', aimsId: 1234567, aimsLicenseType: 'MB' })).toBe('MB1234567');
    expect(displayTabcId({ tabcId: 'MB123456', aimsId: null, aimsLicenseType: 'MB' })).toBe('MB123456');
    expect(displayTabcId({ tabcId: 'MB123456', aimsId: 0, aimsLicenseType: 'MB' })).toBe('MB123456');
  });
});

describe('Licence expiry', () => {
  const today = '2026-11-22';

  it('is unknown without an expiration date', () =>
    expect(licenceExpiry(null, today)).toEqual({
      expiration_date: null,
      isExpired: false,
      expiringInDays: null,
      isExpiringSoon: false,
    }));

  it('is expired from the day after the expiration date', () => {
    expect(licenceExpiry('2026-11-21', today)).toEqual({
      expiration_date: '2026-11-21',
      isExpired: true,
      expiringInDays: -1,
      isExpiringSoon: false,
    });
    expect(licenceExpiry('2026-11-22', today)).toMatchObject({
      isExpired: false,
      expiringInDays: 0,
      isExpiringSoon: true,
    });
  });

  it('is expiring soon under 30 days ahead, not at 30', () => {
    expect(licenceExpiry('2026-12-21', today)).toMatchObject({ expiringInDays: 29, isExpiringSoon: true });
    expect(licenceExpiry('2026-12-22', today)).toMatchObject({ expiringInDays: 30, isExpiringSoon: false });
  });
});
