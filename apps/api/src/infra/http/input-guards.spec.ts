import {
  bodyProblem,
  CONTROL_IN_URL,
  MALFORMED_URL,
  NUL_IN_BODY,
  TOO_DEEP,
  urlProblem,
} from './input-guards.js';

describe('Input guards', () => {
  it('refuses a control character anywhere in the decoded path or query', () => {
    expect(urlProblem('/api/v1/invoice/%00')).toBe(CONTROL_IN_URL);
    expect(urlProblem('/api/v1/invoice/%00/document')).toBe(CONTROL_IN_URL);
    expect(urlProblem('/api/v1/customer?search=a%0Ab')).toBe(CONTROL_IN_URL);
    expect(urlProblem('/api/v1/customer?a%7F=1')).toBe(CONTROL_IN_URL);
  });

  it('refuses broken percent-encoding', () => {
    expect(urlProblem('/api/v1/invoice/%E0%A4%A')).toBe(MALFORMED_URL);
    expect(urlProblem('/api/v1/customer?search=%')).toBe(MALFORMED_URL);
  });

  it('takes ordinary addresses, right-to-left text and encoded slashes', () => {
    expect(urlProblem('/api/v1/invoice/345B')).toBeUndefined();
    expect(urlProblem('/api/v1/customer?search=Rusty+Nail&limit=10')).toBeUndefined();
    expect(urlProblem(`/api/v1/customer?search=${encodeURIComponent('مرحبا \u202E')}`)).toBeUndefined();
    expect(urlProblem('/api/v1/invoice/..%2f..%2fetc')).toBeUndefined(); // a 404 of its route, not a guard's
  });

  it('names the field of a NUL in a JSON body, keys included', () => {
    expect(bodyProblem({ items: [{ note: 'a\u0000b' }] })).toEqual({
      message: NUL_IN_BODY,
      field: 'items.0.note',
    });
    expect(bodyProblem({ 'a\u0000': 1 })).toEqual({ message: NUL_IN_BODY, field: 'a\u0000' });
    expect(bodyProblem('\u0000')).toEqual({ message: NUL_IN_BODY, field: 'body' });
    expect(bodyProblem({ note: 'line\nbreak\ttab', qty: 2, items: [null] })).toBeUndefined();
  });

  it('refuses a body nested deeper than 32 levels', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`);
    expect(bodyProblem(deep)).toEqual({ message: TOO_DEEP });
    const fine = JSON.parse(`${'{"a":'.repeat(10)}1${'}'.repeat(10)}`);
    expect(bodyProblem(fine)).toBeUndefined();
  });
});
