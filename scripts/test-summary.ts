// Prints one closing line for the whole `npm test` run, from the JSON reports of Vitest and Playwright.
import { existsSync, readFileSync } from 'node:fs';

type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number };
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };

const read = <T>(path: string): T | null =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;

const vitest = read<VitestReport>('test-results/vitest.json');
const e2e = read<PlaywrightReport>('e2e/test-results/e2e.json');
if (!vitest || !e2e) {
  console.error('A test report is missing: the run did not complete.');
  process.exit(1);
}
const passed = vitest.numPassedTests + e2e.stats.expected + e2e.stats.flaky;
const failed = vitest.numFailedTests + e2e.stats.unexpected;
const skipped = vitest.numPendingTests + e2e.stats.skipped;
console.info(`\nunit+api: ${vitest.numPassedTests} passed; end-to-end: ${e2e.stats.expected} passed`);
console.info(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
