import type { DemoUser } from './types.ts';

export const DEMO_SUPER_USER_EMAIL = 'admin@ecoanuncios.local';
export const DEMO_SUPER_USER_PASSWORD = 'ecoanuncios-admin';
export const DEMO_USER_PASSWORD = 'ecoanuncios-demo';
/** Key of the super user, who also signs the tips. */
export const DEMO_SUPER_USER_KEY = 'lucia';

// People from the provinces with data of both countries. Phone numbers are fictitious (zeros after the area
// code); one person has none, so that cards without the contact-cart button show up too.
export const demoUsers: readonly DemoUser[] = [
  {
    key: DEMO_SUPER_USER_KEY,
    name: 'Lucía Fernández',
    email: DEMO_SUPER_USER_EMAIL,
    isSuperUser: true,
    phone: '5491100000001',
    place: { country: 'arg', province: 'baires', city: 'caba', address: 'Av. Corrientes 1847, Balvanera' },
  },
  {
    key: 'martin',
    name: 'Martín Gómez',
    email: 'martin.gomez@ecoanuncios.local',
    isSuperUser: false,
    phone: '5493510000002',
    place: { country: 'arg', province: 'cordoba', city: 'cba-city', address: 'Bv. San Juan 420, Centro' },
  },
  {
    key: 'sofia',
    name: 'Sofía Ledesma',
    email: 'sofia.ledesma@ecoanuncios.local',
    isSuperUser: false,
    phone: '5493850000003',
    place: { country: 'arg', province: 'sde', city: 'sde-city' },
  },
  {
    key: 'julian',
    name: 'Julián Acosta',
    email: 'julian.acosta@ecoanuncios.local',
    isSuperUser: false,
    phone: '5492210000004',
    place: { country: 'arg', province: 'baires', city: 'la-plata', address: 'Calle 7 número 1020' },
  },
  {
    key: 'valentina',
    name: 'Valentina Quiroga',
    email: 'valentina.quiroga@ecoanuncios.local',
    isSuperUser: false,
    phone: null,
    place: { country: 'arg', province: 'mendoza', city: 'godoy-cruz' },
  },
  {
    key: 'camila',
    name: 'Camila Restrepo',
    email: 'camila.restrepo@ecoanuncios.local',
    isSuperUser: false,
    phone: '573000000006',
    place: {
      country: 'col',
      province: 'antioquia',
      city: 'medellin',
      address: 'Carrera 43A # 1-50, El Poblado',
    },
  },
  {
    key: 'andres',
    name: 'Andrés Felipe Rojas',
    email: 'andres.rojas@ecoanuncios.local',
    isSuperUser: false,
    phone: '573100000007',
    place: { country: 'col', province: 'boyaca', city: 'tunja' },
  },
  {
    key: 'diego',
    name: 'Diego Albornoz',
    email: 'diego.albornoz@ecoanuncios.local',
    isSuperUser: false,
    phone: '5493810000008',
    place: {
      country: 'arg',
      province: 'tucuman',
      city: 'san-miguel-de-tucuman',
      address: '25 de Mayo 640, San Miguel de Tucumán',
    },
  },
  {
    key: 'rocio',
    name: 'Rocío Funes',
    email: 'rocio.funes@ecoanuncios.local',
    isSuperUser: false,
    phone: '5492660000009',
    place: { country: 'arg', province: 'san-luis', city: 'san-luis-city' },
  },
  {
    key: 'nahuel',
    name: 'Nahuel Ibáñez',
    email: 'nahuel.ibanez@ecoanuncios.local',
    isSuperUser: false,
    phone: '5492230000010',
    place: { country: 'arg', province: 'baires', city: 'mar-del-plata' },
  },
  {
    key: 'luisa',
    name: 'Luisa Fernanda Daza',
    email: 'luisa.daza@ecoanuncios.local',
    isSuperUser: false,
    phone: '573200000011',
    place: { country: 'col', province: 'cesar', city: 'valledupar', address: 'Calle 16 # 12-45, Centro' },
  },
];
