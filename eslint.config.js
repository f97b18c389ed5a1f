import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/dist/**',
      '**/data/**',
      '**/.cutroom/**',
      '.tsbuild/**',
      '**/next-env.d.ts',
      'packages/player/demo/vendor/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The browser calls the JSON API through callApi only: typed from the endpoints' schemas,
    // one error text for a network failure (docs/api.md).
    files: ['apps/web/components/**/*.{ts,tsx}', 'apps/web/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='fetch'] > Literal.arguments:first-child[value=/^\\/api\\/(?!auth\\/)/]",
          message: 'Call the JSON API with callApi (apps/web/lib/client/api.ts).',
        },
        {
          selector:
            "CallExpression[callee.name='fetch'] > TemplateLiteral.arguments:first-child > TemplateElement:first-child[value.raw=/^\\/api\\/(?!auth\\/)/]",
          message: 'Call the JSON API with callApi (apps/web/lib/client/api.ts).',
        },
      ],
    },
  },
  {
    // One call convention (docs/decisions/0051): a service that acts for a caller, or reads the
    // clock or the log, takes the call's context first (`Pick<Call, …>`), not the database,
    // the actor and the time as separate arguments or options. A function that needs only the
    // database may still take it alone. The clock is never optional.
    // Seeds (site/demo) write fixed rows and may take the database alone.
    files: ['packages/core/src/{access,features}/**/*.ts', 'packages/media/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/core/src/features/site/demo/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ExportNamedDeclaration > FunctionDeclaration',
          'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > ArrowFunctionExpression',
        ].flatMap((fn) => [
          {
            selector: `${fn}[params.0.name=/^(db|tx)$/]:has(> Identifier.params[name=/^(actor|maybeActor|actorOrNull|staff|now|log)$/])`,
            message:
              "Take the call's context first (ctx: Pick<Call, …>, docs/decisions/0051), not the database beside the actor, the clock or the log.",
          },
          {
            selector: `${fn} > Identifier.params[name=/^(actor|maybeActor|actorOrNull)$/]:not(:first-child)`,
            message:
              "The actor comes in the call's context (ctx: Pick<Call, 'actor'>, docs/decisions/0051), not as a separate argument.",
          },
          {
            selector: `${fn} > :matches(Identifier, ObjectPattern, AssignmentPattern).params:not(:first-child) :matches(TSPropertySignature[key.name='now']:has(TSTypeReference[typeName.name='Date']), Property[key.name='now'] > AssignmentPattern > NewExpression[callee.name='Date'])`,
            message:
              "The clock comes in the call's context first (ctx: Pick<Call, 'now'>, docs/decisions/0051), not as a field of the options.",
          },
        ]),
        {
          // A Date clock, that is; a timer's millisecond clock (`() => number`) is not the call's.
          selector:
            "TSPropertySignature[optional=true][key.name='now']:has(TSTypeReference[typeName.name='Date'])",
          message:
            "The clock is never optional (docs/decisions/0051): take the call's, or have a caller that acts for no one pass the system clock.",
        },
      ],
    },
  },
  {
    // Playwright's waitForFunction polls on every animation frame unless told otherwise, which
    // keeps the page drawing 60 frames a second for as long as the wait lasts: a tenth to a
    // quarter of a core per waiting page (docs/testing.md).
    files: ['e2e/**/*.ts', 'packages/player/test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='waitForFunction']:not(:has(Property[key.name='polling']))",
          message:
            'Pass { polling: 100 } (or another interval): the default polls on every frame and keeps the page drawing.',
        },
      ],
    },
  },
);
