import type { DemoOrder } from './types.ts';

// Purchases with Mercado Pago between demo members of the same country, in every status an order can reach: paid
// at once, with a second card after a rejection, with a cash ticket (Rapipago, Pago Fácil, Efecty) paid the next
// day or left to expire, held in review, refunded, charged back after a claim, or abandoned at the checkout. Each
// is placed after its publication was posted. `buyer` is a demo user key, `publication` a demo publication key.

export const demoOrders: readonly DemoOrder[] = [
  // Lucía sells the collection of recyclables in the City and her repair course; she also buys.
  {
    // Julián lives in La Plata, outside the collection's area: Lucía refunded him the next day.
    buyer: 'julian',
    publication: 'retiro-reciclables-caba',
    quantity: 1,
    hoursAgo: 50,
    payments: [
      { status: 'approved', after: { minutes: 4 } },
      { status: 'refunded', after: { hours: 26 } },
    ],
  },
  {
    buyer: 'julian',
    publication: 'curso-reparacion',
    quantity: 1,
    hoursAgo: 40,
    payments: [{ status: 'approved', after: { minutes: 3 } }],
  },
  {
    buyer: 'nahuel',
    publication: 'curso-reparacion',
    quantity: 1,
    hoursAgo: 20,
    payments: [
      { status: 'rejected', after: { minutes: 2 } },
      { status: 'approved', attempt: 2, after: { minutes: 9 } },
    ],
  },
  { buyer: 'martin', publication: 'curso-reparacion', quantity: 1, hoursAgo: 5, payments: [] },
  {
    buyer: 'lucia',
    publication: 'cepillos-bambu',
    quantity: 2,
    hoursAgo: 30,
    payments: [{ status: 'approved', after: { minutes: 2 } }],
  },
  {
    // A Rapipago ticket, paid in cash the next day.
    buyer: 'lucia',
    publication: 'curso-promotor-ambiental-la-plata',
    quantity: 1,
    hoursAgo: 240,
    payments: [
      { status: 'pending', after: { minutes: 5 } },
      { status: 'approved', after: { hours: 20 } },
    ],
  },
  {
    buyer: 'lucia',
    publication: 'velas-soja-mar-del-plata',
    quantity: 3,
    hoursAgo: 288,
    payments: [
      { status: 'in_process', after: { minutes: 1 } },
      { status: 'rejected', after: { hours: 3 } },
    ],
  },
  {
    // Still in Mercado Pago's review.
    buyer: 'lucia',
    publication: 'celulares-reacondicionados-cordoba',
    quantity: 1,
    hoursAgo: 2,
    payments: [{ status: 'in_process', after: { minutes: 2 } }],
  },

  // Martín sells bags and refurbished phones.
  {
    buyer: 'diego',
    publication: 'celulares-reacondicionados-cordoba',
    quantity: 1,
    hoursAgo: 216,
    payments: [{ status: 'approved', after: { minutes: 3 } }],
  },
  {
    // Rocío opened a claim; Mercado Pago decided for her and gave the money back.
    buyer: 'rocio',
    publication: 'celulares-reacondicionados-cordoba',
    quantity: 1,
    hoursAgo: 168,
    payments: [
      { status: 'approved', after: { minutes: 2 } },
      { status: 'in_mediation', after: { days: 3 } },
      { status: 'charged_back', after: { days: 2 } },
    ],
  },
  {
    buyer: 'sofia',
    publication: 'bolsas-algodon',
    quantity: 5,
    hoursAgo: 10,
    payments: [{ status: 'approved', after: { minutes: 2 } }],
  },
  {
    // A Pago Fácil ticket not paid yet.
    buyer: 'valentina',
    publication: 'bolsas-algodon',
    quantity: 3,
    hoursAgo: 4,
    payments: [{ status: 'pending', after: { minutes: 4 } }],
  },
  {
    buyer: 'martin',
    publication: 'curso-bioconstruccion',
    quantity: 2,
    hoursAgo: 80,
    payments: [{ status: 'approved', after: { minutes: 5 } }],
  },
  {
    buyer: 'martin',
    publication: 'jabon-aceite-reciclado',
    quantity: 4,
    hoursAgo: 144,
    payments: [{ status: 'rejected', after: { minutes: 1 } }],
  },

  // Sofía sells soap and her recycled paper course.
  {
    buyer: 'diego',
    publication: 'curso-papel-reciclado-sde',
    quantity: 1,
    hoursAgo: 96,
    payments: [{ status: 'approved', after: { minutes: 2 } }],
  },
  {
    // The Pago Fácil ticket expired unpaid.
    buyer: 'nahuel',
    publication: 'jabon-aceite-reciclado',
    quantity: 6,
    hoursAgo: 192,
    payments: [
      { status: 'pending', after: { minutes: 3 } },
      { status: 'cancelled', after: { days: 3 } },
    ],
  },
  {
    buyer: 'julian',
    publication: 'jabon-aceite-reciclado',
    quantity: 10,
    hoursAgo: 72,
    payments: [{ status: 'approved', after: { minutes: 1 } }],
  },
  {
    buyer: 'sofia',
    publication: 'curso-reciclaje-textil-tucuman',
    quantity: 1,
    hoursAgo: 60,
    payments: [{ status: 'approved', after: { minutes: 2 } }],
  },
  { buyer: 'sofia', publication: 'cepillos-bambu', quantity: 1, hoursAgo: 1, payments: [] },
  {
    buyer: 'sofia',
    publication: 'velas-soja-mar-del-plata',
    quantity: 2,
    hoursAgo: 12,
    payments: [{ status: 'approved', after: { minutes: 2 } }],
  },

  // Julián's course for environmental promoters, partly online, draws people from other provinces.
  {
    buyer: 'rocio',
    publication: 'curso-promotor-ambiental-la-plata',
    quantity: 1,
    hoursAgo: 432,
    payments: [{ status: 'approved', after: { minutes: 2 } }],
  },
  {
    buyer: 'diego',
    publication: 'curso-promotor-ambiental-la-plata',
    quantity: 1,
    hoursAgo: 360,
    payments: [
      { status: 'in_process', after: { minutes: 1 } },
      { status: 'approved', after: { hours: 1 } },
    ],
  },
  {
    buyer: 'nahuel',
    publication: 'curso-promotor-ambiental-la-plata',
    quantity: 1,
    hoursAgo: 26,
    payments: [{ status: 'rejected', after: { minutes: 1 } }],
  },
  {
    buyer: 'valentina',
    publication: 'curso-promotor-ambiental-la-plata',
    quantity: 1,
    hoursAgo: 264,
    payments: [
      { status: 'rejected', after: { minutes: 2 } },
      { status: 'rejected', attempt: 2, after: { minutes: 6 } },
    ],
  },

  // Valentina sells toothbrushes, books and her bio-construction weekend.
  {
    buyer: 'rocio',
    publication: 'curso-bioconstruccion',
    quantity: 1,
    hoursAgo: 70,
    payments: [{ status: 'approved', after: { minutes: 4 } }],
  },
  {
    buyer: 'rocio',
    publication: 'libros-usados-mendoza',
    quantity: 3,
    hoursAgo: 528,
    payments: [
      { status: 'pending', after: { minutes: 5 } },
      { status: 'cancelled', after: { days: 3 } },
    ],
  },
  {
    buyer: 'diego',
    publication: 'cepillos-bambu',
    quantity: 2,
    hoursAgo: 20,
    payments: [{ status: 'in_process', after: { minutes: 2 } }],
  },

  // Nahuel sells soy candles.
  {
    buyer: 'valentina',
    publication: 'velas-soja-mar-del-plata',
    quantity: 2,
    hoursAgo: 312,
    payments: [{ status: 'approved', after: { minutes: 3 } }],
  },
  {
    buyer: 'diego',
    publication: 'velas-soja-mar-del-plata',
    quantity: 2,
    hoursAgo: 216,
    payments: [
      { status: 'pending', after: { minutes: 6 } },
      { status: 'cancelled', after: { days: 3 } },
    ],
  },

  // Colombia: Andrés sells cloth nappies and his permaculture weekend in Paipa.
  {
    buyer: 'camila',
    publication: 'panales-tela-tunja',
    quantity: 10,
    hoursAgo: 408,
    payments: [{ status: 'approved', after: { minutes: 3 } }],
  },
  {
    // Paid in cash at Efecty the next day.
    buyer: 'luisa',
    publication: 'panales-tela-tunja',
    quantity: 5,
    hoursAgo: 144,
    payments: [
      { status: 'pending', after: { minutes: 4 } },
      { status: 'approved', after: { days: 1 } },
    ],
  },
  {
    // Luisa asked for her money back when the date did not suit her; she enrolled again later (below).
    buyer: 'luisa',
    publication: 'curso-permacultura-paipa',
    quantity: 1,
    hoursAgo: 600,
    payments: [
      { status: 'approved', after: { minutes: 2 } },
      { status: 'refunded', after: { days: 6 } },
    ],
  },
  {
    buyer: 'camila',
    publication: 'curso-permacultura-paipa',
    quantity: 1,
    hoursAgo: 336,
    payments: [
      { status: 'in_process', after: { minutes: 1 } },
      { status: 'rejected', after: { hours: 5 } },
    ],
  },
  {
    buyer: 'luisa',
    publication: 'curso-permacultura-paipa',
    quantity: 1,
    hoursAgo: 30,
    payments: [{ status: 'in_process', after: { minutes: 2 } }],
  },
  { buyer: 'camila', publication: 'panales-tela-tunja', quantity: 5, hoursAgo: 3, payments: [] },
];
