/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  moduleNameMapper: {
    // jsdom has no canvas: the reader's tests draw with a stand-in for pdf.js.
    '^pdfjs-dist$': '<rootDir>/src/testing/pdfjs-mock.ts',
    // jsdom has no IndexedDB: the notes outbox and the offline index keep their stores in memory.
    '^idb-keyval$': '<rootDir>/src/testing/idb-keyval-mock.ts',
    '^@/lib/idb-store$': '<rootDir>/src/testing/idb-store-mock.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  transform: { '^.+\\.(mjs|cjs|[jt]sx?)$': 'babel-jest' },
  transformIgnorePatterns: [
    '/node_modules/(?!(msw|@mswjs|@open-draft|rettime|until-async|outvariant|strict-event-emitter|headers-polyfill|is-node-process|tough-cookie|@bundled-es-modules)/)',
  ],
  testTimeout: 30000,
  maxWorkers: 2,
};
