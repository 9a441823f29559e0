import type { Province } from '../types/catalog.ts';

export const provinces: readonly Province[] = [
  { _id: 'sde', key: 'sde', name: 'Santiago del Estero', countryKey: 'arg' },
  { _id: 'baires', key: 'baires', name: 'Buenos Aires', countryKey: 'arg' },
  { _id: 'cordoba', key: 'cordoba', name: 'Córdoba', countryKey: 'arg' },
  { _id: 'tucuman', key: 'tucuman', name: 'Tucumán', countryKey: 'arg' },
  { _id: 'san-luis', key: 'san-luis', name: 'San Luis', countryKey: 'arg' },
  { _id: 'mendoza', key: 'mendoza', name: 'Mendoza', countryKey: 'arg' },
  { _id: 'antioquia', key: 'antioquia', name: 'Antioquia', countryKey: 'col' },
  { _id: 'boyaca', key: 'boyaca', name: 'Boyacá', countryKey: 'col' },
  { _id: 'cesar', key: 'cesar', name: 'Cesar', countryKey: 'col' },
];

export function provincesOf(countryKey: string): readonly Province[] {
  return provinces.filter((province) => province.countryKey === countryKey);
}

export function findProvince(key: string): Province | undefined {
  return provinces.find((province) => province.key === key);
}
