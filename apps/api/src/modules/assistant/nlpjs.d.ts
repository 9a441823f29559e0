// The few parts of NLP.js (no type definitions of its own) that the intent classifier uses.

declare module '@nlpjs/core' {
  export interface Container {
    use(plugin: unknown): void;
    get<T = unknown>(name: string): T;
  }
  export function containerBootstrap(settings?: Record<string, unknown>): Promise<Container>;
}

declare module '@nlpjs/nlp' {
  export interface NlpClassification {
    intent: string;
    score: number;
  }
  export interface NlpResult {
    intent: string;
    score: number;
    classifications: NlpClassification[];
  }
  export class Nlp {
    constructor(settings?: Record<string, unknown>);
    addLanguage(locale: string): void;
    addDocument(locale: string, utterance: string, intent: string): void;
    train(): Promise<void>;
    process(locale: string, utterance: string): Promise<NlpResult>;
  }
}

declare module '@nlpjs/lang-es' {
  export class LangEs {}
}
