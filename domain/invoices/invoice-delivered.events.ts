import type { DeliveryMeans } from '../contracts/route.contract.js';

/**
 * The goods of an invoice reached the retailer (or were refused at the door): the proof of delivery. Appended on the
 * invoice's own stream, with the credit memos of the lines that came back and the payments taken at the stop in the
 * same append. The delivery date is the credit law's purchase date: the due date counts from it.
 */
export interface InvoiceDelivered {
  type: 'InvoiceDelivered';
  data: {
    invoiceId: string;
    companyId: string;
    customerId: string;
    /** The device's clock when the stop was closed. */
    deliveredAt: string;
    /** The company's business date of deliveredAt. */
    deliveredOn: string;
    deliveredBy: { userId: string; name: string };
    signerName: string;
    /** The stored signature image (PNG). */
    signatureId: string;
    photoId: string | null;
    means: DeliveryMeans;
    carrier: { name: string; permit: string } | null;
    routeId: string | null;
    stopId: string | null;
    outcome: 'delivered' | 'partially_delivered' | 'refused';
    creditMemoIds: string[];
    paymentIds: string[];
    /** Cents taken at the stop. */
    collectedCents: number;
    /** When the server recorded it (later than deliveredAt when the device was offline). */
    recordedAt: string;
    /** The driver's note at the stop; absent when none. */
    note?: string;
  };
}
