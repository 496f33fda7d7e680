import { recommend } from './recommendations.js';

const TODAY = '2026-11-25';

describe('recommendations', () => {
  it('recommends a reorder once most of the usual interval has passed, most overdue first', () => {
    const result = recommend(
      TODAY,
      [
        { productId: 'beer', days: ['2026-10-12', '2026-10-26', '2026-11-09'] }, // every 14 days, last 16 ago
        { productId: 'wine', days: ['2026-09-01', '2026-10-01', '2026-10-31'] }, // every 30, last 25 ago (83 %)
        { productId: 'gin', days: ['2026-11-01', '2026-11-21'] }, // every 20, last 4 ago: not yet
        { productId: 'rum', days: ['2026-11-20'] }, // once: no rhythm
      ],
      undefined,
    );
    expect(result).toEqual([
      { productId: 'beer', kind: 'reorder', reason: 'bought every ~14 days, last 16 days ago' },
      { productId: 'wine', kind: 'reorder', reason: 'bought every ~30 days, last 25 days ago' },
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
      { productId: 'wine', kind: 'similar', reason: 'bought by 7 of 9 customers who buy SHINER BOCK' },
      { productId: 'rum', kind: 'similar', reason: 'bought by 3 of 9 customers who buy SHINER BOCK' },
    ]);
  });

  it('puts the own rhythm first and stops at five; nothing for a customer without history', () => {
    const history = ['a', 'b', 'c', 'd'].map((productId) => ({
      productId,
      days: ['2026-10-01', '2026-10-11'],
    }));
    const peers = {
      anchorName: 'A',
      peerCount: 4,
      candidates: ['x', 'y'].map((productId) => ({ productId, buyers: 4 })),
    };
    expect(recommend(TODAY, history, peers).map((r) => r.productId)).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(recommend(TODAY, [], undefined)).toEqual([]);
    expect(recommend(TODAY, [{ productId: 'a', days: ['2026-11-24', '2026-11-24'] }], undefined)).toEqual([]);
  });

  it('says one day, not one days', () => {
    const [only] = recommend(TODAY, [{ productId: 'a', days: ['2026-11-23', '2026-11-24'] }], undefined);
    expect(only!.reason).toBe('bought every ~1 day, last 1 day ago');
  });
});
