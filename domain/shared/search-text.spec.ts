import { searchText } from './search-text.js';

describe('searchText', () => {
  it('upper-cases and leaves out straight and curly apostrophes', () => {
    expect(searchText("Tito's Handmade")).toBe('TITOS HANDMADE');
    expect(searchText('TITO’S')).toBe('TITOS');
    expect(searchText('titos 750ml')).toBe('TITOS 750ML');
  });
});
