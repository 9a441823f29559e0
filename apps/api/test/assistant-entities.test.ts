import { cities, foldText, MATERIAL_LABELS, provinces, countries } from '@eco/domain';
import { describe, expect, it } from 'vitest';
import { recogniseEntities } from '../src/modules/assistant/entities.ts';
import { MATERIAL_WORDS } from '../src/modules/assistant/lexicon.ts';

// The entity recogniser on its own: every name of the catalog typed without accents or capitals, the everyday
// words of the issue, abbreviations and typos.

function placeKey(text: string): string | undefined {
  const { place } = recogniseEntities(text);
  return place?.city ?? place?.province ?? place?.country;
}

describe('entity recogniser', () => {
  it('recognises every country by its name without accents', () => {
    for (const country of countries) expect(placeKey(`algo en ${foldText(country.name)}`)).toBe(country.key);
  });

  it('recognises every province by its name without accents', () => {
    for (const province of provinces) {
      expect(placeKey(`busco algo en ${foldText(province.name)}`), province.name).toBe(province.key);
    }
  });

  it('recognises every city by its name without accents, in its province and country', () => {
    for (const city of cities) {
      const { place } = recogniseEntities(`reciclar en ${foldText(city.name)}`);
      // A capital named like its province ('Córdoba', 'Mendoza') reads as the province, the wider place.
      const province = provinces.find((candidate) => foldText(candidate.name) === foldText(city.name));
      if (province !== undefined) {
        expect(place, city.name).toEqual({ country: city.countryKey, province: province.key });
      } else {
        expect(place, city.name).toEqual({
          country: city.countryKey,
          province: city.provinceKey,
          city: city.key,
        });
      }
    }
  });

  it('recognises every material by its label and by each of its everyday words', () => {
    for (const label of MATERIAL_LABELS) {
      // 'Otros' is the catch-all label: nobody asks for 'otros', and it is a stop word.
      const names = label === 'Otros' ? [] : foldText(label).split('/');
      for (const word of [...names, ...MATERIAL_WORDS[label]]) {
        expect(recogniseEntities(`tengo ${word}`).materials, word).toContain(label);
      }
    }
  });

  it('reads the everyday words of the issue', () => {
    const cases: [string, Partial<ReturnType<typeof recogniseEntities>>][] = [
      ['donde reciclo botellas', { category: 'dots', materials: ['Vidrios'] }],
      ['hay un punto verde por aca', { category: 'dots' }],
      ['contenedor de latas', { category: 'dots', materials: ['Aluminio/Hojalata'] }],
      ['taller de compost', { category: 'events' }],
      ['charla sobre residuos', { category: 'events' }],
      ['capacitacion en huerta', { category: 'courses' }],
      ['curso de reciclaje', { category: 'courses' }],
      ['vendo productos', { category: 'market' }],
      ['trueque de frascos', { category: 'barter', materials: ['Vidrios'] }],
      ['regalo cajas y diarios', { category: 'barter', materials: ['Papel/Cartón'] }],
      ['tips para reciclar', { category: 'tips' }],
      ['tapitas y bidones', { materials: ['Plásticos'] }],
      ['botellas de plastico', { materials: ['Plásticos'] }],
      ['ropa y telas', { materials: ['Telas/Trapos'] }],
      ['cajas de tetra', { materials: ['Tetrabrik'] }],
      ['espuma plast', { materials: ['Telgopor'] }],
    ];
    for (const [text, expected] of cases) expect(recogniseEntities(text), text).toMatchObject(expected);
  });

  it('reads common names and abbreviations of places', () => {
    expect(placeKey('en cba')).toBe('cordoba');
    expect(placeKey('en caba')).toBe('caba');
    expect(placeKey('en capital federal')).toBe('caba');
    expect(placeKey('en bs as')).toBe('baires');
    expect(placeKey('en bs. as.')).toBe('baires');
    expect(placeKey('en gba')).toBe('gran-ba');
    expect(placeKey('en la plata')).toBe('la-plata');
    expect(placeKey('en mdq')).toBe('mar-del-plata');
    expect(recogniseEntities('en medellín').place).toEqual({
      country: 'col',
      province: 'antioquia',
      city: 'medellin',
    });
  });

  it('forgives a typo in a place, a material or a category', () => {
    expect(placeKey('en medelin')).toBe('medellin');
    expect(placeKey('en cordova')).toBe('cordoba');
    expect(recogniseEntities('donde recilo plastco')).toMatchObject({
      category: 'dots',
      materials: ['Plásticos'],
    });
  });

  it('keeps the narrower of two nested places and the words left for the text search', () => {
    expect(placeKey('cordoba, rio cuarto')).toBe('rio-cuarto');
    expect(recogniseEntities('busco curso de huerta en medellin').words).toEqual(['huerta']);
    expect(recogniseEntities('hay talleres de compostaje?').words).toEqual(['compostaje']);
  });
});
