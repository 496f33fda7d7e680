/**
 * Where uploaded files live (logos, invoice documents). Keys are made by the server (`companies/{id}/logos/{id}.png`),
 * never taken from a client. The default adapter writes under the data directory, outside the web root; files
 * reach browsers only through authorised routes.
 */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  /** Writes what the stream gives as it comes (a large file never held whole); the file shows once it is complete. */
  putStream(key: string, content: NodeJS.ReadableStream): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream, or null when there is none. */
  getStream(key: string): Promise<NodeJS.ReadableStream | null>;
  delete(key: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** 5 MB, the request body limit. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.length > 300)
    throw new Error(`Unsafe storage key: ${key}`);
}
