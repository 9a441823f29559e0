import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_QUESTIONS } from './assistant-questions.ts';
import { assistantOverDemo, percent, scoreQuestions } from './helpers/assistant-check.ts';

// The quality bar of the assistant: the question set over the demo content, at a fixed clock. Prints the accuracy;
// fails under 90 %, and on any answer that shows a publication that does not exist or is not published, or that
// comes back empty where the question set expects an answer. An offer counts as right only with the link to the
// publication form on its type and without publications of others.

const NOW = new Date('2026-06-01T15:00:00.000Z');
const REQUIRED_ACCURACY = 0.9;

describe('assistant question set', () => {
  let bench: Awaited<ReturnType<typeof assistantOverDemo>>;

  beforeAll(async () => {
    bench = await assistantOverDemo(NOW);
  }, 60_000);

  afterAll(async () => {
    await bench.dispose();
  });

  it('has at least 80 questions, each with what it must be answered with', () => {
    expect(ASSISTANT_QUESTIONS.length).toBeGreaterThanOrEqual(80);
    for (const question of ASSISTANT_QUESTIONS) {
      for (const key of [...(question.publications ?? []), ...(question.only ?? [])])
        expect(bench.demo.ids.has(key), `${question.q}: ${key}`).toBe(true);
    }
  });

  it(
    'answers at least 90 % of the questions right, and never with an invented or empty result',
    { timeout: 60_000 },
    async () => {
      const { right, failures, fatal, empty } = await scoreQuestions(
        bench.assistant,
        ASSISTANT_QUESTIONS,
        bench.demo,
      );
      process.stdout.write(
        `\nAssistant question set: ${percent(right, ASSISTANT_QUESTIONS.length)} right\n` +
          failures.map((failure) => `  ✗ ${failure}\n`).join(''),
      );
      expect([...fatal, ...empty]).toEqual([]);
      expect(right / ASSISTANT_QUESTIONS.length).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
    },
  );
});
