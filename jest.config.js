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
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
  rootDir: '.',
};

export default {
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/domain/**/*.spec.ts',
        '<rootDir>/apps/**/*.spec.ts',
        '<rootDir>/projections/**/*.spec.ts',
      ],
    },
    { ...common, displayName: 'web', testMatch: ['<rootDir>/web/src/**/*.spec.ts'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'] },
    { ...common, displayName: 'reliability', testMatch: ['<rootDir>/test/reliability/**/*.spec.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
