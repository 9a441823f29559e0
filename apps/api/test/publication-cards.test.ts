import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActors, minutesAfter, storePublication, type Actors } from './helpers/publications.ts';
import { statementsSent } from './helpers/statements.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// A list's answer is computed again after any write that may change it, but its cards seldom change: they come from
// the publications each process remembers (publication-reads.ts readMany), so a page is read as ids and only the
// cards not remembered are read (issue 27: while members publish, reading every card again was half of the
// statements of the answers they changed). Exactness across writes is checked in publication-reads.test.ts.

describe.runIf(testDialect === 'postgres')('PostgreSQL: the cards of a list page computed again', () => {
  let subject: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    subject = await createTestApp();
    actors = await createActors(subject.database.db);
    for (let index = 0; index < 8; index++) {
      await storePublication(subject.database.db, {
        title: `Frascos ${index}`,
        country: 'arg',
        createdBy: actors.author.id,
        createdAt: minutesAfter(index),
      });
    }
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await subject.dispose();
  });

  const list = async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/api/publications?country=arg&pageSize=6',
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ publications: { title: string }[] }>().publications.map((card) => card.title);
  };
  /** The statements that read cards: their rows with their images (repository.ts findWithFiles). */
  const cardReads = (sent: string[]) => sent.filter((text) => /from "?publication_files"?/.test(text));

  it('reads only the card it has not seen after a publication is added to the page', async () => {
    expect(await list()).toEqual([
      'Frascos 7',
      'Frascos 6',
      'Frascos 5',
      'Frascos 4',
      'Frascos 3',
      'Frascos 2',
    ]);
    await storePublication(subject.database.db, {
      title: 'Frascos nuevos',
      country: 'arg',
      createdBy: actors.other.id,
      createdAt: minutesAfter(20),
    });
    let titles: string[] = [];
    const sent = (
      await statementsSent(async () => {
        titles = await list();
      })
    ).map((statement) => statement.text);
    expect(titles).toEqual([
      'Frascos nuevos',
      'Frascos 7',
      'Frascos 6',
      'Frascos 5',
      'Frascos 4',
      'Frascos 3',
    ]);
    const reads = cardReads(sent);
    expect(reads, sent.join('\n')).toHaveLength(1);
    // One id: the new publication's.
    expect(reads[0]?.match(/\$\d+/g)).toHaveLength(1);
  });
});
