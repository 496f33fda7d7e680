import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The server's one clock: no direct read of the system clock in apps/api (see the block that uses it). */
const ONE_CLOCK = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message:
      'Read the instant from the injected Clock (apps/api/src/infra/clock.ts); time spans use performance.now().',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read the instant from the injected Clock (apps/api/src/infra/clock.ts).',
  },
];

/** A handler's `execute` fits on a screen: at most this many lines after its first. */
const EXECUTE_MAX_LINES = 30;

/**
 * The project's own rules. `execute-fits-on-a-screen`: a class method named `execute` (a command or query handler's)
 * spans at most EXECUTE_MAX_LINES lines; the SQL goes to a reader of the area, the answer's shape to functions beside
 * the handler.
 */
const stampline = {
  rules: {
    'execute-fits-on-a-screen': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: {
          tooLong:
            '`execute` spans {{lines}} lines (at most {{max}}): read through a reader of the area and shape the answer in functions beside it.',
        },
      },
      create(context) {
        return {
          MethodDefinition(node) {
            if (node.key.type !== 'Identifier' || node.key.name !== 'execute') return;
            const lines = node.loc.end.line - node.loc.start.line;
            if (lines > EXECUTE_MAX_LINES)
              context.report({
                node: node.key,
                messageId: 'tooLong',
                data: { lines, max: EXECUTE_MAX_LINES },
              });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        globalThis: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['scripts/**/*.cjs'],
    languageOptions: { globals: { module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@nestjs/*',
            '@mikro-orm/*',
            'pg',
            '@kurrent/*',
            'node:*',
            '#infra/*',
            '#projections/*',
            '**/apps/**',
            '**/projections/**',
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'The domain takes time from the command.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'The domain takes time from the command.',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Ids arrive on the command.',
        },
      ],
    },
  },
  // One clock on the server: apps/api reads the current instant from the injected Clock (infra/clock.ts), so tests
  // can stand it still. Elapsed-time measurements use performance.now(); the few places that must read the system
  // clock (a socket's timer against its token's expiry, the mail capture's receipt time) say so on the line.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.spec.ts', 'apps/api/src/infra/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_CLOCK] },
  },
  // A handler's execute fits on a screen (docs/feature-shape.md).
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.spec.ts'],
    plugins: { stampline },
    rules: { 'stampline/execute-fits-on-a-screen': 'error' },
  },
  // Dependencies point down: domain ← apps/infra ← apps/engine ← projections ← apps/api, apps/cli ← web.
  {
    files: ['apps/infra/**/*.ts'],
    ignores: ['apps/infra/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '#projections/*',
            '#engine',
            '#engine/*',
            '**/projections/**',
            '**/apps/api/**',
            '**/apps/cli/**',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/engine/**/*.ts'],
    ignores: ['apps/engine/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['#projections/*', '**/apps/api/**', '**/apps/cli/**', '#engine'] },
      ],
    },
  },
  // The engine's wall: outside it, product code imports only its index (`#engine`) and, for the migrations that
  // create its tables, `#engine/schema.js`.
  {
    files: ['apps/api/**/*.ts', 'apps/cli/**/*.ts', 'apps/worker/**/*.ts', 'migrations/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#engine/(?!schema\\.js$)',
              message: 'Import the engine from #engine (its index) only.',
            },
            {
              group: ['**/apps/engine/**', '**/engine/src/**'],
              message: 'Import the engine from #engine only.',
            },
          ],
        },
      ],
    },
  },
  // Controllers are HTTP only: the SQL lives in a reader or a query handler of the area, never in a controller.
  // (ESLint keeps one setting of a rule per file: the clock's selectors are repeated here.)
  {
    files: ['apps/api/src/**/*.controller.ts', 'apps/api/src/integrations/fintech/fintech.export.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ONE_CLOCK,
        {
          selector: "ImportDeclaration[source.value='pg']",
          message: 'A controller holds no pool: read through a reader or a query handler of the area.',
        },
        {
          selector: "ImportSpecifier[imported.name='PG_POOL']",
          message: 'A controller holds no pool: read through a reader or a query handler of the area.',
        },
        {
          selector: 'ImportDeclaration[source.value=/tenant-query/]',
          message: 'A controller runs no SQL: read through a reader or a query handler of the area.',
        },
      ],
    },
  },
  {
    files: ['projections/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/**', '**/web/**'] },
            {
              regex: '^#engine/(?!schema\\.js$)',
              message: 'Import the engine from #engine (its index) only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
