import type { DemoContact } from './types.ts';

// What the WhatsApp cart recorded: members (and a few guests) writing to sellers with a phone about one or more of
// their publications, some before buying them. Each is sent after its publications were posted. `buyer` and
// `seller` are demo user keys, `publications` demo publication keys.

export const demoContacts: readonly DemoContact[] = [
  { buyer: 'lucia', seller: 'martin', publications: ['bolsas-algodon', 'cajas-mudanza'], hoursAgo: 8 },
  { buyer: 'sofia', seller: 'martin', publications: ['botellas-vidrio-alta-gracia'], hoursAgo: 20 },
  { buyer: 'rocio', seller: 'martin', publications: ['celulares-reacondicionados-cordoba'], hoursAgo: 170 },
  { buyer: null, seller: 'martin', publications: ['celulares-reacondicionados-cordoba'], hoursAgo: 30 },
  { buyer: 'martin', seller: 'lucia', publications: ['curso-reparacion'], hoursAgo: 7 },
  { buyer: 'julian', seller: 'lucia', publications: ['retiro-reciclables-caba'], hoursAgo: 52 },
  { buyer: null, seller: 'lucia', publications: ['feria-americana-palermo'], hoursAgo: 30 },
  { buyer: 'valentina', seller: 'sofia', publications: ['frascos-conserva'], hoursAgo: 10 },
  { buyer: 'diego', seller: 'sofia', publications: ['curso-papel-reciclado-sde'], hoursAgo: 100 },
  { buyer: 'lucia', seller: 'julian', publications: ['curso-promotor-ambiental-la-plata'], hoursAgo: 250 },
  {
    buyer: 'nahuel',
    seller: 'julian',
    publications: ['compost-maduro-la-plata', 'papel-oficina-la-plata'],
    hoursAgo: 40,
  },
  { buyer: 'martin', seller: 'diego', publications: ['palets-madera-tucuman'], hoursAgo: 50 },
  {
    buyer: 'sofia',
    seller: 'diego',
    publications: ['curso-reciclaje-textil-tucuman', 'taller-huerta-tucuman'],
    hoursAgo: 65,
  },
  {
    buyer: 'lucia',
    seller: 'nahuel',
    publications: ['velas-soja-mar-del-plata', 'lonas-banners-mar-del-plata'],
    hoursAgo: 60,
  },
  { buyer: 'valentina', seller: 'nahuel', publications: ['velas-soja-mar-del-plata'], hoursAgo: 315 },
  { buyer: 'julian', seller: 'rocio', publications: ['latas-aluminio-san-luis'], hoursAgo: 80 },
  { buyer: 'valentina', seller: 'rocio', publications: ['aceite-usado-san-luis'], hoursAgo: 30 },
  { buyer: 'camila', seller: 'andres', publications: ['panales-tela-tunja'], hoursAgo: 410 },
  { buyer: 'luisa', seller: 'andres', publications: ['curso-permacultura-paipa'], hoursAgo: 605 },
  { buyer: null, seller: 'andres', publications: ['tejas-ladrillos-sogamoso'], hoursAgo: 100 },
  { buyer: 'andres', seller: 'camila', publications: ['ropa-segunda-mano-envigado'], hoursAgo: 25 },
  {
    buyer: 'luisa',
    seller: 'camila',
    publications: ['curso-residuos-organicos', 'limpieza-quebrada-medellin'],
    hoursAgo: 50,
  },
  {
    buyer: 'andres',
    seller: 'luisa',
    publications: ['composteras-valledupar', 'botellas-pet-valledupar'],
    hoursAgo: 40,
  },
  { buyer: 'camila', seller: 'luisa', publications: ['curso-compostaje-valledupar'], hoursAgo: 90 },
];
