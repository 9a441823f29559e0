import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from './helpers/log-capture.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';
import { insertDemoText } from './helpers/demo-text.ts';
import { ASSISTANT_QUESTIONS, type AssistantQuestion } from './assistant-questions.ts';
import { createAssistant, type Assistant } from '../src/modules/assistant/engine.ts';
import { sharedIntentClassifier } from '../src/modules/assistant/routes.ts';
import { createLocalStorage } from '../src/modules/media/storage.ts';
import type { Place } from '../src/modules/assistant/entities.ts';

// The quality bar of the assistant: the question set over the demo content, at a fixed clock. Prints the accuracy;
// fails under 90 %, and on any answer that shows a publication that does not exist or is not published, or that
// comes back empty where the question set expects an answer. An offer counts as right only with the link to the
// publication form on its type and without publications of others.

const NOW = new Date('2026-06-01T15:00:00.000Z');
const REQUIRED_ACCURACY = 0.9;

function placeKey(place: Place | undefined): string | undefined {
  return place?.city ?? place?.province ?? place?.country;
}

describe('assistant question set', () => {
  let subject: TestDatabase;
  let assistant: Assistant;
  let ids: Map<string, string>;
  let published: Set<string>;

  beforeAll(async () => {
    subject = await createTestDatabase();
    ids = await insertDemoText(subject.database.db, NOW);
    const rows = await subject.database.db
      .selectFrom('publications')
      .select('id')
      .where('status', '=', 1)
      .execute();
    published = new Set(rows.map((row) => row.id));
    assistant = createAssistant({
      db: subject.database.db,
      dialect: subject.database.dialect,
      storage: createLocalStorage(subject.config.mediaDir),
      classifier: await sharedIntentClassifier(),
      log: captureLogs('silent').logger,
      now: () => NOW,
    });
  }, 60_000);

  afterAll(async () => {
    await subject.dispose();
  });

  it('has at least 80 questions, each with what it must be answered with', () => {
    expect(ASSISTANT_QUESTIONS.length).toBeGreaterThanOrEqual(80);
    for (const question of ASSISTANT_QUESTIONS) {
      for (const key of question.publications ?? []) expect(ids.has(key), `${question.q}: ${key}`).toBe(true);
    }
  });

  it(
    'answers at least 90 % of the questions right, and never with an invented or empty result',
    { timeout: 60_000 },
    async () => {
      const failures: string[] = [];
      const fatal: string[] = [];
      const check = async (question: AssistantQuestion) => {
        const { reply, trace } = await assistant.answer(question.q, null);
        const problems: string[] = [];
        const kind = trace.answer;
        if (kind !== question.kind)
          problems.push(`intent ${trace.intent} (${trace.score.toFixed(2)}) ≠ ${question.kind}`);
        if (question.category !== undefined && trace.entities.category !== question.category) {
          problems.push(`category ${String(trace.entities.category)} ≠ ${question.category}`);
        }
        for (const material of question.materials ?? []) {
          if (!trace.entities.materials.includes(material)) problems.push(`material ${material} missing`);
        }
        if (question.place !== undefined && placeKey(trace.entities.place) !== question.place) {
          problems.push(`place ${String(placeKey(trace.entities.place))} ≠ ${question.place}`);
        }
        if (question.time !== undefined && trace.timeLabel !== question.time) {
          problems.push(`time ${String(trace.timeLabel)} ≠ ${question.time}`);
        }
        const shown = reply.publications.map((publication) => publication._id);
        for (const id of shown)
          if (!published.has(id)) fatal.push(`${question.q}: shows ${id}, not a published publication`);
        if (/\d{7,}/.test(reply.message))
          fatal.push(`${question.q}: a number in the message: ${reply.message}`);
        if (question.publications !== undefined) {
          if (shown.length === 0) fatal.push(`${question.q}: no publication (${reply.message})`);
          const expected = question.publications.map((key) => ids.get(key));
          if (!expected.some((id) => id !== undefined && shown.includes(id))) {
            const titles = reply.publications.map((publication) => publication.title).join(' | ');
            problems.push(`none of ${question.publications.join(', ')} in [${titles}]`);
          }
        }
        if (question.faq !== undefined) {
          if (reply.faq.length === 0) fatal.push(`${question.q}: no FAQ entry (${reply.message})`);
          if (!reply.faq.some((entry) => entry.key === question.faq)) {
            problems.push(`FAQ ${question.faq} not in [${reply.faq.map((entry) => entry.key).join(', ')}]`);
          }
        }
        if (question.publish !== undefined) {
          const form = `/publications/new?what=${question.publish}`;
          if (!reply.links.some((link) => link.to === form)) {
            problems.push(`no link to ${form} in [${reply.links.map((link) => link.to).join(', ')}]`);
          }
          // An offer is told how to publish it, not shown what others publish.
          if (shown.length > 0) problems.push(`${shown.length} publications shown to an offer`);
        }
        if (reply.message.trim() === '') fatal.push(`${question.q}: empty message`);
        if (problems.length > 0) failures.push(`«${question.q}»: ${problems.join('; ')}`);
      };
      for (const question of ASSISTANT_QUESTIONS) await check(question);

      const right = ASSISTANT_QUESTIONS.length - failures.length;
      const accuracy = right / ASSISTANT_QUESTIONS.length;
      process.stdout.write(
        `\nAssistant question set: ${right}/${ASSISTANT_QUESTIONS.length} right (${(accuracy * 100).toFixed(1)} %)\n` +
          failures.map((failure) => `  ✗ ${failure}\n`).join(''),
      );
      expect(fatal).toEqual([]);
      expect(accuracy).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
    },
  );
});
