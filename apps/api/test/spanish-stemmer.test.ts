import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText, SPANISH_STOP_WORDS } from '@eco/domain';
import { stemSpanish } from '@eco/domain/spanish-stemmer';
import { createRowFactory } from '../../../scripts/lib/bench-rows.ts';
import { demoPublications } from '../src/demo/demo-data.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// The domain's stemmer is the Snowball Spanish algorithm: on folded words it gives what PostgreSQL's own Snowball
// dictionary gives, but for the three suffixes it reads folded on purpose ('acion', 'ucion', 'logia').

/** Words ending in a suffix the domain's stemmer reads folded, where it differs from the accented algorithm. */
const FOLDED_SUFFIX = /(acion|ucion|logias?)$/;

function corpus(): string[] {
  const texts = demoPublications.flatMap((publication) => [publication.title, publication.description]);
  const factory = createRowFactory(11, new Date('2026-06-01T12:00:00.000Z'));
  for (let index = 0; index < 2000; index++) {
    const { publication } = factory.publication(['author'], []);
    texts.push(publication.title, publication.description);
  }
  const words = new Set(texts.flatMap((text) => foldText(text).split(/[^\p{L}\p{N}]+/u)));
  return [...words].filter(
    (word) => /^[a-z]{2,}$/.test(word) && !SPANISH_STOP_WORDS.has(word) && !FOLDED_SUFFIX.test(word),
  );
}

describe.runIf(testDialect === 'postgres')("the domain's Spanish stemmer", () => {
  let subject: TestDatabase;

  beforeAll(async () => {
    subject = await createTestDatabase({ dialect: 'postgres', migrate: false });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it("stems every word of the demo and benchmark texts as PostgreSQL's Snowball does", async () => {
    const words = corpus();
    expect(words.length).toBeGreaterThan(500);
    const { rows } = await sql<{ word: string; stems: string[] }>`
      select word, ts_lexize('spanish_stem', word) as stems from unnest(${words}::text[]) as word`.execute(
      subject.database.db,
    );
    const differences = rows
      .filter(({ word, stems }) => stems[0] !== stemSpanish(word))
      .map(({ word, stems }) => `${word}: ${stems[0]} ≠ ${stemSpanish(word)}`);
    expect(differences).toEqual([]);
  });
});
