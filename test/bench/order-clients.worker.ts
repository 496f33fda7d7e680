// Worker-thread entry of the order bench's customer users (see order-clients.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { runOrderClients, type OrderClientsJob } from './order-clients.js';

parentPort!.postMessage(await runOrderClients(workerData as OrderClientsJob));
