import { defineConfig } from 'vitest/config';

// One runner for everything: unit tests (tests/unit, mirroring the source tree), integration tests against
// the real sysbench, databases and sshd (tests/integration), and browser tests of the built site (tests/e2e).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 300_000,
    // Integration and browser tests start servers on fixed resources; keep files in one worker at a time.
    fileParallelism: false,
  },
});
