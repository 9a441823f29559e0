import {
  createAssistant,
  type Assistant,
  type AssistantReplyJson,
  type AssistantTrace,
} from '../../src/modules/assistant/engine.ts';
import type { Place } from '../../src/modules/assistant/entities.ts';
import { sharedIntentClassifier } from '../../src/modules/assistant/routes.ts';
import { createMediaStorage } from '../../src/modules/media/create-storage.ts';
import type { AssistantQuestion } from '../assistant-questions.ts';
import { insertDemoText } from './demo-text.ts';
import { captureLogs } from './log-capture.ts';
import { createTestDatabase } from './test-app.ts';

// How a question set's answer is judged: what the engine understood, what it shows, and what it must never do.

function placeKey(place: Place | undefined): string | undefined {
  return place?.city ?? place?.province ?? place?.country;
}

/** Internal names a sentence must never show: category keys, the catch-all material label, place and FAQ keys. */
const INTERNAL_NAMES =
  /\b(?:dots|barter|market|events|courses|tips|Otros|faq\.[a-z-]+|[a-z]+-(?:city|[a-z]+-[a-z]+))\b/;

export type Verdict = {
  /** Why the answer is wrong; empty when it is right. */
  problems: string[];
  /** What no answer may ever do: an invented or unpublished result, an empty answer, a phone-like number. */
  fatal: string[];
  /** No card or no FAQ entry where the question expects one: wrong, and a blocker on the sets tuned on. */
  empty: string[];
};

export function judgeAnswer(
  question: AssistantQuestion,
  reply: AssistantReplyJson,
  trace: AssistantTrace,
  demo: { ids: ReadonlyMap<string, string>; published: ReadonlySet<string> },
): Verdict {
  const problems: string[] = [];
  const fatal: string[] = [];
  const empty: string[] = [];
  if (trace.answer !== question.kind)
    problems.push(`${trace.answer} (${trace.intent} ${trace.score.toFixed(2)}) ≠ ${question.kind}`);
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
  for (const id of shown) if (!demo.published.has(id)) fatal.push(`shows ${id}, not a published publication`);
  if (/\d{7,}/.test(reply.message)) fatal.push(`a number in the message: ${reply.message}`);
  if (reply.message.trim() === '') fatal.push('empty message');
  const titles = () => reply.publications.map((publication) => publication.title).join(' | ');
  if (question.publications !== undefined) {
    if (shown.length === 0) empty.push(`no publication (${reply.message})`);
    const expected = question.publications.map((key) => demo.ids.get(key));
    if (!expected.some((id) => id !== undefined && shown.includes(id))) {
      problems.push(`none of ${question.publications.join(', ')} in [${titles()}]`);
    }
  }
  if (question.only !== undefined) {
    const allowed = new Set(question.only.map((key) => demo.ids.get(key)));
    const others = reply.publications.filter((publication) => !allowed.has(publication._id));
    if (others.length > 0) problems.push(`not asked for: [${others.map((p) => p.title).join(' | ')}]`);
  }
  if (question.says !== undefined && !question.says.test(reply.message)) {
    problems.push(`message does not say ${String(question.says)}: ${reply.message}`);
  }
  if (question.searchLink === true && reply.searchUrl === null) problems.push('no link to the search');
  const internal = INTERNAL_NAMES.exec(reply.message);
  if (internal !== null) problems.push(`internal name «${internal[0]}» in: ${reply.message}`);
  if (question.faq !== undefined) {
    if (reply.faq.length === 0) empty.push(`no FAQ entry (${reply.message})`);
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
  return { problems, fatal, empty };
}

/** The demo content's text in a fresh database, and the assistant over it at a fixed clock. */
export async function assistantOverDemo(now: Date) {
  const subject = await createTestDatabase();
  const ids = await insertDemoText(subject.database.db, now);
  const rows = await subject.database.db
    .selectFrom('publications')
    .select('id')
    .where('status', '=', 1)
    .execute();
  const assistant = createAssistant({
    db: subject.database.db,
    dialect: subject.database.dialect,
    storage: createMediaStorage(subject.config),
    classifier: await sharedIntentClassifier(),
    log: captureLogs('silent').logger,
    now: () => now,
  });
  return {
    assistant,
    demo: { ids, published: new Set(rows.map((row) => row.id)) },
    dialect: subject.database.dialect,
    dispose: () => subject.dispose(),
  };
}

/** Asks every question; returns the failures as printable lines and the fatal faults. */
export async function scoreQuestions(
  assistant: Assistant,
  questions: readonly AssistantQuestion[],
  demo: { ids: ReadonlyMap<string, string>; published: ReadonlySet<string> },
): Promise<{ right: number; failures: string[]; fatal: string[]; empty: string[] }> {
  const failures: string[] = [];
  const fatal: string[] = [];
  const empty: string[] = [];
  for (const question of questions) {
    const { reply, trace } = await assistant.answer(question.q, null);
    const verdict = judgeAnswer(question, reply, trace, demo);
    if (verdict.problems.length > 0) failures.push(`«${question.q}»: ${verdict.problems.join('; ')}`);
    fatal.push(...verdict.fatal.map((fault) => `«${question.q}»: ${fault}`));
    empty.push(...verdict.empty.map((fault) => `«${question.q}»: ${fault}`));
  }
  return { right: questions.length - failures.length, failures, fatal, empty };
}

export function percent(right: number, total: number): string {
  return `${right}/${total} (${((right / total) * 100).toFixed(1)} %)`;
}
