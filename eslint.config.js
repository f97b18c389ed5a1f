import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const frameworkImports = [
  { name: 'next', message: 'packages/core is the domain: it must not depend on Next.js.' },
  { name: 'react', message: 'packages/core is the domain: it must not depend on React.' },
  { name: 'react-dom', message: 'packages/core is the domain: it must not depend on React.' },
];
const frameworkPatterns = [
  { group: ['next/*'], message: 'packages/core is the domain: it must not depend on Next.js.' },
  { group: ['react/*', 'react-dom/*'], message: 'packages/core must not depend on React.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/dist/**',
      '**/data/**',
      '**/.cutroom/**',
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
    files: ['packages/core/**/*.ts', 'packages/media/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: frameworkImports,
          patterns: [
            ...frameworkPatterns,
            {
              group: ['@cutroom/web', '@cutroom/web/*', '**/apps/web/**'],
              message: 'Imports go one way: the web app uses the domain, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/player/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@cutroom/*',
                '!@cutroom/player',
                '!@cutroom/player/*',
                '**/packages/core/**',
              ],
              message:
                'The player is published for other sites: it must not import any workspace package.',
            },
          ],
        },
      ],
    },
  },
);
