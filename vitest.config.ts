import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'proxy/**/*.test.ts',
      'cli/**/*.test.ts',
      'wrap/**/*.test.ts',
      'node/**/*.test.ts',
      'options/**/*.test.ts',
      'examples/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Proxies the tests start write proxy.json in the config directory: one of each test file's own.
    setupFiles: ['test/setup/config-home.ts'],
    // In CI a JSON report feeds the closing "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/unit.json' },
  },
});
