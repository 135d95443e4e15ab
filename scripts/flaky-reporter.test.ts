import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestCase } from 'vitest/node';
import FlakyReporter from './flaky-reporter.ts';

const testCase = (name: string, state: 'passed' | 'failed', flaky: boolean) =>
  ({
    fullName: name,
    module: { relativeModuleId: 'apps/web/src/x.test.tsx' },
    result: () => ({ state }),
    diagnostic: () => ({ flaky, retryCount: flaky ? 1 : 0 }),
  }) as unknown as TestCase;

afterEach(() => vi.restoreAllMocks());

describe('the flaky-test reporter (issue 36)', () => {
  it('names each test that passed only on a retry, and stays silent otherwise', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const quiet = new FlakyReporter();
    quiet.onTestCaseResult(testCase('steady', 'passed', false));
    quiet.onTestRunEnd();
    expect(log).not.toHaveBeenCalled();

    const reporter = new FlakyReporter();
    reporter.onTestCaseResult(testCase('steady', 'passed', false));
    reporter.onTestCaseResult(testCase('guide page > flakes under load', 'passed', true));
    reporter.onTestCaseResult(testCase('broken', 'failed', false));
    reporter.onTestRunEnd();
    expect(log.mock.calls.flat().join('\n')).toBe(
      '\n⚠ 1 test(s) passed only on a retry (flaky):\n  - apps/web/src/x.test.tsx > guide page > flakes under load (retried 1)',
    );
  });
});
