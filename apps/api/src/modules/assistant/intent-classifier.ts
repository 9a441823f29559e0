import { containerBootstrap } from '@nlpjs/core';
import { LangEs } from '@nlpjs/lang-es';
import { Nlp } from '@nlpjs/nlp';
import { foldText } from '@eco/domain';
import { INTENT_CORPUS } from './intent-corpus.ts';

// The intent of a question, by NLP.js's Spanish classifier (stemmer and neural network) trained in memory at
// start-up from the corpus in the repository: about 0.05 s, no model file to ship or download.

export type IntentGuess = { intent: string; score: number };

export type IntentClassifier = { classify(text: string): Promise<IntentGuess> };

/** Below this score the guess is 'None': the question is none of the corpus' intents. */
export const INTENT_THRESHOLD = 0.5;

export async function trainIntentClassifier(
  corpus: Readonly<Record<string, readonly string[]>> = INTENT_CORPUS,
): Promise<IntentClassifier> {
  const container = await containerBootstrap({ log: false });
  container.use(LangEs);
  const nlp = new Nlp({
    container,
    languages: ['es'],
    autoSave: false,
    autoLoad: false,
    calculateSentiment: false,
    threshold: INTENT_THRESHOLD,
    nlu: { log: false },
  });
  for (const [intent, utterances] of Object.entries(corpus)) {
    for (const utterance of utterances) nlp.addDocument('es', utterance, intent);
  }
  await nlp.train();
  return {
    async classify(text) {
      const result = await nlp.process('es', foldText(text));
      return { intent: result.intent, score: result.score };
    },
  };
}
