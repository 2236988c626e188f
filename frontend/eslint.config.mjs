import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const mui = [
  { name: '@mui/icons-material', message: 'Import icons per path.' },
  { name: '@mui/material', message: 'Import components per path.' },
];
const features = readdirSync(new URL('./src/features', import.meta.url));

// Imports flow shared -> features -> app: no feature imports another, shared code imports neither.
const layering = [
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: mui,
          patterns: [
            {
              // The offline wipe registry is the one shared entry point (features/offline/wipe.ts).
              group: [
                ...new Set([
                  '@/features/*',
                  `!@/features/${feature}`,
                  '!@/features/offline',
                  ...(feature === 'offline' ? [] : ['@/features/offline/*']),
                  '!@/features/offline/wipe',
                ]),
                '@/app/*',
              ],
              message: 'Features do not import other features or the app.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/{components,lib,theme,types,config}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: mui,
          patterns: [
            { group: ['@/features/*', '@/app/*'], message: 'Shared code imports no feature.' },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'react/prop-types': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': ['error', { paths: mui }],
    },
  },
  ...layering,
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    files: ['*.js', '*.mjs', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
