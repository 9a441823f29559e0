import type { EntryContext, RouterContextProvider, ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ByteLru } from '../src/web/byte-lru.ts';
import { createGuestPages, type GuestRender } from '../src/web/guest-pages.ts';

// The memo of guest documents against a stand-in document handler that renders its loader data: the rendered
// HTML follows every change of the data, and only guests' successful GETs are shared.

type Data = Record<string, unknown>;

function fakeBuild() {
  const renders: { nonce: string; complete: boolean }[] = [];
  const handler = async (
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
    loadContext: unknown,
  ): Promise<Response> => {
    const { nonce, complete } = loadContext as { nonce: string; complete: boolean };
    renders.push({ nonce, complete });
    const data = JSON.stringify(context.staticHandlerContext.loaderData);
    const html = `<html><body><p>${request.url} ${data}</p><script nonce="${nonce}">go()</script></body></html>`;
    return new Response(html, { status, headers });
  };
  const build = { entry: { module: { default: handler } } } as unknown as ServerBuild;
  return { build, renders };
}

function entryContext(loaderData: Data, extra: { errors?: unknown; actionData?: unknown } = {}) {
  return {
    staticHandlerContext: { loaderData, actionData: extra.actionData ?? null, errors: extra.errors ?? null },
  } as unknown as EntryContext;
}

function setup(maxBytes?: number) {
  const { build, renders } = fakeBuild();
  const pages = createGuestPages(maxBytes);
  const handle = pages.wrap(build).entry.module.default;
  /** One request: a registered guest unless `member`; answers the HTML the visitor gets. */
  async function visit(
    url: string,
    loaderData: Data,
    options: { member?: boolean; method?: string; status?: number; headers?: Headers } & Parameters<
      typeof entryContext
    >[1] = {},
  ): Promise<{ html: string; guest: GuestRender | undefined }> {
    const loadContext = { nonce: 'per-request-nonce', complete: false } as unknown as RouterContextProvider;
    const guest: GuestRender | undefined = options.member
      ? undefined
      : { sharedContext: () => ({ nonce: '', complete: true }) as unknown as RouterContextProvider };
    if (guest) pages.register(loadContext, guest);
    const response = await handle(
      new Request(url, { method: options.method ?? 'GET' }),
      options.status ?? 200,
      options.headers ?? new Headers({ 'x-route': 'a' }),
      entryContext(loaderData, options),
      loadContext,
    );
    const html = guest?.page ? guest.page.html.toString('utf8') : await response.text();
    return { html, guest };
  }
  return { pages, renders, visit };
}

const URL_A = 'http://site.test/publications/1';

describe('guest pages remembered by what their render reads', () => {
  it('renders a guest page once, without the nonce and as a whole document, then shares it', async () => {
    const { renders, visit, pages } = setup();
    const data = { root: { session: null }, detail: { title: 'Frascos' } };
    const first = await visit(URL_A, data);
    const second = await visit(URL_A, structuredClone(data));
    expect(renders).toEqual([{ nonce: '', complete: true }]);
    expect(second.html).toBe(first.html);
    expect(first.html).not.toContain('per-request-nonce');
    expect(second.guest?.page?.scriptHashes).toEqual([expect.stringMatching(/^'sha256-[\w+/=]+'$/)]);
    expect(pages.stats.pages).toBe(1);
  });

  it('renders again as soon as any loader answers something else, and for another URL', async () => {
    const { renders, visit } = setup();
    await visit(URL_A, { detail: { title: 'Frascos' }, author: { rating: { average: 4, count: 1 } } });
    const edited = await visit(URL_A, {
      detail: { title: 'Frascos azules' },
      author: { rating: { average: 4, count: 1 } },
    });
    expect(edited.html).toContain('Frascos azules');
    const rated = await visit(URL_A, {
      detail: { title: 'Frascos azules' },
      author: { rating: { average: 4.5, count: 2 } },
    });
    expect(rated.html).toContain('"average":4.5');
    await visit(`${URL_A}?page=2`, { detail: { title: 'Frascos azules' } });
    expect(renders).toHaveLength(4);
  });

  it('tells apart data that JSON would not (undefined and absent, a date and its text)', async () => {
    const { renders, visit } = setup();
    const when = new Date('2026-11-23T10:00:00Z');
    await visit(URL_A, { detail: { when } });
    await visit(URL_A, { detail: { when: when.toISOString() } });
    await visit(URL_A, { detail: {} });
    await visit(URL_A, { detail: { note: undefined } });
    expect(renders).toHaveLength(4);
  });

  it('renders again when the status or the headers differ', async () => {
    const { renders, visit } = setup();
    await visit(URL_A, { detail: {} });
    await visit(URL_A, { detail: {} }, { headers: new Headers({ 'x-route': 'b' }) });
    expect(renders).toHaveLength(2);
  });

  it('never shares a member’s render, a form answer, an error, a cookie or a HEAD', async () => {
    const { renders, visit, pages } = setup();
    const data = { detail: { title: 'Frascos' } };
    const member = await visit(URL_A, data, { member: true });
    expect(member.html).toContain('per-request-nonce');
    await visit(URL_A, data, { member: true });
    await visit(URL_A, data, { actionData: { saved: true } });
    await visit(URL_A, data, { errors: { detail: new Error('boom') }, status: 500 });
    await visit(URL_A, data, { headers: new Headers({ 'set-cookie': 'a=b' }) });
    await visit(URL_A, data, { method: 'HEAD' });
    expect(renders).toHaveLength(6);
    expect(renders.every((render) => render.nonce === 'per-request-nonce')).toBe(true);
    expect(pages.stats.pages).toBe(0);
  });

  it('keeps a page whose data cannot be serialised (a pending promise) out, rendering it as usual', async () => {
    const { renders, visit, pages } = setup();
    await visit(URL_A, { detail: { later: new Promise(() => undefined) } });
    await visit(URL_A, { detail: { later: new Promise(() => undefined) } });
    expect(renders).toEqual([
      { nonce: 'per-request-nonce', complete: false },
      { nonce: 'per-request-nonce', complete: false },
    ]);
    expect(pages.stats.pages).toBe(0);
  });

  it('shares one render between guests asking for the same page at once', async () => {
    const { renders, visit } = setup();
    const data = { detail: { title: 'Frascos' } };
    const answers = await Promise.all([visit(URL_A, data), visit(URL_A, data), visit(URL_A, data)]);
    expect(renders).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.html)).size).toBe(1);
  });

  it('holds at most its memory budget, dropping the least recently used page', async () => {
    const { visit, pages } = setup(600);
    for (let index = 0; index < 10; index++) await visit(`${URL_A}?n=${index}`, { detail: { index } });
    expect(pages.stats.bytes).toBeLessThanOrEqual(600);
    expect(pages.stats.pages).toBeGreaterThan(0);
    expect(pages.stats.pages).toBeLessThan(10);
  });
});

describe('ByteLru', () => {
  it('drops the least recently used values past its budget, counting resized values', () => {
    const lru = new ByteLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 4);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    lru.resize('a', 'A', 7);
    expect(lru.get('c')).toBeUndefined();
    expect(lru.bytes).toBe(7);
    lru.set('huge', 'H', 11);
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.size).toBe(1);
  });
});
