/**
 * Names every test that failed and then passed on its retry (CI retries a failed backend test once,
 * as Playwright does for e2e). The run stays green, but a flaky test is reported by name at the end
 * of the output instead of passing unseen: it is a bug to fix, in the test or in the backend.
 */
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (test.result().state === 'passed' && diagnostic?.flaky) {
      this.flaky.push(`${test.module.relativeModuleId} › ${test.fullName} (passed on retry ${diagnostic.retryCount})`);
    }
  }

  onTestRunEnd(): void {
    if (!this.flaky.length) return;
    console.log(`\n${this.flaky.length} flaky backend test(s), failed once and passed on retry:`);
    for (const line of this.flaky) console.log(`  flaky: ${line}`);
  }
}
