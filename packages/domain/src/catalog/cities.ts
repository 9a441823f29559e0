import type { City } from '../types/catalog.ts';

type CityRow = readonly [key: string, name: string];

// Rows grouped by province keep the data readable; keys are unique across every province.
const CITY_ROWS: Readonly<Record<string, { countryKey: string; rows: readonly CityRow[] }>> = {
  sde: {
    countryKey: 'arg',
    rows: [
      ['sde-city', 'Santiago del Estero'],
      ['la-banda', 'La Banda'],
      ['termas-de-rio-hondo', 'Termas de Río Hondo'],
      ['anatuya', 'Añatuya'],
      ['frias', 'Frías'],
      ['fernandez', 'Fernández'],
    ],
  },
  baires: {
    countryKey: 'arg',
    rows: [
      ['caba', 'Ciudad Autónoma de Buenos Aires'],
      ['gran-ba', 'Gran Buenos Aires'],
      ['la-plata', 'La Plata'],
      ['mar-del-plata', 'Mar del Plata'],
      ['bahia-blanca', 'Bahía Blanca'],
      ['tandil', 'Tandil'],
      ['olavarria', 'Olavarría'],
      ['pergamino', 'Pergamino'],
      ['junin', 'Junín'],
      ['lujan', 'Luján'],
    ],
  },
  cordoba: {
    countryKey: 'arg',
    rows: [
      ['cba-city', 'Córdoba'],
      ['villa-carlos-paz', 'Villa Carlos Paz'],
      ['rio-cuarto', 'Río Cuarto'],
      ['villa-maria', 'Villa María'],
      ['san-francisco', 'San Francisco'],
      ['alta-gracia', 'Alta Gracia'],
      ['rio-tercero', 'Río Tercero'],
      ['jesus-maria', 'Jesús María'],
      ['cosquin', 'Cosquín'],
      ['la-falda', 'La Falda'],
    ],
  },
  tucuman: {
    countryKey: 'arg',
    rows: [
      ['san-miguel-de-tucuman', 'San Miguel de Tucumán'],
      ['yerba-buena', 'Yerba Buena'],
      ['tafi-viejo', 'Tafí Viejo'],
      ['banda-del-rio-sali', 'Banda del Río Salí'],
      ['concepcion', 'Concepción'],
      ['aguilares', 'Aguilares'],
      ['tafi-del-valle', 'Tafí del Valle'],
    ],
  },
  'san-luis': {
    countryKey: 'arg',
    rows: [
      ['san-luis-city', 'San Luis'],
      ['villa-mercedes', 'Villa Mercedes'],
      ['merlo', 'Merlo'],
      ['la-punta', 'La Punta'],
      ['juana-koslay', 'Juana Koslay'],
      ['justo-daract', 'Justo Daract'],
    ],
  },
  mendoza: {
    countryKey: 'arg',
    rows: [
      ['mendoza-city', 'Mendoza'],
      ['godoy-cruz', 'Godoy Cruz'],
      ['guaymallen', 'Guaymallén'],
      ['las-heras', 'Las Heras'],
      ['lujan-de-cuyo', 'Luján de Cuyo'],
      ['maipu', 'Maipú'],
      ['san-rafael', 'San Rafael'],
      ['tunuyan', 'Tunuyán'],
    ],
  },
  antioquia: {
    countryKey: 'col',
    rows: [
      ['medellin', 'Medellín'],
      ['bello', 'Bello'],
      ['itagui', 'Itagüí'],
      ['envigado', 'Envigado'],
      ['rionegro', 'Rionegro'],
      ['sabaneta', 'Sabaneta'],
      ['apartado', 'Apartadó'],
    ],
  },
  boyaca: {
    countryKey: 'col',
    rows: [
      ['tunja', 'Tunja'],
      ['duitama', 'Duitama'],
      ['sogamoso', 'Sogamoso'],
      ['chiquinquira', 'Chiquinquirá'],
      ['paipa', 'Paipa'],
      ['villa-de-leyva', 'Villa de Leyva'],
    ],
  },
  cesar: {
    countryKey: 'col',
    rows: [
      ['valledupar', 'Valledupar'],
      ['aguachica', 'Aguachica'],
      ['agustin-codazzi', 'Agustín Codazzi'],
      ['bosconia', 'Bosconia'],
      ['la-jagua-de-ibirico', 'La Jagua de Ibirico'],
      ['curumani', 'Curumaní'],
    ],
  },
};

export const cities: readonly City[] = Object.entries(CITY_ROWS).flatMap(
  ([provinceKey, { countryKey, rows }]) =>
    rows.map(([key, name]) => ({ key, name, countryKey, provinceKey })),
);

export function citiesOf(provinceKey: string): readonly City[] {
  return cities.filter((city) => city.provinceKey === provinceKey);
}

export function findCity(key: string): City | undefined {
  return cities.find((city) => city.key === key);
}
