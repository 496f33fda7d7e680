import { expect } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { featuresSet } from '../../apps/cli/src/features-set.command.js';

/** The captures in progress: console output goes to each of them while any is open (commands may run at once). */
const open = new Set<{ out: string[]; err: string[] }>();
let saved: { log: typeof console.log; error: typeof console.error } | undefined;

/**
 * Runs a CLI command in-process with its console output captured instead of printed, so a passing test stays quiet
 * and the test can assert on what the command said. Commands running at the same time (Promise.all) each see the
 * lines written while they ran, theirs included; the console is put back as it was (another spy included) once the
 * last one ends.
 */
export async function runCli(
  command: () => Promise<number>,
): Promise<{ code: number; out: string; err: string }> {
  const capture = { out: [] as string[], err: [] as string[] };
  const text = (args: unknown[]) => args.map(String).join(' ');
  if (open.size === 0) {
    saved = { log: console.log, error: console.error };
    console.log = (...args: unknown[]) => open.forEach((c) => c.out.push(text(args)));
    console.error = (...args: unknown[]) => open.forEach((c) => c.err.push(text(args)));
  }
  open.add(capture);
  try {
    const code = await command();
    return { code, out: capture.out.join('\n'), err: capture.err.join('\n') };
  } finally {
    open.delete(capture);
    if (open.size === 0 && saved) {
      console.log = saved.log;
      console.error = saved.error;
      saved = undefined;
    }
  }
}

/** The provider's team switching a company's feature, as `npm run cli -- features:set …` does; asserts it said so. */
export async function setFeature(
  app: INestApplicationContext,
  companyId: string,
  feature: string,
  on = true,
): Promise<void> {
  const { code, out, err } = await runCli(() =>
    featuresSet(app, ['--company', companyId, '--feature', feature, on ? '--on' : '--off']),
  );
  expect({ code, said: out.split('\n'), err }).toEqual({
    code: 0,
    said: expect.arrayContaining([`${feature} is ${on ? 'on' : 'off'} for company ${companyId}.`]),
    err: '',
  });
}
