// Lighthouse on the production build (with its demo content), mobile and desktop, in Debian's Chromium: the home
// page, the market explore list and the detail of that list's first publication, or the paths given as arguments.
// Prints the performance score, LCP, TBT, CLS and the JavaScript and CSS transferred (compressed, as the browser got
// them).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { serveBuild } from './lib/serve-build.ts';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3320);
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
};

function row(page: string, form: string, lhr: Result): Row {
  // Lighthouse types the details of every audit as one union; this audit's are a table of resource types.
  const summary = lhr.audits['resource-summary']?.details as unknown as {
    items: { resourceType: string; transferSize: number }[];
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
  for (const page of pages) {
    for (const form of ['mobile', 'desktop'] as const) {
      const rows: Row[] = [];
      for (let run = 0; run < runs; run += 1) {
        const outcome = await lighthouse(
          `${server.url}${page}`,
          flags,
          form === 'desktop' ? desktopConfig : undefined,
        );
        if (!outcome) throw new Error('Lighthouse returned no result');
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
