import { recommend } from './recommendations.js';

const TODAY = '2026-11-25';

describe('recommendations', () => {
  it("ranks the customer's own products by how often it buys them, saying which are due and which are usual", () => {
    const result = recommend(
      TODAY,
      [
        { productId: 'gin', days: ['2026-11-01', '2026-11-11', '2026-11-21', '2026-10-22'] }, // 4 days, last 4 ago
        { productId: 'beer', days: ['2026-10-12', '2026-10-26', '2026-11-09'] }, // every 14 days, last 16 ago
        { productId: 'wine', days: ['2026-09-01', '2026-10-01', '2026-10-31'] }, // every 30, last 25 ago (83 %)
        { productId: 'rum', days: ['2026-11-20'] }, // once: no rhythm
      ],
      undefined,
    );
    expect(result).toEqual([
      { productId: 'gin', kind: 'usual', reason: 'on 4 of its 11 invoice days, last 4 days ago' },
      // as often as wine, and bought more recently
      { productId: 'beer', kind: 'reorder', reason: 'bought every ~14 days, last 16 days ago' },
      { productId: 'wine', kind: 'reorder', reason: 'bought every ~30 days, last 25 days ago' },
      { productId: 'rum', kind: 'usual', reason: 'on 1 of its 11 invoice days, last 5 days ago' },
    ]);
  });

  it('counts a day once, however many lines had the product that day', () => {
    expect(recommend(TODAY, [{ productId: 'a', days: ['2026-11-24', '2026-11-24'] }], undefined)).toEqual([
      { productId: 'a', kind: 'usual', reason: 'on 1 of its 1 invoice days, last 1 day ago' },
    ]);
  });

  it("recommends what the customer's peers buy and it does not, with enough of them", () => {
    const result = recommend(TODAY, [{ productId: 'beer', days: ['2026-11-20'] }], {
      anchorName: 'SHINER BOCK',
      peerCount: 9,
      candidates: [
        { productId: 'wine', buyers: 7 },
        { productId: 'beer', buyers: 9 }, // bought already
        { productId: 'gin', buyers: 2 }, // 2 of 9: under 30 %
        { productId: 'rum', buyers: 3 },
      ],
    });
    expect(result).toEqual([
      { productId: 'beer', kind: 'usual', reason: 'on 1 of its 1 invoice days, last 5 days ago' },
      { productId: 'wine', kind: 'similar', reason: 'bought by 7 of 9 customers who buy SHINER BOCK' },
      { productId: 'rum', kind: 'similar', reason: 'bought by 3 of 9 customers who buy SHINER BOCK' },
    ]);
  });

  it("shows five of the customer's own products, then at most two of its peers'", () => {
    const history = ['a', 'b', 'c', 'd', 'e', 'f'].map((productId, i) => ({
      productId,
      days: ['2026-10-01', '2026-10-11', '2026-10-21'].slice(0, 3 - Math.floor(i / 2)),
    }));
    const peers = {
      anchorName: 'A',
      peerCount: 4,
      candidates: ['x', 'y', 'z'].map((productId) => ({ productId, buyers: 4 })),
    };
    expect(recommend(TODAY, history, peers).map((r) => r.productId)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'x',
      'y',
    ]);
    expect(recommend(TODAY, history, undefined).map((r) => r.productId)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(recommend(TODAY, [], undefined)).toEqual([]);
  });

  it('says one day, not one days', () => {
    const [only] = recommend(TODAY, [{ productId: 'a', days: ['2026-11-23', '2026-11-24'] }], undefined);
    expect(only!.reason).toBe('bought every ~1 day, last 1 day ago');
  });
});
