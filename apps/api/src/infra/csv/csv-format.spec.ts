import { csvLine } from './csv-format.js';

describe('csvLine', () => {
  it('defuses a text cell a spreadsheet would run as a formula', () => {
    expect(csvLine(['=SUM(A1)', '+1', '-2+3', '@cmd', 'plain'])).toBe("'=SUM(A1),'+1,'-2+3,'@cmd,plain\r\n");
  });

  it('writes a plain negative amount (a credit) as it is', () => {
    expect(csvLine(['-40.00', '-2', -2, '-0.5'])).toBe('-40.00,-2,-2,-0.5\r\n');
  });
});
