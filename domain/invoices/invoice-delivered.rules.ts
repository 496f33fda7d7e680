import type {
  CollectedMethod,
  DeliveryAdjustmentReason,
  DeliveryMeans,
} from '../contracts/route.contract.js';
import type { CreditReason } from '../credits/credit-memo.events.js';

/**
 * The field rules of a proof of delivery and their messages. The signature is a PNG drawn on the driver's glass (at
 * most 50 KB), the photo a JPEG or PNG (at most 300 KB); both arrive as data URLs and are checked here on their text
 * (the base64's length and the file's first bytes), so a bad image is refused before anything is stored.
 */

export const DELIVERY_MEANS: readonly DeliveryMeans[] = ['own_vehicle', 'carrier', 'customer_pickup'];
export const DELIVERY_MEANS_LABELS: Readonly<Record<DeliveryMeans, string>> = {
  own_vehicle: "Distributor's vehicle",
  carrier: 'Carrier',
  customer_pickup: 'Picked up by the customer',
};
export const COLLECTED_METHODS: readonly CollectedMethod[] = ['cash', 'check', 'money_order'];
export const ADJUSTMENT_REASONS: readonly DeliveryAdjustmentReason[] = ['short', 'damaged', 'refused'];

export const MAX_SIGNATURE_BYTES = 50 * 1024;
export const MAX_PHOTO_BYTES = 300 * 1024;
export const MAX_SIGNER_NAME = 200;
export const MAX_CARRIER_FIELD = 200;
export const MAX_DELIVERY_NOTE = 2_000;
export const MAX_REFERENCE = 100;

/** The credit memo each kind of returned goods makes: the credit law's reason, and the note the memo carries. */
export const ADJUSTMENT_CREDIT: Readonly<
  Record<DeliveryAdjustmentReason, { reason: CreditReason; note: string }>
> = {
  short: { reason: 'short_delivery', note: 'Short at delivery.' },
  damaged: { reason: 'delivered_damaged', note: 'Damaged at delivery.' },
  // Refused goods go back on the truck and into stock, as goods never delivered do.
  refused: { reason: 'short_delivery', note: 'Refused at delivery.' },
};

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

export const DELIVERY_MESSAGES = {
  signerRequired: 'Signer name is required.',
  signerTooLong: `Signer name must be at most ${MAX_SIGNER_NAME} characters.`,
  signatureRequired: 'Signature is required.',
  signatureNotPng: 'Signature must be a PNG image (data:image/png;base64,…).',
  signatureTooLarge: 'Signature must be at most 50 KB.',
  photoNotImage: 'Photo must be a JPEG or PNG image (data:image/jpeg;base64,…).',
  photoTooLarge: 'Photo must be at most 300 KB.',
  deliveredAt: 'Delivered at must be a date and time (ISO 8601).',
  means: 'Means of delivery must be own_vehicle, carrier or customer_pickup.',
  carrierRequired: "A carrier's delivery needs the carrier's name and permit.",
  carrierTooLong: `Carrier name and permit must be at most ${MAX_CARRIER_FIELD} characters.`,
  noteTooLong: `Note must be at most ${MAX_DELIVERY_NOTE} characters.`,
  adjustmentReason: 'Reason must be short, damaged or refused.',
  adjustmentQty: 'Quantity must be a whole number of at least 1.',
  adjustmentLine: (lineId: string) => `Line ${lineId} is not a line of this invoice.`,
  adjustmentOverLine: (lineNo: number, name: string, left: number) =>
    `Line ${lineNo} (${name}): at most ${left} can come back.`,
  paymentMethod: 'Method must be cash, check or money_order.',
  paymentAmount: 'Amount must be at least 0.01.',
  checkReference: 'A check needs its number.',
  referenceTooLong: `Reference must be at most ${MAX_REFERENCE} characters.`,
  cancelled: 'This invoice was cancelled in the office: do not leave the goods.',
  delivered: 'This invoice was delivered already.',
  revised: 'This invoice was changed in the office since your download: check it before closing this stop.',
  beerCash: (owedCents: number) =>
    `Beer is sold for cash on delivery: collect ${money(owedCents)} before closing this stop.`,
  codCash: (owedCents: number) =>
    `This customer pays on delivery: collect ${money(owedCents)} before closing this stop.`,
} as const;

/** The bytes a base64 text holds. */
function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export interface DataImage {
  mimeType: 'image/png' | 'image/jpeg';
  base64: string;
  bytes: number;
}

/** A data URL of a PNG or JPEG whose content starts as that kind of file does; undefined otherwise. */
export function dataImage(value: unknown): DataImage | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]+={0,2})$/.exec(value.trim());
  if (!match) return undefined;
  const mimeType = match[1] as DataImage['mimeType'];
  const base64 = match[2]!;
  // PNG files start with 89 50 4E 47 (base64 "iVBORw0KGgo"), JPEG files with FF D8 FF (base64 "/9j/").
  const looksRight = mimeType === 'image/png' ? base64.startsWith('iVBORw0KGgo') : base64.startsWith('/9j/');
  return looksRight ? { mimeType, base64, bytes: base64Bytes(base64) } : undefined;
}

/** The signature's problem, if any: required, a PNG, at most 50 KB. */
export function signatureProblem(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return DELIVERY_MESSAGES.signatureRequired;
  const image = dataImage(value);
  if (!image || image.mimeType !== 'image/png') return DELIVERY_MESSAGES.signatureNotPng;
  return image.bytes > MAX_SIGNATURE_BYTES ? DELIVERY_MESSAGES.signatureTooLarge : undefined;
}

/** The photo's problem, if any: optional, a JPEG or PNG, at most 300 KB. */
export function photoProblem(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const image = dataImage(value);
  if (!image) return DELIVERY_MESSAGES.photoNotImage;
  return image.bytes > MAX_PHOTO_BYTES ? DELIVERY_MESSAGES.photoTooLarge : undefined;
}
