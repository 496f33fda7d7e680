// The `npm install` of a fresh clone runs on the machine's Node (20.19+ is enough to install and start), but some
// packages declare a newer Node in `engines` (MikroORM: >= 22.17), and npm prints a five-line EBADENGINE warning for
// each. They never run on that Node: every npm script runs on the project's own Node 24, installed by the same
// `npm install` as the `node` devDependency. This module separates those warnings from the rest of npm's output and
// decides, once the install is done, whether the project's Node satisfies every one of them; only then are they
// replaced by one line. Plain CommonJS: the bootstrap runs on whatever Node the machine has.
'use strict';

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const ENGINE_LINE = /^npm warn EBADENGINE(?: (.*))?$/;

/**
 * Splits npm's stderr into the EBADENGINE warnings (each as { package, node, npm, currentNpm, lines }: the Node and
 * npm ranges the package requires, the npm running) and every other line, kept in order.
 */
function splitEngineWarnings(stderr) {
  const other = [];
  const warnings = [];
  let current;
  for (const raw of stderr.split(/\r?\n/)) {
    const line = raw.replace(ANSI, '');
    const match = ENGINE_LINE.exec(line);
    if (!match) {
      if (raw !== '') other.push(raw);
      continue;
    }
    const text = match[1] ?? '';
    if (/^Unsupported engine/.test(text)) {
      current = { package: undefined, node: undefined, npm: undefined, currentNpm: undefined, lines: [] };
      warnings.push(current);
    }
    if (!current) {
      // an EBADENGINE line outside a warning block: keep it where the reader sees it
      other.push(raw);
      continue;
    }
    current.lines.push(raw);
    const pkg = /^\s*package: '([^']+)'/.exec(text);
    if (pkg) current.package = pkg[1];
    const required = /^\s*required: \{(.*)\}/.exec(text);
    if (required) {
      current.node = /node: '([^']+)'/.exec(required[1])?.[1];
      current.npm = /npm: '([^']+)'/.exec(required[1])?.[1];
    }
    const running = /^\s*current: \{(.*)\}/.exec(text);
    if (running) current.currentNpm = /npm: '([^']+)'/.exec(running[1])?.[1];
    if (/^\}$/.test(text.trim())) current = undefined;
  }
  return { other, warnings };
}

/**
 * What to print about the warnings once the install is done. `projectNode` is the version of the project's own Node
 * (undefined when it did not install), `satisfies(version, range)` a semver check. A warning is explained only when
 * it names a Node range the project's Node meets (and any npm range it names is met by the npm that ran); any other
 * one is printed as npm wrote it. npm warns about a package once per place it sits in the tree: packages count once.
 */
function reportEngineWarnings(warnings, { systemNode, projectNode, satisfies }) {
  if (warnings.length === 0) return [];
  const met = (warning) =>
    Boolean(projectNode && warning.node) &&
    safely(() => satisfies(projectNode, warning.node)) &&
    (!warning.npm || safely(() => satisfies(warning.currentNpm, warning.npm)));
  const explained = warnings.filter(met);
  const unexplained = warnings.filter((warning) => !explained.includes(warning));
  const lines = [];
  if (explained.length) {
    const ranges = [...new Set(explained.map((warning) => warning.node))].join(', ');
    const packages = new Set(explained.map((warning) => warning.package)).size;
    lines.push(
      `[bootstrap] ${packages} package(s) ask for Node ${ranges}; this machine's Node ${systemNode} only ` +
        `installs them. They run on the project's own Node ${projectNode} (the \`node\` devDependency), which ` +
        'every npm script uses: nothing to do.',
    );
  }
  if (unexplained.length) {
    for (const warning of unexplained) lines.push(...warning.lines);
    lines.push(
      projectNode
        ? `[bootstrap] The project's Node ${projectNode} does not meet the requirements above.`
        : "[bootstrap] The project's own Node (the `node` devDependency) did not install, so the warnings above " +
            'stand: install Node 24 (https://nodejs.org) or run `npm install` again.',
    );
  }
  return lines;
}

function safely(check) {
  try {
    return Boolean(check());
  } catch {
    return false;
  }
}

module.exports = { splitEngineWarnings, reportEngineWarnings };
