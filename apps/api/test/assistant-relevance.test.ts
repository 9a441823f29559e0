import { searchStem } from '@eco/domain';
import { describe, expect, it } from 'vitest';
import { holdsEvery, negatedStemsOf } from '../src/modules/assistant/relevance.ts';
import type { PublicationWithAuthor } from '../src/modules/publications/repository.ts';

// Whether a card is about what was asked (relevance.ts): the search matches word beginnings anywhere; an answer must
// not show the cooking-oil tip for batteries, the glass bank that refuses lamps, or the town named after yerba.

function row(title: string, description: string, city: string | null = null): PublicationWithAuthor {
  return {
    title,
    description,
    labels: '[]',
    location_city: city,
    location_province: null,
  } as unknown as PublicationWithAuthor;
}

const stem = (word: string) => searchStem(word);

describe('assistant relevance', () => {
  it('takes a short stem only as a whole word', () => {
    const oil = row('Qué hacer con el aceite', 'Nunca lo tires por la pileta.');
    const batteries = row('Pilas y baterías', 'Guardalas en un frasco.');
    expect(holdsEvery(oil, [stem('pilas')])).toBe(false);
    expect(holdsEvery(batteries, [stem('pilas')])).toBe(true);
    // How the search itself matched: any beginning.
    expect(holdsEvery(oil, [stem('pilas')], { loose: true })).toBe(true);
  });

  it('takes a longer stem as the beginning of a word, unless whole words are asked', () => {
    const workshop = row('Taller de compostaje domiciliario', 'Aprendé a separar.');
    expect(holdsEvery(workshop, [stem('compost')])).toBe(true);
    expect(holdsEvery(workshop, [stem('compost')], { whole: true })).toBe(false);
    expect(holdsEvery(workshop, [stem('compostaje')], { title: true })).toBe(true);
    expect(holdsEvery(row('Feria', 'Habrá compostaje.'), [stem('compostaje')], { title: true })).toBe(false);
  });

  it('does not count what a sentence excludes', () => {
    const glass = row(
      'Campana de vidrio',
      'Botellas y frascos. No se reciben espejos, vidrios de ventana ni lámparas.',
    );
    expect(holdsEvery(glass, [stem('lamparas')])).toBe(false);
    expect(holdsEvery(glass, [stem('frascos')])).toBe(true);
    const paper = row('Acopio de cartón', 'Cajas desarmadas, siempre secas y sin restos de comida.');
    expect(holdsEvery(paper, [stem('comida')])).toBe(false);
  });

  it("does not count the publication's own town", () => {
    const bins = row(
      'Contenedores en Yerba Buena',
      'Botellas plásticas en la plaza de Yerba Buena.',
      'yerba-buena',
    );
    expect(holdsEvery(bins, [stem('yerba')])).toBe(false);
    expect(holdsEvery(bins, [stem('botellas')])).toBe(true);
  });

  it('asks what the question wants to be without to be excluded in the publication too', () => {
    const negated = negatedStemsOf('¿Dónde compro cosas sin plástico?');
    expect([...negated]).toEqual([stem('plastico')]);
    const bags = row('Bolsas de algodón', 'Para hacer las compras sin plástico.');
    const bins = row('Composteras', 'Hechas con canecas plásticas recuperadas.');
    expect(holdsEvery(bags, [stem('plastico')], { negated })).toBe(true);
    expect(holdsEvery(bins, [stem('plastico')], { negated })).toBe(false);
  });

  it('holds anything when nothing is searched', () => {
    expect(holdsEvery(row('Cualquiera', 'Texto.'), [])).toBe(true);
  });
});
