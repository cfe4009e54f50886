/**
 * A vitest reporter that lists, after a run, every test that was skipped and why, so a run that
 * skipped something says so by name (`npm test` adds it beside the default reporter). The reason is
 * the note a test gives when it skips itself: `context.skip(condition, 'why')`.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface SkippedTest {
  /** The test file, relative to the working directory. */
  file: string;
  /** The describe blocks and the test's own name. */
  name: string;
  reason: string | undefined;
}

/** The lines that report `skipped` (none when nothing was skipped). */
export function skippedReport(skipped: readonly SkippedTest[]): string[] {
  if (skipped.length === 0) return [];
  return [
    `Skipped ${skipped.length} ${skipped.length === 1 ? 'test' : 'tests'}:`,
    ...skipped.map(
      (test) =>
        `  ↷ ${test.file} › ${test.name}: ${test.reason ?? 'no reason given (skip with context.skip(condition, reason))'}`,
    ),
  ];
}

/** Every skipped test of the run's modules, in file order. */
export function skippedTestsOf(testModules: ReadonlyArray<TestModule>, root = process.cwd()): SkippedTest[] {
  return testModules.flatMap((module) =>
    [...module.children.allTests()].flatMap((test) => {
      const result = test.result();
      if (result.state !== 'skipped') return [];
      const reason = result.note ?? (test.options.mode === 'todo' ? 'not written yet (todo)' : undefined);
      return [{ file: path.relative(root, module.moduleId), name: test.fullName, reason }];
    }),
  );
}

export default class SkippedTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines = skippedReport(skippedTestsOf(testModules));
    if (lines.length > 0) console.log(`\n${lines.join('\n')}`);
  }
}
