import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActors, storePublication } from './helpers/publications.ts';
import { statementsSent } from './helpers/statements.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// A list answer asked for the first time goes through the remembered answers' lane, the route's hook and its
// handler: they share one read of the list's version, and a search's words become their tokens in one statement.
// On a machine where every round trip costs (a busy server, a virtual machine's system calls), a first answer is
// most of what the mix of a cold server costs.

describe.runIf(testDialect === 'postgres')('PostgreSQL: the round trips of a first list answer', () => {
  let subject: TestApp;
  let base: string;

  beforeAll(async () => {
    subject = await createTestApp();
    const actors = await createActors(subject.database.db);
    for (let index = 0; index < 3; index++) {
      await storePublication(subject.database.db, {
        title: `Frascos de vidrio con tapa ${index}`,
        createdBy: actors.author.id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
        // Images out of alphabetical order: a card shows them in the author's.
        files: ['/media/demo/c.webp', '/media/demo/a.webp', '/media/demo/b.webp'],
      });
    }
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(subject.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await subject.dispose();
  });

  async function sentFor(path: string) {
    let page: { total: number; publications: { files: { url: string }[] }[] } | undefined;
    const sent = await statementsSent(async () => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      page = (await response.json()) as typeof page;
    });
    const texts = sent.map((statement) => statement.text);
    expect(page?.publications.length).toBe(3);
    for (const card of page?.publications ?? []) {
      expect(card.files.map((file) => file.url.split('/').at(-1))).toEqual(['c.webp', 'a.webp', 'b.webp']);
    }
    return {
      total: page?.total,
      versionReads: texts.filter((text) => text.includes('list_versions')).length,
      vocabularyReads: texts.filter((text) => text.includes('search_tokens_vocabulary')).length,
      // The cards' images come with their rows.
      imageReads: texts.filter((text) => /^select .* from "publication_files"/s.test(text)).length,
    };
  }

  it('reads the version once for a first answer, and once again for the same URL remembered', async () => {
    const first = await sentFor('/api/publications?typed=market');
    expect(first).toMatchObject({ total: 3, versionReads: 1, imageReads: 0 });
    const again = await sentFor('/api/publications?typed=market');
    expect(again).toMatchObject({ total: 3, versionReads: 1 });
  });

  it('expands a search of three words in one statement', async () => {
    const searched = await sentFor('/api/publications?term=frascos+vidrio+tapa');
    expect(searched).toMatchObject({ total: 3, versionReads: 1, vocabularyReads: 1 });
  });
});
