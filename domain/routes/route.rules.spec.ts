import { suggestStopOrder, streetParts } from './route.rules.js';

describe('Suggested stop order', () => {
  it('reads the house number and the street', () => {
    expect(streetParts('1200 N Lamar Blvd, Austin')).toEqual({ street: 'n lamar blvd', number: 1200 });
    expect(streetParts('Market Square')).toEqual({
      street: 'market square',
      number: Number.POSITIVE_INFINITY,
    });
  });

  it('orders by ZIP, then street name, then house number', () => {
    expect(
      suggestStopOrder([
        { stopId: 'a', address: '500 Oak St', zip: '78702' },
        { stopId: 'b', address: '90 Elm St', zip: '78701' },
        { stopId: 'c', address: '12 Oak St', zip: '78702' },
        { stopId: 'd', address: '7 Ash Ave', zip: '78702' },
        { stopId: 'e', address: 'No number', zip: '' },
      ]),
    ).toEqual(['b', 'd', 'c', 'a', 'e']);
  });
});
