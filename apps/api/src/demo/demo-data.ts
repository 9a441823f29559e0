import type { CategoryKey, MaterialLabel } from '@eco/domain';

// The demo content a newcomer sees on an empty database: people from Argentina and Colombia and their
// publications in every category. Dates are relative to the moment of loading, so events stay upcoming.

export const DEMO_SUPER_USER_EMAIL = 'admin@ecoanuncios.local';
export const DEMO_SUPER_USER_PASSWORD = 'ecoanuncios-admin';
export const DEMO_USER_PASSWORD = 'ecoanuncios-demo';

/** UTC offsets of the demo countries (neither observes daylight saving time). */
export const COUNTRY_UTC_OFFSETS: Readonly<Record<string, string>> = { arg: '-03:00', col: '-05:00' };

export type DemoPlace = {
  country: string;
  province: string;
  city: string;
  address?: string;
  /** Latitude and longitude, for the map link. */
  coordinates?: readonly [number, number];
};

export type DemoUser = {
  key: string;
  name: string;
  email: string;
  isSuperUser: boolean;
  /** WhatsApp number, digits only; fictitious, padded with zeros. */
  phone: string | null;
  place: DemoPlace;
};

export type DemoPublication = {
  /** Stable name, used for the image files. */
  key: string;
  typed: CategoryKey;
  title: string;
  description: string;
  /** Key of the author among the demo users. */
  author: string;
  place: DemoPlace;
  labels?: readonly MaterialLabel[];
  quantity?: number;
  price?: number;
  discountRate?: number;
  /** Start of an event or course: days after loading, at a local time of day. */
  startsIn?: { days: number; time: string };
  /** How many images to draw (1 or 2). */
  images: 1 | 2;
  /** false: awaiting review (status 0). */
  published: boolean;
  /** Age at loading, so that lists have a natural order. */
  postedHoursAgo: number;
};

