import type { AssistantReply, CategoryKey, SellerRating } from '@eco/domain';
import { isCategoryKey } from '@eco/domain/catalog/categories';
import { LIMITS } from '@eco/domain/constants';
import { formatDate } from '../../lib/format';
import type { PublicationJson } from '../publications/publications';
import { coverThumbnail, placeNames } from '../publications/publications';

// The conversation of the /bot page: what the tab keeps (sessionStorage) and what the page without JavaScript
// carries from one post to the next (a hidden field). Both come back from the browser, so they are read strictly:
// unknown shapes are dropped and every link must be a path of this site.

/** A publication of an answer, as its small card shows it. */
export type ChatCard = {
  id: string;
  typed: CategoryKey;
  title: string;
  cover: string | null;
  place: string;
  /** The start of an event or course, in its country's time zone. */
  date: string | null;
  /** The author's rating, so that a card earns trust like the explore cards do. */
  rating?: SellerRating;
};

export type UserEntry = { from: 'user'; message: string };
export type BotEntry = {
  from: 'bot';
  message: string;
  cards: ChatCard[];
  faq: { key: string; question: string }[];
  links: { to: string; title: string }[];
  searchUrl: string | null;
  suggestions: string[];
  /** An error notice rather than an answer. */
  error?: boolean;
};
export type ChatEntry = UserEntry | BotEntry;

/** Messages kept: the oldest go first. */
export const MAX_ENTRIES = 40;

export const EXAMPLE_QUESTIONS: readonly string[] = [
  '¿Dónde reciclo vidrio en Córdoba?',
  '¿Hay talleres este finde en CABA?',
  '¿Cómo publico un anuncio?',
];

const DATED: readonly CategoryKey[] = ['events', 'courses'];

export function toCard(publication: PublicationJson): ChatCard {
  return {
    id: publication._id,
    typed: publication.typed,
    title: publication.title,
    cover: coverThumbnail(publication),
    place: placeNames(publication).slice(0, 2).join(', '),
    date:
      DATED.includes(publication.typed) && publication.calendaredAt
        ? formatDate(publication.calendaredAt, publication.locationCountry)
        : null,
    rating: publication.createdBy.rating,
  };
}

export function botEntry(reply: AssistantReply<PublicationJson>): BotEntry {
  return {
    from: 'bot',
    message: reply.message,
    cards: reply.publications.map(toCard),
    faq: reply.faq,
    links: reply.links,
    searchUrl: reply.searchUrl,
    suggestions: reply.suggestions,
  };
}

export function errorEntry(message: string): BotEntry {
  return {
    from: 'bot',
    message,
    cards: [],
    faq: [],
    links: [],
    searchUrl: null,
    suggestions: [],
    error: true,
  };
}

/** A path of this site ('/publications?…'), never another origin or a script. */
export function isSitePath(value: unknown): value is string {
  return (
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
  );
}

const text = (value: unknown, max = 2000): value is string =>
  typeof value === 'string' && value.length <= max;

function readCard(value: unknown): ChatCard | null {
  if (typeof value !== 'object' || value === null) return null;
  const card = value as Record<string, unknown>;
  if (!text(card.id, 100) || !isCategoryKey(card.typed) || !text(card.title, 200) || !text(card.place, 200)) {
    return null;
  }
  return {
    id: card.id,
    typed: card.typed,
    title: card.title,
    cover: isSitePath(card.cover) ? card.cover : null,
    place: card.place,
    date: text(card.date, 40) ? card.date : null,
    rating: readRating(card.rating),
  };
}

/** A stored rating, or nothing when the tab's storage holds anything else. */
function readRating(value: unknown): SellerRating | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { qualificationAvg, count } = value as Record<string, unknown>;
  const average =
    qualificationAvg === null || (typeof qualificationAvg === 'number' && qualificationAvg >= 1);
  if (!average || typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined;
  return { qualificationAvg: qualificationAvg as number | null, count };
}

function readEntry(value: unknown): ChatEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  if (!text(entry.message)) return null;
  if (entry.from === 'user') return { from: 'user', message: entry.message.slice(0, LIMITS.botMessage.max) };
  if (entry.from !== 'bot') return null;
  const list = (items: unknown) => (Array.isArray(items) ? items.slice(0, 12) : []);
  return {
    from: 'bot',
    message: entry.message,
    cards: list(entry.cards).flatMap((card) => readCard(card) ?? []),
    faq: list(entry.faq).flatMap((item) => {
      const faq = item as Record<string, unknown>;
      return text(faq.key, 100) && /^[a-z0-9-]+$/.test(faq.key) && text(faq.question, 300)
        ? [{ key: faq.key, question: faq.question }]
        : [];
    }),
    links: list(entry.links).flatMap((item) => {
      const link = item as Record<string, unknown>;
      return isSitePath(link.to) && text(link.title, 200) ? [{ to: link.to, title: link.title }] : [];
    }),
    searchUrl: isSitePath(entry.searchUrl) ? entry.searchUrl : null,
    suggestions: list(entry.suggestions).filter((suggestion): suggestion is string => text(suggestion, 300)),
    ...(entry.error === true ? { error: true } : {}),
  };
}

/** A stored or posted conversation; an empty one for anything unreadable. */
export function parseConversation(raw: string | null | undefined): ChatEntry[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .slice(-MAX_ENTRIES)
      .map(readEntry)
      .filter((entry): entry is ChatEntry => entry !== null);
  } catch {
    return [];
  }
}

export function appendEntries(conversation: readonly ChatEntry[], ...entries: ChatEntry[]): ChatEntry[] {
  return [...conversation, ...entries].slice(-MAX_ENTRIES);
}
