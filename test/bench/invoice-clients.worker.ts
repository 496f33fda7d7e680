// Worker-thread entry of the invoice bench's clients (see invoice-clients.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { runInvoiceClients, type InvoiceClientsJob } from './invoice-clients.js';

parentPort!.postMessage(await runInvoiceClients(workerData as InvoiceClientsJob));
