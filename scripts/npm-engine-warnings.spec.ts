import { createRequire } from 'node:module';

interface EngineWarning {
  package?: string;
  node?: string;
  npm?: string;
  currentNpm?: string;
  lines: string[];
}
const load = createRequire(import.meta.url);
const { splitEngineWarnings, reportEngineWarnings } = load('./npm-engine-warnings.cjs') as {
  splitEngineWarnings(stderr: string): { other: string[]; warnings: EngineWarning[] };
  reportEngineWarnings(
    warnings: EngineWarning[],
    env: { systemNode: string; projectNode?: string; satisfies(version: string, range: string): boolean },
  ): string[];
};

// What npm 11.19 on Node 20.20 wrote to stderr for a package asking for >= 22.17 (twice: it sits in two places of
// the tree) and one asking for a Node range and an npm range, after a warning of another kind.
const block = (pkg: string, required: string) => [
  'npm warn EBADENGINE Unsupported engine {',
  `npm warn EBADENGINE   package: '${pkg}',`,
  `npm warn EBADENGINE   required: { ${required} },`,
  "npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '11.19.1' }",
  'npm warn EBADENGINE }',
];
const OTHER = 'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported';
const STDERR = [
  OTHER,
  ...block('@mikro-orm/core@7.2.1', "node: '>= 22.17.0'"),
  ...block('@mikro-orm/core@7.2.1', "node: '>= 22.17.0'"),
  ...block('dep-b@2.0.0', "node: '^22.12.0 || >=24.0.0', npm: '>=10'"),
  '',
].join('\n');

// The semver the bootstrap uses (node_modules/semver, npm's own range syntax).
const semver = load('semver') as { satisfies(version: string, range: string, options: object): boolean };
const satisfies = (version: string, range: string) =>
  semver.satisfies(version, range, { includePrerelease: true });

describe('the bootstrap on the machine’s Node (npm EBADENGINE warnings)', () => {
  it('takes the engine warnings out of npm’s output and keeps every other line', () => {
    const { other, warnings } = splitEngineWarnings(STDERR);
    expect(other).toEqual([OTHER]);
    expect(warnings.map(({ package: name, node, npm }) => [name, node, npm])).toEqual([
      ['@mikro-orm/core@7.2.1', '>= 22.17.0', undefined],
      ['@mikro-orm/core@7.2.1', '>= 22.17.0', undefined],
      ['dep-b@2.0.0', '^22.12.0 || >=24.0.0', '>=10'],
    ]);
    expect(warnings[0].lines).toEqual(block('@mikro-orm/core@7.2.1', "node: '>= 22.17.0'"));
  });

  it('reads npm’s coloured output too', () => {
    const coloured = STDERR.replace(
      /npm warn EBADENGINE/g,
      '\u001b[1mnpm\u001b[22m \u001b[33mwarn\u001b[39m \u001b[94mEBADENGINE\u001b[39m',
    );
    expect(splitEngineWarnings(coloured).warnings).toHaveLength(3);
  });

  it('says in one line that nothing is needed when the project’s own Node meets every requirement', () => {
    const { warnings } = splitEngineWarnings(STDERR);
    expect(
      reportEngineWarnings(warnings, { systemNode: 'v20.20.2', projectNode: 'v24.21.0', satisfies }),
    ).toEqual([
      "[bootstrap] 2 package(s) ask for Node >= 22.17.0, ^22.12.0 || >=24.0.0; this machine's Node v20.20.2 only " +
        "installs them. They run on the project's own Node v24.21.0 (the `node` devDependency), which every npm " +
        'script uses: nothing to do.',
    ]);
  });

  it('prints the warnings as npm wrote them when the project’s Node did not install', () => {
    const { warnings } = splitEngineWarnings(STDERR);
    const lines = reportEngineWarnings(warnings, { systemNode: 'v20.20.2', satisfies });
    expect(lines.slice(0, 5)).toEqual(block('@mikro-orm/core@7.2.1', "node: '>= 22.17.0'"));
    expect(lines).toHaveLength(16);
    expect(lines[15]).toContain('did not install');
  });

  it('prints a warning the project’s Node does not meet, and explains only the others', () => {
    const { warnings } = splitEngineWarnings(STDERR);
    const lines = reportEngineWarnings(warnings, {
      systemNode: 'v20.20.2',
      projectNode: 'v22.15.0',
      satisfies,
    });
    expect(lines[0]).toMatch(/^\[bootstrap\] 1 package\(s\) ask for Node \^22\.12\.0 \|\| >=24\.0\.0;/);
    expect(lines.slice(1)).toEqual([
      ...block('@mikro-orm/core@7.2.1', "node: '>= 22.17.0'"),
      ...block('@mikro-orm/core@7.2.1', "node: '>= 22.17.0'"),
      "[bootstrap] The project's Node v22.15.0 does not meet the requirements above.",
    ]);
  });

  it('prints nothing when npm warned about no engine', () => {
    expect(
      reportEngineWarnings(splitEngineWarnings(OTHER).warnings, { systemNode: 'v20.20.2', satisfies }),
    ).toEqual([]);
  });
});
