// Lighthouse on the production build (with its demo content), mobile and desktop, in Debian's Chromium: the home
// page, the market explore list and the detail of that list's first publication, or the paths given as arguments.
// Prints the performance score, LCP, TBT, CLS, the JavaScript and CSS transferred (compressed, as the browser got
// them), the number of requests and the machine's load average (scores and TBT swing with it on a shared machine).
// BENCH_REPORTS=<folder> also writes every run's Lighthouse report there as JSON (the LCP element, the simulated
// LCP's requests), to study what a page waits for.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { serveBuild } from './lib/serve-build.ts';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3320);
const reportsDir = process.env.BENCH_REPORTS;
// BENCH_FORMS=mobile measures phones alone (quicker while trying changes).
const forms = (process.env.BENCH_FORMS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const EXPLORE = '/publications?what=market';
// The same list asked of the API (its parameter is `typed`).
const EXPLORE_API = '/api/publications?typed=market&pageSize=1';

const server = await serveBuild(port);

/** The detail page of the explore list's first publication (the demo content fills it). */
async function firstDetailPath(): Promise<string> {
  const answer = await fetch(`${server.url}${EXPLORE_API}`);
  const body = (await answer.json()) as { publications?: { _id: string }[] };
  const id = body.publications?.[0]?._id;
  if (id === undefined) throw new Error(`No publication in ${EXPLORE} to benchmark its detail page`);
  return `/publications/${id}`;
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

type Row = {
  page: string;
  form: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  cssKb: number;
  requests: number;
  load: string;
};

/** The 1-minute load average, when the run ended. */
const loadAverage = () => loadavg()[0]!.toFixed(2);

function row(page: string, form: string, lhr: Result): Row {
  // Lighthouse types the details of every audit as one union; this audit's are a table of resource types.
  const summary = lhr.audits['resource-summary']?.details as unknown as {
    items: { resourceType: string; transferSize: number; requestCount: number }[];
  };
  const items = summary.items;
  const kb = (type: string) => (items.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
  return {
    page,
    form,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    jsKb: Number(kb('script').toFixed(1)),
    cssKb: Number(kb('stylesheet').toFixed(1)),
    requests: items.find((item) => item.resourceType === 'total')?.requestCount ?? 0,
    load: loadAverage(),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  };
  const pages = process.argv.length > 2 ? process.argv.slice(2) : ['/', EXPLORE, await firstDetailPath()];
  const results: Row[] = [];
  console.info(
    `Load average at the start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  );
  for (const page of pages) {
    for (const form of forms) {
      const rows: Row[] = [];
      for (let run = 0; run < runs; run += 1) {
        const outcome = await lighthouse(
          `${server.url}${page}`,
          flags,
          form === 'desktop' ? desktopConfig : undefined,
        );
        if (!outcome) throw new Error('Lighthouse returned no result');
        if (reportsDir !== undefined) {
          mkdirSync(reportsDir, { recursive: true });
          const name = `${page.replace(/\W+/g, '_')}-${form}-${run}.json`;
          writeFileSync(join(reportsDir, name), JSON.stringify(outcome.lhr));
        }
        rows.push(row(page, form, outcome.lhr));
      }
      // The median run by score, so one noisy run on a busy machine does not decide the figure.
      const byScore = [...rows].sort((a, b) => a.score - b.score);
      results.push({ ...byScore[Math.floor(byScore.length / 2)]!, score: median(rows.map((r) => r.score)) });
    }
  }
  console.info(`\nLighthouse (median of ${runs} runs per page and form factor)`);
  console.table(results);
} finally {
  await chrome.kill();
  await server.stop();
}
