// Compiles the server side (domain, apps, projections, migrations, test/bench) from TypeScript to dist/ with swc,
// file by file and only what changed; `tsc --noEmit` (npm run typecheck) does the type checking.
// Files the server reads at run time (ASSETS: the PDF templates) are copied next to the compiled code, so dist/
// runs on its own. The web client is built by Vite when dist/web is missing or older than web/src or domain/.
import { transformFile } from '@swc/core';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const skipWeb = process.argv.includes('--no-web');
const sources = ['domain', 'apps', 'projections', 'migrations', 'test/bench', 'test/support'];
const swcrc = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8'));
/** Non-TypeScript files the server reads next to its modules at run time: Handlebars templates and partials. */
const ASSETS = /\.hbs$/;
const compilable = (name) => /\.(ts|tsx)$/.test(name) && !/\.(spec|e2e-spec|browser-spec|d)\.ts$/.test(name);

function* walk(dir, wanted = compilable) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, wanted);
    else if (wanted(entry.name)) yield path;
  }
}

function newestMtime(dir) {
  let newest = 0;
  const visit = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) visit(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  if (existsSync(dir)) visit(dir);
  return newest;
}

let compiled = 0;
const jobs = [];
for (const source of sources) {
  for (const file of walk(join(root, source))) {
    const out = join(root, 'dist', relative(root, file)).replace(/\.tsx?$/, '.js');
    if (!force && existsSync(out) && statSync(out).mtimeMs >= statSync(file).mtimeMs) continue;
    jobs.push(
      transformFile(file, {
        ...swcrc,
        swcrc: false,
        filename: file,
        sourceFileName: relative(dirname(out), file),
      }).then(({ code, map }) => {
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, `${code}\n//# sourceMappingURL=${out.split('/').pop()}.map\n`);
        if (map) writeFileSync(`${out}.map`, map);
        compiled++;
      }),
    );
  }
}
await Promise.all(jobs);
let copied = 0;
for (const source of sources) {
  for (const file of walk(join(root, source), (name) => ASSETS.test(name))) {
    const out = join(root, 'dist', relative(root, file));
    if (!force && existsSync(out) && statSync(out).mtimeMs >= statSync(file).mtimeMs) continue;
    mkdirSync(dirname(out), { recursive: true });
    copyFileSync(file, out);
    copied++;
  }
}
if (copied) console.log(`build: copied ${copied} asset(s)`);
// dist/package.json is the nearest package.json of every compiled file, so it carries the `imports` aliases too
// (#domain/… → dist/domain/…): the root's targets, which dist/ mirrors.
const rootImports = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports ?? {};
const distImports = Object.fromEntries(
  Object.entries(rootImports).map(([alias, target]) => [
    alias,
    typeof target === 'string' ? target : target.source,
  ]),
);
writeFileSync(
  join(root, 'dist', 'package.json'),
  `${JSON.stringify({ type: 'module', imports: distImports }, null, 2)}\n`,
);
if (compiled) console.log(`build: compiled ${compiled} server file(s)`);

const webOut = join(root, 'dist', 'web', 'index.html');
if (
  !skipWeb &&
  (force ||
    !existsSync(webOut) ||
    // the web imports the domain (its rules and contracts) as well as its own sources
    statSync(webOut).mtimeMs <
      Math.max(newestMtime(join(root, 'web', 'src')), newestMtime(join(root, 'domain'))))
) {
  console.log('build: building the web client');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: join(root, 'web'),
      stdio: 'inherit',
    },
  );
}
