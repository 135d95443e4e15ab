import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only on a retry (issue 36): a retry keeps one slow moment on a loaded machine from
 * failing the run, but never hides a flaky test.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (testCase.result().state === 'passed' && testCase.diagnostic()?.flaky) {
      this.flaky.push(`${testCase.module.relativeModuleId} > ${testCase.fullName} (retried ${testCase.diagnostic()?.retryCount})`);
    }
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(`\n⚠ ${this.flaky.length} test(s) passed only on a retry (flaky):`);
    for (const name of this.flaky) console.log(`  - ${name}`);
  }
}
