import { containerMillilitres } from '../products/container-size.js';
import type { MissingDataKind } from './alcohol-sales-report.js';
import {
  RITS_FIELDS,
  RITS_WIDTH,
  ritsText,
  ritsZip,
  type RitsFieldName,
  type RitsRecord,
} from './rits-file.js';

/** One thing to fill (or to know) before filing, named by the RITS field it affects. */
export interface RitsProblem {
  kind: MissingDataKind;
  /** The customer's or product's id; the company's for the seller's permit. */
  id: string;
  /** The customer's or product's name. */
  name: string;
  /** The RITS field it affects, as the screen names it. */
  field: string;
  message: string;
}

const LABEL = Object.fromEntries(RITS_FIELDS.map((f) => [f.name, f.label])) as Record<RitsFieldName, string>;

const missing = (name: RitsFieldName) => `${LABEL[name]} is empty in the file.`;
const tooLong = (name: RitsFieldName) =>
  `${LABEL[name]} is longer than ${RITS_WIDTH[name]} characters: the file keeps the first ${RITS_WIDTH[name]}.`;

/** Empty, or cut to its width: the problem of one free-text field, if any. */
function textProblem(value: string, name: RitsFieldName): string | null {
  const text = ritsText(value);
  if (text === '') return missing(name);
  if (text.length > RITS_WIDTH[name]) return tooLong(name);
  return null;
}

export const RITS_MESSAGES = {
  taxpayerZero:
    'No Comptroller taxpayer number: the file reports "0", as the Comptroller asks when it is unknown.',
  state: 'State must be a 2-letter abbreviation (TX).',
  zip: 'ZIP must have 5 digits.',
  upcMissing: 'No UPC: the UPC field is empty in the file.',
  upcShape: 'UPC must have 8 to 14 digits.',
  beverageClass: 'No beverage class (DS, W, B or ML): the product is not liquor, wine or beer.',
  size: 'The size names no volume (e.g. 750ml, 1.75L, 12oz).',
  sellerPermit: "The company's TABC permit is missing (Settings): every record starts with it.",
} as const;

/**
 * What the month's RITS file would get wrong, field by field: the seller's permit; per retailer (a customer) its
 * taxpayer number (reported as "0" when unknown), name, address and city (empty, or cut to their width), state
 * (2 letters), ZIP (5 digits) and TABC permit; per product its UPC (empty or not 8 to 14 digits), beverage class,
 * brand (empty or cut) and container size (empty or naming no volume). Each customer or product is named once per
 * kind, customers first, each group by name.
 */
export function ritsProblems(
  seller: { companyId: string; permit: string },
  records: readonly RitsRecord[],
): RitsProblem[] {
  const problems = new Map<string, RitsProblem>();
  const add = (problem: RitsProblem) => {
    const key = `${problem.kind}:${problem.id}`;
    if (!problems.has(key)) problems.set(key, problem);
  };
  const permit = ritsText(seller.permit);
  const sellerProblem =
    permit === '' ? RITS_MESSAGES.sellerPermit : permit.length > 8 ? tooLong('sellerPermit') : null;
  const head: RitsProblem[] = sellerProblem
    ? [
        {
          kind: 'seller_permit',
          id: seller.companyId,
          name: 'Company',
          field: LABEL.sellerPermit,
          message: sellerProblem,
        },
      ]
    : [];

  for (const record of records) {
    const r = record.retailer;
    const customer = (kind: MissingDataKind, field: RitsFieldName, message: string | null) => {
      if (message) add({ kind, id: r.id, name: r.name, field: LABEL[field], message });
    };
    customer(
      'customer_taxpayer_number',
      'retailerTaxpayerNumber',
      (r.taxpayerNumber ?? '').replace(/\D/g, '').length === 11 ? null : RITS_MESSAGES.taxpayerZero,
    );
    customer('customer_name', 'retailerName', textProblem(r.name, 'retailerName'));
    customer('customer_address', 'retailerAddress', textProblem(r.address, 'retailerAddress'));
    customer('customer_city', 'retailerCity', textProblem(r.city, 'retailerCity'));
    customer(
      'customer_state',
      'retailerState',
      /^[A-Za-z]{2}$/.test(ritsText(r.state)) ? null : RITS_MESSAGES.state,
    );
    customer('customer_zip', 'retailerZip', ritsZip(r.zip).length === 5 ? null : RITS_MESSAGES.zip);
    customer('customer_permit', 'retailerPermit', textProblem(r.permit.replace(/\s/g, ''), 'retailerPermit'));

    const product = (kind: MissingDataKind, field: RitsFieldName, message: string | null) => {
      if (!message) return;
      for (const id of record.productIds)
        add({
          kind,
          id,
          name: `${record.brand} ${record.containerSize}`.trim(),
          field: LABEL[field],
          message,
        });
    };
    product(
      'product_upc',
      'upc',
      record.upc === ''
        ? RITS_MESSAGES.upcMissing
        : /^\d{8,14}$/.test(record.upc)
          ? null
          : RITS_MESSAGES.upcShape,
    );
    product('product_class', 'beverageClass', record.beverageClass ? null : RITS_MESSAGES.beverageClass);
    product('product_brand', 'brand', textProblem(record.brand, 'brand'));
    product(
      'product_size',
      'containerSize',
      record.containerSize === ''
        ? missing('containerSize')
        : containerMillilitres(record.containerSize) === null
          ? RITS_MESSAGES.size
          : record.containerSize.length > RITS_WIDTH.containerSize
            ? tooLong('containerSize')
            : null,
    );
  }
  const byName = (a: RitsProblem, b: RitsProblem) =>
    a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind);
  const all = [...problems.values()];
  return [
    ...head,
    ...all.filter((p) => p.kind.startsWith('customer_')).sort(byName),
    ...all.filter((p) => p.kind.startsWith('product_')).sort(byName),
  ];
}
