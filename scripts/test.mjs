// `npm test`: the whole suite. With arguments (`npm test -- --selectProjects api …`) it is one jest run with them,
// one file at a time (jest.config.js). Without, it runs in parts so that the suite fits a two-core machine's half
// hour: the unit, web, API and browser files two at a time on the embedded Postgres 18; the API files again on the
// oldest PostgreSQL the product supports (15, from the binaries in TEST_POSTGRES_15_BIN, Debian's by default; a
// machine without them says so and skips that part); then the reliability files one at a time — they start several
// processes, kill them and time takeovers, and their limits assume the machine is theirs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jest = [
  '--experimental-vm-modules',
  '--disable-warning=ExperimentalWarning',
  join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
];

const POSTGRES_15_BIN = process.env.TEST_POSTGRES_15_BIN ?? '/usr/lib/postgresql/15/bin';

const WHOLE_SUITE = [
  {
    name: 'unit, web, API and browser files, two at a time',
    args: ['--selectProjects', 'unit', 'web', 'api', 'browser', '--maxWorkers', '2'],
  },
  {
    name: 'API files on PostgreSQL 15, two at a time',
    args: ['--selectProjects', 'api', '--maxWorkers', '2'],
    env: { TEST_POSTGRES_BIN: POSTGRES_15_BIN, TEST_DATABASE_URL: '' },
    skip: existsSync(`${POSTGRES_15_BIN}/pg_ctl`)
      ? undefined
      : `no PostgreSQL 15 binaries in ${POSTGRES_15_BIN} (apt-get install postgresql-15, or set TEST_POSTGRES_15_BIN)`,
  },
  { name: 'reliability files, one at a time', args: ['--selectProjects', 'reliability'] },
];

function run(args, env = {}) {
  const result = spawnSync(process.execPath, [...jest, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

const given = process.argv.slice(2);
if (given.length > 0) process.exit(run(given));

let failed = 0;
for (const part of WHOLE_SUITE) {
  if (part.skip) {
    console.log(`\nnpm test: ${part.name}: SKIPPED, ${part.skip}\n`);
    continue;
  }
  const started = Date.now();
  console.log(`\nnpm test: ${part.name}\n`);
  const status = run(part.args, part.env);
  console.log(
    `\nnpm test: ${part.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (status !== 0) failed = status;
}
process.exit(failed);
