import { describe, expect, it } from 'vitest';
import { CARD_TITLE_LENGTH, truncate } from '../src/index.ts';

describe('truncate', () => {
  it('leaves a text of at most max characters unchanged', () => {
    expect(truncate('Compost', 18)).toBe('Compost');
    expect(truncate('exactamente18chars', 18)).toBe('exactamente18chars');
    expect(truncate('', 6)).toBe('');
  });

  it('cuts a longer text to max characters and appends an ellipsis', () => {
    expect(truncate('Bicicleta restaurada con piezas recicladas', CARD_TITLE_LENGTH)).toBe(
      'Bicicleta restaura...',
    );
    expect(truncate('Florencia', 6)).toBe('Floren...');
  });

  it('trims the spaces at the end of the cut', () => {
    expect(truncate('Taller de   compost', 11)).toBe('Taller de...');
  });

  it('counts an emoji as one character', () => {
    expect(truncate('🌱🌱🌱🌱', 2)).toBe('🌱🌱...');
    expect(truncate('🌱🌱', 2)).toBe('🌱🌱');
  });
});
