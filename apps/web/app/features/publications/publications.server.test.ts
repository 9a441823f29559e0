import { describe, expect, it } from 'vitest';
import { withoutParameterNames } from './publications.server';

describe("a list's refused query on the page", () => {
  it('drops the parameter each issue names and keeps its Spanish message whole', () => {
    expect(withoutParameterNames('from: La fecha "desde" no puede ser posterior a la fecha "hasta"')).toBe(
      'La fecha "desde" no puede ser posterior a la fecha "hasta"',
    );
    expect(
      withoutParameterNames(
        'labels.0: El material es incorrecto; bbox: El área del mapa está invertida: el mínimo supera al máximo',
      ),
    ).toBe('El material es incorrecto; El área del mapa está invertida: el mínimo supera al máximo');
    // A message without a parameter (a framework's, in Spanish) stays as it is.
    expect(withoutParameterNames('La solicitud contiene caracteres no válidos')).toBe(
      'La solicitud contiene caracteres no válidos',
    );
  });
});