export const demoUsers: readonly DemoUser[] = [
  {
    key: 'lucia',
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
];

export const demoPublications: readonly DemoPublication[] = [
  // Puntos de Reciclaje
  {
    key: 'vidrio-guemes',
    typed: 'dots',
    title: 'Campana de vidrio en barrio Güemes',
    description:
      'Contenedor verde para botellas y frascos de vidrio de cualquier color. Enjuagalos y sacales las tapas antes de dejarlos: las tapas metálicas van con las latas. No se reciben espejos, vidrios de ventana ni lámparas. La cooperativa lo vacía los martes y viernes por la mañana.',
    author: 'martin',
    place: {
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
      address: 'Belgrano 750, esquina Laprida, barrio Güemes',
      coordinates: [-31.4245, -64.1912],
    },
    labels: ['Vidrios'],
    images: 2,
    published: true,
    postedHoursAgo: 5,
  },
  {
    key: 'ecopunto-la-plata',
    typed: 'dots',
    title: 'Ecopunto de plásticos y tetrabrik en Plaza Moreno',
    description:
      'Punto de entrega voluntaria de botellas PET, envases de plástico limpios y cajas de tetrabrik aplastadas. Atendido por recuperadores urbanos que te orientan sobre cómo separar. Abierto de lunes a sábado de 9 a 17 h.',
    author: 'julian',
    place: {
      country: 'arg',
      province: 'baires',
      city: 'la-plata',
      address: 'Plaza Moreno, calle 12 y 54',
      coordinates: [-34.9214, -57.9545],
    },
    labels: ['Plásticos', 'Tetrabrik'],
    images: 1,
    published: true,
    postedHoursAgo: 30,
  },
  {
    key: 'carton-la-banda',
    typed: 'dots',
    title: 'Centro de acopio de papel y cartón en La Banda',
    description:
      'Recibimos diarios, revistas, cuadernos usados y cajas de cartón desarmadas, siempre secos y sin restos de comida. Lo recuperado se vende a una papelera local y lo recaudado financia la copa de leche del barrio.',
    author: 'sofia',
    place: {
      country: 'arg',
      province: 'sde',
      city: 'la-banda',
      address: 'Av. Besares 1250, La Banda',
      coordinates: [-27.7336, -64.2421],
    },
    labels: ['Papel/Cartón'],
    images: 1,
    published: true,
    postedHoursAgo: 52,
  },
  {
    key: 'latas-textiles-medellin',
    typed: 'dots',
    title: 'Punto de recolección de latas y textiles en Laureles',
    description:
      'En la portería de la unidad recibimos latas de aluminio y de conserva, y ropa o trapos que ya no se puedan donar. Las latas van a una asociación de recicladores de oficio y los textiles se convierten en relleno para cojines.',
    author: 'camila',
    place: {
      country: 'col',
      province: 'antioquia',
      city: 'medellin',
      address: 'Circular 4 # 70-25, Laureles',
      coordinates: [6.2447, -75.5906],
    },
    labels: ['Aluminio/Hojalata', 'Telas/Trapos'],
    images: 2,
    published: true,
    postedHoursAgo: 75,
  },
  // Eventos y Talleres
  {
    key: 'taller-compost-la-plata',
    typed: 'events',
    title: 'Taller de compostaje domiciliario',
    description:
      'Aprendé a transformar los restos de frutas, verduras y yerba en abono para tus plantas. Veremos compostera de balde, lombricompuesto y cómo evitar olores y mosquitas. Actividad gratuita; traé un balde con tapa si querés armar el tuyo.',
    author: 'julian',
    place: {
      country: 'arg',
      province: 'baires',
      city: 'la-plata',
      address: 'Centro Cultural Islas Malvinas, calle 50 entre 19 y 20',
      coordinates: [-34.9269, -57.9644],
    },
    startsIn: { days: 10, time: '10:00' },
    images: 2,
    published: true,
    postedHoursAgo: 8,
  },
  {
    key: 'limpieza-costanera-sde',
    typed: 'events',
    title: 'Jornada de limpieza de la costanera del río Dulce',
    description:
      'Nos juntamos para recoger residuos en la costanera y separarlos para su reciclaje. Ponemos guantes y bolsas; vos traé gorra, agua y ganas. Al final compartimos una merienda y contamos cuánto recuperamos entre todos.',
    author: 'sofia',
    place: {
      country: 'arg',
      province: 'sde',
      city: 'sde-city',
      address: 'Costanera Sur y Av. Belgrano, frente al Puente Carretero',
      coordinates: [-27.7951, -64.2503],
    },
    startsIn: { days: 6, time: '09:00' },
    images: 1,
    published: true,
    postedHoursAgo: 20,
  },
  {
    key: 'feria-semillas-mendoza',
    typed: 'events',
    title: 'Feria de intercambio de semillas nativas',
    description:
      'Traé semillas de tu huerta o de plantas nativas y llevate otras. Habrá una mesa de guardianes de semillas que explicará cómo cosecharlas y conservarlas, y una charla sobre jardines de bajo consumo de agua en zonas secas.',
    author: 'valentina',
    place: {
      country: 'arg',
      province: 'mendoza',
      city: 'mendoza-city',
      address: 'Parque General San Martín, junto al Rosedal',
      coordinates: [-32.8894, -68.8737],
    },
    startsIn: { days: 17, time: '16:00' },
    images: 1,
    published: true,
    postedHoursAgo: 44,
  },
  {
    key: 'charla-separacion-tunja',
    typed: 'events',
    title: 'Charla: cómo separar los residuos en casa',
    description:
      'Conversatorio abierto sobre el código de colores de las canecas, qué va en cada una y qué pasa con los residuos después de que los sacamos. Trae tus preguntas; habrá ejemplos con empaques reales.',
    author: 'andres',
    place: {
      country: 'col',
      province: 'boyaca',
      city: 'tunja',
      address: 'Biblioteca Pública, Calle 20 # 9-90, Centro',
      coordinates: [5.5353, -73.3678],
    },
    startsIn: { days: 8, time: '17:30' },
    images: 1,
    published: false,
    postedHoursAgo: 3,
  },
  // Productos y Servicios
  {
    key: 'bolsas-algodon',
    typed: 'market',
    title: 'Bolsas reutilizables de algodón crudo',
    description:
      'Bolsas de algodón crudo cosidas a mano, de 40 × 45 cm con manijas reforzadas. Aguantan hasta 10 kg y se lavan en lavarropas. Ideales para el súper o la verdulería: una bolsa reemplaza cientos de bolsas de un solo uso.',
    author: 'martin',
    place: { country: 'arg', province: 'cordoba', city: 'cba-city' },
    quantity: 40,
    price: 2500,
    discountRate: 10,
    images: 2,
    published: true,
    postedHoursAgo: 12,
  },
  {
    key: 'cepillos-bambu',
    typed: 'market',
    title: 'Cepillos de dientes de bambú, pack de 4',
    description:
      'Mango de bambú compostable y cerdas suaves libres de BPA. Vienen en caja de cartón reciclado, sin plástico. Cuando termines de usarlo, sacale las cerdas con una pinza y enterrá el mango en la compostera.',
    author: 'valentina',
    place: { country: 'arg', province: 'mendoza', city: 'godoy-cruz' },
    quantity: 25,
    price: 4800,
    images: 1,
    published: true,
    postedHoursAgo: 36,
  },
  {
    key: 'retiro-reciclables-caba',
    typed: 'market',
    title: 'Retiro de reciclables a domicilio en CABA',
    description:
      'Pasamos una vez por semana a buscar tus reciclables ya separados y los llevamos a un centro verde de la Ciudad. Te dejamos una bolsa de red para la semana siguiente y un resumen mensual de los kilos recuperados. El precio es por mes.',
    author: 'lucia',
    place: { country: 'arg', province: 'baires', city: 'caba', address: 'Todos los barrios de la Ciudad' },
    quantity: 30,
    price: 6000,
    images: 1,
    published: true,
    postedHoursAgo: 60,
  },
  {
    key: 'jabon-aceite-reciclado',
    typed: 'market',
    title: 'Jabón para ropa hecho con aceite de cocina reciclado',
    description:
      'Panes de jabón de 200 g elaborados con aceite de cocina usado, filtrado y saponificado en frío. Rinde para unos 30 lavados a mano. Si nos traés un litro de aceite usado en botella cerrada te hacemos un descuento en la compra.',
    author: 'sofia',
    place: { country: 'arg', province: 'sde', city: 'sde-city' },
    quantity: 60,
    price: 1800,
    discountRate: 5,
    images: 1,
    published: true,
    postedHoursAgo: 90,
  },
  // Mercado de Materiales
  {
    key: 'frascos-conserva',
    typed: 'barter',
    title: 'Regalo frascos de vidrio para conservas',
    description:
      'Tengo unos 30 frascos de vidrio con tapa a rosca, de 350 y 500 ml, lavados y sin etiquetas. Sirven para conservas, dulces o para comprar a granel. Se retiran por el centro de Santiago; avisame antes por mensaje.',
    author: 'sofia',
    place: { country: 'arg', province: 'sde', city: 'sde-city' },
    labels: ['Vidrios'],
    quantity: 30,
    images: 2,
    published: true,
    postedHoursAgo: 15,
  },
  {
    key: 'retazos-tela',
    typed: 'barter',
    title: 'Retazos de tela para proyectos de upcycling',
    description:
      'Bolsa grande con retazos de jean, lino y algodón estampado que quedaron de un taller de costura. Perfectos para parches, bolsas, juguetes o relleno. Los cambio por frascos de vidrio o por plantines.',
    author: 'valentina',
    place: { country: 'arg', province: 'mendoza', city: 'godoy-cruz' },
    labels: ['Telas/Trapos'],
    images: 1,
    published: true,
    postedHoursAgo: 40,
  },
  {
    key: 'cajas-mudanza',
    typed: 'barter',
    title: 'Cajas de cartón de mudanza en buen estado',
    description:
      'Veinte cajas de cartón corrugado doble, medianas y grandes, usadas una sola vez. Las doy gratis a quien se mude o las necesite para guardar cosas. Quedan en Villa Carlos Paz; si nadie las usa, van al acopio de cartón.',
    author: 'martin',
    place: { country: 'arg', province: 'cordoba', city: 'villa-carlos-paz' },
    labels: ['Papel/Cartón'],
    quantity: 20,
    price: 0,
    images: 1,
    published: true,
    postedHoursAgo: 68,
  },
  {
    key: 'planchas-icopor',
    typed: 'barter',
    title: 'Planchas de telgopor para aislamiento o maquetas',
    description:
      'Quedaron seis planchas de telgopor (icopor) de 2 cm de espesor después de una remodelación. Están limpias y enteras; sirven para aislar techos, hacer maquetas o proteger envíos. Las cambio por materiales de huerta.',
    author: 'andres',
    place: { country: 'col', province: 'boyaca', city: 'tunja' },
    labels: ['Telgopor'],
    quantity: 6,
    images: 1,
    published: false,
    postedHoursAgo: 2,
  },
  // Consejos
  {
    key: 'compostera-balcon',
    typed: 'tips',
    title: 'Cómo armar una compostera en el balcón',
    description:
      'Con dos baldes con tapa podés compostar aunque vivas en un departamento. Agujereá el fondo del balde de arriba, alterná capas de restos húmedos (cáscaras, yerba, café) con secos (hojas, cartón cortado) y mantené la mezcla como una esponja escurrida. Revolvé una vez por semana y en dos o tres meses tenés abono.',
    author: 'lucia',
    place: { country: 'arg', province: 'baires', city: 'caba' },
    images: 1,
    published: true,
    postedHoursAgo: 26,
  },
  {
    key: 'usos-frascos',
    typed: 'tips',
    title: 'Cinco usos para los frascos de vidrio',
    description:
      'Antes de llevarlos al reciclaje, los frascos pueden tener otra vida: comprar legumbres y especias a granel, germinar semillas, guardar tornillos y clavos, hacer velas con restos de cera o armar un pequeño terrario. El vidrio se recicla infinitas veces, pero reutilizarlo ahorra todavía más energía.',
    author: 'camila',
    place: { country: 'col', province: 'antioquia', city: 'medellin' },
    images: 1,
    published: true,
    postedHoursAgo: 50,
  },
  {
    key: 'aceite-usado',
    typed: 'tips',
    title: 'Qué hacer con el aceite de cocina usado',
    description:
      'Nunca lo tires por la pileta: un litro de aceite puede contaminar miles de litros de agua y tapa las cañerías. Dejalo enfriar, colalo y guardalo en una botella de plástico cerrada. Cuando esté llena, llevala a un punto de recolección: con ese aceite se fabrica biodiésel o jabón.',
    author: 'julian',
    place: { country: 'arg', province: 'baires', city: 'la-plata' },
    images: 1,
    published: true,
    postedHoursAgo: 80,
  },
  {
    key: 'ecobotellas',
    typed: 'tips',
    title: 'Ecobotellas: cómo rellenarlas correctamente',
    description:
      'Una ecobotella es una botella de plástico rellena con plásticos de un solo uso limpios y secos, compactados con un palo hasta que quede dura. Así se usan como ladrillos en bancos y muros. No pongas papel, vidrio, metal ni restos orgánicos, y apretá bien: una buena ecobotella de 1,5 litros pesa al menos 500 gramos.',
    author: 'sofia',
    place: { country: 'arg', province: 'sde', city: 'sde-city' },
    images: 1,
    published: true,
    postedHoursAgo: 110,
  },
  // Cursos y Academia
  {
    key: 'curso-huerta-urbana',
    typed: 'courses',
    title: 'Curso de huerta urbana agroecológica',
    description:
      'Ocho encuentros prácticos para diseñar y mantener una huerta en patios, terrazas y balcones: suelo vivo, compost, siembra por estaciones, asociación de cultivos y control natural de plagas. Incluye un kit de semillas de estación y apuntes digitales.',
    author: 'martin',
    place: {
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
      address: 'Huerta comunitaria del Parque Sarmiento, Av. Poeta Lugones y Deán Funes',
      coordinates: [-31.4299, -64.1777],
    },
    quantity: 20,
    price: 18000,
    startsIn: { days: 14, time: '18:00' },
    images: 2,
    published: true,
    postedHoursAgo: 18,
  },
  {
    key: 'curso-reparacion',
    typed: 'courses',
    title: 'Reparación de pequeños electrodomésticos',
    description:
      'Aprendé a diagnosticar y reparar pavas eléctricas, planchas, ventiladores y licuadoras con herramientas básicas y de forma segura. Cuatro clases presenciales; cada participante puede traer un aparato roto para repararlo en clase. Reparar evita residuos electrónicos.',
    author: 'lucia',
    place: {
      country: 'arg',
      province: 'baires',
      city: 'caba',
      address: 'Club de Reparadores, Av. Díaz Vélez 4821, Almagro',
      coordinates: [-34.6075, -58.4317],
    },
    quantity: 12,
    price: 25000,
    discountRate: 15,
    startsIn: { days: 21, time: '19:00' },
    images: 1,
    published: true,
    postedHoursAgo: 55,
  },
  {
    key: 'curso-bioconstruccion',
    typed: 'courses',
    title: 'Introducción a la bioconstrucción con barro',
    description:
      'Fin de semana intensivo en las sierras de Merlo: técnicas de adobe, quincha y revoques de barro, elección de la tierra y del diseño según el clima. Trabajamos en una obra real. Incluye almuerzos vegetarianos; el alojamiento se consigue aparte.',
    author: 'valentina',
    place: {
      country: 'arg',
      province: 'san-luis',
      city: 'merlo',
      address: 'Camino de la Costa km 3, Merlo',
      coordinates: [-32.3431, -65.0136],
    },
    quantity: 15,
    price: 30000,
    startsIn: { days: 28, time: '09:30' },
    images: 1,
    published: true,
    postedHoursAgo: 100,
  },
  {
    key: 'curso-residuos-organicos',
    typed: 'courses',
    title: 'Manejo de residuos orgánicos para restaurantes',
    description:
      'Curso gratuito de la fundación para cocinas y emprendimientos gastronómicos: cómo reducir el desperdicio de alimentos, separar en la fuente y montar un sistema de compostaje de alto volumen. Se entrega certificado de asistencia.',
    author: 'camila',
    place: {
      country: 'col',
      province: 'antioquia',
      city: 'envigado',
      address: 'Casa de la Cultura, Calle 38 Sur # 43-12, Envigado',
      coordinates: [6.1707, -75.5873],
    },
    quantity: 25,
    price: 0,
    startsIn: { days: 12, time: '14:00' },
    images: 1,
    published: true,
    postedHoursAgo: 70,
  },
];
