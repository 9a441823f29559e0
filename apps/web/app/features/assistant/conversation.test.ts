import { describe, expect, it } from 'vitest';
import type { PublicationJson } from '../publications/publications';
import {
  appendEntries,
  botEntry,
  MAX_ENTRIES,
  parseConversation,
  toCard,
  type ChatEntry,
} from './conversation';

const event = {
  _id: 'p1',
  typed: 'events',
  title: 'Taller de compost',
  description: 'Traé un balde',
  calendaredAt: '2026-06-06T13:00:00.000Z',
  locationCountry: 'arg',
  locationProvince: 'cordoba',
  locationCity: 'cba-city',
  files: [{ url: '/media/a.webp', thumbnailUrl: '/media/a-480.webp' }],
  createdBy: {
    _id: 'u1',
    name: 'Ana',
    pictureUrl: null,
    phone: null,
    rating: { qualificationAvg: 4.5, count: 2 },
  },
} as unknown as PublicationJson;

describe('assistant conversation', () => {
  it('turns a publication into a small card: category, title, place and the local date of events', () => {
    expect(toCard(event)).toEqual({
      id: 'p1',
      typed: 'events',
      title: 'Taller de compost',
      cover: '/media/a-480.webp',
      place: 'Córdoba, Córdoba',
      date: '06/06/2026 10:00',
      rating: { qualificationAvg: 4.5, count: 2 },
    });
    expect(toCard({ ...event, typed: 'dots' } as PublicationJson).date).toBeNull();
  });

  it('reads back what it stored', () => {
    const conversation: ChatEntry[] = [
      { from: 'user', message: 'talleres en cordoba' },
      botEntry({
        message: 'Encontré 1 evento o taller en Córdoba.',
        publications: [event],
        faq: [{ key: 'como-publicar', question: '¿Cómo publico un anuncio?' }],
        links: [{ to: '/publications/new', title: 'Publicar' }],
        searchUrl: '/publications?what=events&country=arg&province=cordoba',
        suggestions: ['¿Qué cursos hay el mes que viene?'],
      }),
    ];
    expect(parseConversation(JSON.stringify(conversation))).toEqual(conversation);
  });

  it('drops anything unreadable, and links and images that are not paths of the site', () => {
    expect(parseConversation('not json')).toEqual([]);
    expect(parseConversation('{"from":"user"}')).toEqual([]);
    const [entry] = parseConversation(
      JSON.stringify([
        {
          from: 'bot',
          message: 'Hola',
          cards: [
            {
              id: 'x',
              typed: 'dots',
              title: 'T',
              place: '',
              cover: 'https://evil.example/a.png',
              date: null,
            },
          ],
          faq: [{ key: '"><script>', question: 'q' }],
          links: [
            { to: 'javascript:alert(1)', title: 'x' },
            { to: '//evil.example', title: 'y' },
            { to: '/terms', title: 'Términos' },
          ],
          searchUrl: 'https://evil.example',
          suggestions: ['¿Y en Mendoza?', 42],
        },
        { from: 'robot', message: 'x' },
      ]),
    );
    expect(entry).toEqual({
      from: 'bot',
      message: 'Hola',
      cards: [{ id: 'x', typed: 'dots', title: 'T', place: '', cover: null, date: null }],
      faq: [],
      links: [{ to: '/terms', title: 'Términos' }],
      searchUrl: null,
      suggestions: ['¿Y en Mendoza?'],
    });
  });

  it(`keeps the last ${MAX_ENTRIES} messages`, () => {
    const many = Array.from({ length: MAX_ENTRIES + 5 }, (_, index): ChatEntry => ({
      from: 'user',
      message: `${index}`,
    }));
    const kept = appendEntries(many, { from: 'user', message: 'último' });
    expect(kept).toHaveLength(MAX_ENTRIES);
    expect(kept.at(-1)).toEqual({ from: 'user', message: 'último' });
  });
});
