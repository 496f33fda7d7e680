import { containerMillilitres, isSmallFormat } from './container-size.js';

describe('Container size', () => {
  it.each([
    ['750ml', 750],
    ['750 ML', 750],
    ['1.75L', 1750],
    ['1 L', 1000],
    ['50 mL', 50],
    ['37.5cl', 375],
    ['12oz 6pk', 354.9],
    ['16.9 fl oz', 499.8],
    ['.5L', 500],
    ['375ML (24)', 375],
  ])('reads %s as %s mL', (size, ml) => expect(containerMillilitres(size)).toBe(ml));

  it.each(['375', 'pint', '', '6pk', 'ml', '0ml', '12 lbs'])('reads %j as unknown', (size) =>
    expect(containerMillilitres(size)).toBeNull(),
  );

  it('makes 375 mL and less a small format, never an unknown size', () => {
    expect(isSmallFormat('375ml')).toBe(true);
    expect(isSmallFormat('200 ML')).toBe(true);
    expect(isSmallFormat('50ml')).toBe(true);
    expect(isSmallFormat('12oz')).toBe(true);
    expect(isSmallFormat('376ml')).toBe(false);
    expect(isSmallFormat('750ml')).toBe(false);
    expect(isSmallFormat('375')).toBe(false);
  });
});
