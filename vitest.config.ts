import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files that prove who may do what: the two authorization matrices (which snapshot the whole table
 * around every denied call), least privilege and the sign-in rules. They run in a project of their own, against a
 * stack of their own, beside the rest: each project runs its files one at a time against its stack, as every file
 * expects, and the two streams together take about half the time one would.
 */
const ACCESS_FILES = [
  'tests/integration/route-matrix.test.ts',
  'tests/integration/access-matrix.test.ts',
  'tests/integration/least-privilege.test.ts',
  'tests/integration/no-escalation.test.ts',
  'tests/integration/sign-in-security.test.ts',
];

/**
 * Files of the rest that run on the access project's stack after its own files, so the two streams end together
 * (in CI the access stream ended 1 min 44 s before the other, one core idle meanwhile). After, never before: a
 * matrix's whole-table snapshots must not see what their stream consumers still write, nor scan their records.
 */
const EVENING_OUT = ['tests/integration/trash.test.ts', 'tests/integration/ads.test.ts'];

/** The access files first, in the order vitest would run them, then the files that even the streams out. */
class AccessFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isAccess = (file: TestSpecification) => ACCESS_FILES.some((path) => file.moduleId.endsWith(path));
    return [...sorted.filter(isAccess), ...sorted.filter((file) => !isAccess(file))];
  }
}

/** A project of integration files: its own local stack (global-setup.ts), its files one at a time. */
const integration = (name: string, include: string[], exclude: string[] = []) => ({
  test: {
    name,
    include,
    exclude,
    environment: 'node' as const,
    globalSetup: ['tests/integration/global-setup.ts'],
    setupFiles: ['tests/integration/stack-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

export default defineConfig({
  test: {
    // Vitest takes the sequencer from the root only; in every other project the order is vitest's own.
    sequence: { sequencer: AccessFilesFirst },
    projects: [
      {
        // Some unit tests build zip files or bundle a module for Chromium: seconds on a busy 2-core machine.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      { test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      integration('integration', ['tests/integration/**/*.test.ts'], [...ACCESS_FILES, ...EVENING_OUT]),
      integration('integration-access', [...ACCESS_FILES, ...EVENING_OUT]),
    ],
  },
});
