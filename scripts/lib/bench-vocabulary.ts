import type { MaterialLabel } from '@eco/domain';

// Words of the benchmark's publications: Spanish as people write it on EcoAnuncios, combined at random so
// that each material, topic or product is named in a few percent of the rows, like a searched word in a real
// catalogue.

/** A material someone drops off, gives away or sells, with its label. */
export const MATERIALS: readonly (readonly [name: string, label: MaterialLabel])[] = [
  ['envases de vidrio', 'Vidrios'],
  ['frascos de vidrio', 'Vidrios'],
  ['vidrio roto', 'Vidrios'],
  ['botellas plásticas', 'Plásticos'],
  ['tapitas de plástico', 'Plásticos'],
  ['envases plásticos', 'Plásticos'],
  ['bidones', 'Plásticos'],
  ['cartón', 'Papel/Cartón'],
  ['cajas de cartón', 'Papel/Cartón'],
  ['diarios y revistas', 'Papel/Cartón'],
  ['papel de oficina', 'Papel/Cartón'],
  ['latas de aluminio', 'Aluminio/Hojalata'],
  ['latas de conserva', 'Aluminio/Hojalata'],
  ['chatarra', 'Aluminio/Hojalata'],
  ['telgopor', 'Telgopor'],
  ['bandejas de telgopor', 'Telgopor'],
  ['envases de tetrabrik', 'Tetrabrik'],
  ['cajas de leche', 'Tetrabrik'],
  ['retazos de tela', 'Telas/Trapos'],
  ['ropa usada', 'Telas/Trapos'],
  ['trapos', 'Telas/Trapos'],
  ['aceite de cocina usado', 'Otros'],
  ['pilas y baterías', 'Otros'],
  ['palets de madera', 'Otros'],
  ['tejas y ladrillos', 'Otros'],
  ['electrodomésticos viejos', 'Otros'],
  ['neumáticos', 'Otros'],
  ['cápsulas de café', 'Otros'],
];

export const TOPICS: readonly string[] = [
  'compostaje domiciliario',
  'lombricompuesto',
  'huerta urbana',
  'huerta en balcones',
  'reciclaje de plásticos',
  'separación de residuos',
  'ecoladrillos',
  'papel reciclado',
  'cosmética natural',
  'jabones con aceite reciclado',
  'reparación de bicicletas',
  'reparación de electrodomésticos',
  'costura y reciclaje textil',
  'energía solar',
  'bioconstrucción con barro',
  'permacultura',
  'plantas nativas',
  'cosecha de agua de lluvia',
  'consumo responsable',
  'muebles con palets',
];

export const PRODUCTS: readonly string[] = [
  'bolsas de tela',
  'cepillos de bambú',
  'compost en bolsa',
  'velas de soja',
  'muebles de palets',
  'bicicleta usada',
  'celular reacondicionado',
  'pañales de tela',
  'jabón artesanal',
  'composteras',
  'macetas recicladas',
  'libros usados',
  'ropa de segunda mano',
  'lámparas hechas con frascos',
  'bombillas de acero',
  'shampoo sólido',
  'vajilla de segunda mano',
  'herramientas usadas',
  'plantines de huerta',
  'miel orgánica',
];

export const QUALITIES: readonly string[] = [
  'reutilizables',
  'de segunda mano',
  'artesanales',
  'en buen estado',
  'hechos a mano',
  'ecológicos',
  'restaurados',
  'sin plástico',
  'de producción local',
];

export const STREETS: readonly string[] = [
  'Av. San Martín',
  'Belgrano',
  'Rivadavia',
  'Sarmiento',
  'Mitre',
  'Av. Colón',
  'Calle 10',
  'Carrera 7',
  'Calle 16',
  'Av. Libertador',
  'Güemes',
  'Independencia',
];

export const FIRST_NAMES: readonly string[] = [
  'Lucía',
  'Martín',
  'Sofía',
  'Julián',
  'Valentina',
  'Camila',
  'Andrés',
  'Diego',
  'Rocío',
  'Nahuel',
  'Luisa',
  'Mateo',
  'Paula',
  'Tomás',
  'Florencia',
  'Santiago',
  'Daniela',
  'Joaquín',
  'Agustina',
  'Felipe',
];

export const LAST_NAMES: readonly string[] = [
  'Fernández',
  'Gómez',
  'Ledesma',
  'Acosta',
  'Quiroga',
  'Restrepo',
  'Rojas',
  'Albornoz',
  'Funes',
  'Ibáñez',
  'Daza',
  'Pérez',
  'Suárez',
  'Cardona',
  'Molina',
];

// Templates: {m} and {m2} a material, {t} a topic, {p} a product, {q} a quality, {city} the city's name.

export const TITLES = {
  dots: [
    'Punto de reciclaje de {m} en {city}',
    'Contenedor para {m} y {m2}',
    'Ecopunto: recibimos {m}',
    'Centro de acopio de {m} en {city}',
    'Reciclaje de {m} en el barrio',
  ],
  events: [
    'Taller de {t}',
    'Jornada de {t} en {city}',
    'Charla sobre {t}',
    'Feria de trueque: {m} y {p}',
    'Encuentro de {t} para principiantes',
  ],
  courses: ['Curso de {t}', 'Curso intensivo de {t} en {city}', 'Formación en {t}', 'Curso práctico de {t}'],
  market: ['{p} {q}', 'Vendo {p} {q}', '{p} en {city}', 'Ofrezco {p} {q}'],
  barter: ['Regalo {m}', 'Cambio {m} por {m2}', 'Vendo {m} por kilo', 'Doy {m} a quien los necesite'],
  tips: ['Cómo reciclar {m}', 'Consejos de {t}', 'Qué hacer con {m}'],
} as const;

export const SENTENCES = {
  dots: [
    'Recibimos {m} limpios y secos de lunes a sábado.',
    'Por favor, separá {m} del resto de la basura antes de traerlos.',
    'Lo recuperado lo clasifica una cooperativa de recuperadores urbanos de {city}.',
    'También aceptamos {m2} en bolsas aparte.',
    'El contenedor se vacía dos veces por semana.',
  ],
  events: [
    'Actividad gratuita y abierta a toda la comunidad de {city}.',
    'Vamos a aprender {t} con ejemplos prácticos.',
    'Traé {m} para usar en el taller.',
    'Al final compartimos una merienda y sorteamos {p}.',
    'Cupo limitado: inscribite por mensaje.',
  ],
  courses: [
    'Cuatro clases prácticas sobre {t}, con apuntes y certificado.',
    'No hace falta experiencia previa.',
    'Cada participante se lleva {p}.',
    'Incluye una visita a un proyecto de {t} en {city}.',
    'Los materiales están incluidos; traé {m} si tenés.',
  ],
  market: [
    'Vendo {p} {q}, ideales para reducir residuos en casa.',
    'Hacemos envíos dentro de {city}.',
    'Si devolvés el envase te hacemos un descuento.',
    'Elaborados con {m} recuperados.',
    'Consultá por precios mayoristas.',
  ],
  barter: [
    'Tengo {m} en buen estado que ya no uso.',
    'Los regalo a quien los retire en {city}.',
    'Los cambio por {m2} o por plantines.',
    'Sirven para manualidades, huerta o construcción.',
    'Si nadie los necesita, van al reciclaje.',
  ],
  tips: [
    'Separá {m} y llevalos a un punto de reciclaje.',
    'Enjuagá y aplastá los envases para que ocupen menos lugar.',
    'Empezar con {t} es más fácil de lo que parece.',
    'Reutilizar {m} ahorra todavía más energía que reciclarlos.',
  ],
} as const;
