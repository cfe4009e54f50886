import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { skippedReport, skippedTestsOf } from './skipped-reporter';

/** The slice of vitest's TestModule the reporter reads. */
function fakeModule(
  moduleId: string,
  tests: {
    fullName: string;
    state: 'passed' | 'failed' | 'skipped';
    note?: string;
    mode?: 'run' | 'skip' | 'todo';
  }[],
): TestModule {
  const cases = tests.map((test) => ({
    fullName: test.fullName,
    options: { mode: test.mode ?? 'run' },
    result: () => ({ state: test.state, note: test.note }),
  }));
  return { moduleId, children: { allTests: () => cases.values() } } as unknown as TestModule;
}

describe('the skipped-tests report', () => {
  it('names each skipped test with its file and the reason it gave, and nothing else', () => {
    const modules = [
      fakeModule('/repo/server/test/checkout-stock.test.ts', [
        { fullName: 'checkout > takes the stock', state: 'passed' },
        { fullName: 'stock locks on PostgreSQL > two carts', state: 'skipped', note: 'needs PostgreSQL' },
      ]),
      fakeModule('/repo/server/test/jobs.test.ts', [
        { fullName: 'the scheduler > fails', state: 'failed' },
        { fullName: 'the scheduler > later', state: 'skipped', mode: 'todo' },
        { fullName: 'the scheduler > quiet', state: 'skipped', mode: 'skip' },
      ]),
    ];
    expect(skippedReport(skippedTestsOf(modules, '/repo'))).toEqual([
      'Skipped 3 tests:',
      '  ↷ server/test/checkout-stock.test.ts › stock locks on PostgreSQL > two carts: needs PostgreSQL',
      '  ↷ server/test/jobs.test.ts › the scheduler > later: not written yet (todo)',
      '  ↷ server/test/jobs.test.ts › the scheduler > quiet: no reason given (skip with context.skip(condition, reason))',
    ]);
  });

  it('says nothing when no test was skipped', () => {
    expect(
      skippedReport(skippedTestsOf([fakeModule('/repo/a.test.ts', [{ fullName: 'a', state: 'passed' }])])),
    ).toEqual([]);
  });
});
