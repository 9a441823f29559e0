/** A message of the virtual assistant conversation. */
export interface BotMessage {
  from: 'bot' | 'user';
  message: string;
}

/** Request sent to the virtual assistant. */
export interface BotInteraction {
  interaction: string;
}

/** A FAQ entry the assistant points to (/questions#key). */
export interface AssistantFaqLink {
  key: string;
  question: string;
}

/** A page of the site the assistant points to. */
export interface AssistantLink {
  to: string;
  title: string;
}

/**
 * The assistant's answer (POST /api/io). `P` is the publication shape of the lists. Everything in it comes from the
 * site's own data: the message is composed from the publications, FAQ entries and catalog names it carries.
 */
export interface AssistantReply<P> {
  message: string;
  /** Matching publications, best first. */
  publications: P[];
  faq: AssistantFaqLink[];
  /** Pages of the site that answer the question (FAQ references, publishing). */
  links: AssistantLink[];
  /** The explore page with the same filters, or null when the answer is not a search. */
  searchUrl: string | null;
  /** Follow-up questions to offer as chips. */
  suggestions: string[];
}
