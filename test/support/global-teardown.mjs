import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  await globalThis.__STAMPLINE_PG__?.stop();
  // The cluster was not persistent (its data folder is gone), but the temporary folder holding it stays: remove it.
  const dir = globalThis.__STAMPLINE_PG_DIR__;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
