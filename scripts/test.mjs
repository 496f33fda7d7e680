// `npm test`: the whole suite. With arguments (`npm test -- --selectProjects api …`) it is one jest run with them,
// one file at a time (jest.config.js). Without, it runs in two parts so that the suite fits a two-core machine's
// half hour: the unit, web, API and browser files two at a time, then the reliability files one at a time — they
// start several processes, kill them and time takeovers, and their limits assume the machine is theirs.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jest = [
  '--experimental-vm-modules',
  '--disable-warning=ExperimentalWarning',
  join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
];

const WHOLE_SUITE = [
  {
    name: 'unit, web, API and browser files, two at a time',
    args: ['--selectProjects', 'unit', 'web', 'api', 'browser', '--maxWorkers', '2'],
  },
  { name: 'reliability files, one at a time', args: ['--selectProjects', 'reliability'] },
];

function run(args) {
  const result = spawnSync(process.execPath, [...jest, ...args], { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

const given = process.argv.slice(2);
if (given.length > 0) process.exit(run(given));

let failed = 0;
for (const part of WHOLE_SUITE) {
  const started = Date.now();
  console.log(`\nnpm test: ${part.name}\n`);
  const status = run(part.args);
  console.log(
    `\nnpm test: ${part.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (status !== 0) failed = status;
}
process.exit(failed);
