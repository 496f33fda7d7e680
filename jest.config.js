// One jest run for the whole suite: native ES modules (node --experimental-vm-modules), TypeScript through swc.
// Postgres: one embedded cluster per run (test/support/global-setup.mjs), one fresh database per test file.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      target: 'es2023',
      keepClassNames: true,
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    },
    module: { type: 'es6' },
  },
];
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  // Relative `.js` specifiers name `.ts` sources; so do the package.json `imports` aliases (#domain/…).
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^#domain/(.*?)(\\.js)?$': '<rootDir>/domain/$1',
    '^#engine$': '<rootDir>/apps/engine/src/index',
    '^#engine/(.*?)(\\.js)?$': '<rootDir>/apps/engine/src/$1',
    '^#infra/(.*?)(\\.js)?$': '<rootDir>/apps/infra/src/$1',
    '^#projections/(.*?)(\\.js)?$': '<rootDir>/projections/$1',
    '^#migrations/(.*?)(\\.js)?$': '<rootDir>/migrations/$1',
    '^#test/(.*?)(\\.js)?$': '<rootDir>/test/$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
};

export default {
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  // One test file at a time unless asked: the reliability files start two API processes, a worker and a cluster,
  // kill them, or replay syncs against slow partners, and their timing limits (a takeover within seconds,
  // read-your-writes within 5 s) assume the machine is theirs. `npm test` (scripts/test.mjs) runs the other projects
  // two files at a time and the reliability files alone.
  maxWorkers: 1,
  // Jest's ESM runtime keeps every test file's module graph until its worker ends (about 70 MB per API or browser
  // file, which boots the whole Nest app): a worker that ran ten of them held ~750 MB of heap, and freeing it at exit
  // took 0.5-0.8 s on a loaded machine, past jest's 500 ms grace ("A worker process has failed to exit gracefully";
  // the worker's event loop was empty — no open handle). A worker past 300 MB of live heap after a file is replaced,
  // and the grace allows for a busy 2-core machine; a worker kept alive by a real leaked handle still never exits and
  // is still reported.
  workerIdleMemoryLimit: '300MB',
  workerGracefulExitTimeout: 5000,
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/domain/**/*.spec.ts',
        '<rootDir>/apps/**/*.spec.ts',
        '<rootDir>/projections/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
      ],
    },
    { ...common, displayName: 'web', testMatch: ['<rootDir>/web/src/**/*.spec.ts'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'] },
    { ...common, displayName: 'reliability', testMatch: ['<rootDir>/test/reliability/**/*.spec.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
