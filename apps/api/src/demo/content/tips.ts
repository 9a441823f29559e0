import type { DemoPlace, DemoPublication } from './types.ts';
import { DEMO_SUPER_USER_KEY } from './users.ts';

// Consejos are written by the super user (the publication form never offers the category) and are all
// published.
const place: DemoPlace = { country: 'arg', province: 'baires', city: 'caba' };

type Tip = Pick<DemoPublication, 'key' | 'title' | 'description' | 'postedHoursAgo'>;

const tips: readonly Tip[] = [
  {
    key: 'compostera-balcon',
    title: 'Cómo armar una compostera en el balcón',
    description:
      'Con dos baldes con tapa podés compostar aunque vivas en un departamento. Agujereá el fondo del balde de arriba, alterná capas de restos húmedos (cáscaras, yerba, café) con secos (hojas, cartón cortado) y mantené la mezcla como una esponja escurrida. Revolvé una vez por semana y en dos o tres meses tenés abono.',
    postedHoursAgo: 26,
  },
  {
    key: 'usos-frascos',
    title: 'Cinco usos para los frascos de vidrio',
    description:
      'Antes de llevarlos al reciclaje, los frascos pueden tener otra vida: comprar legumbres y especias a granel, germinar semillas, guardar tornillos y clavos, hacer velas con restos de cera o armar un pequeño terrario. El vidrio se recicla infinitas veces, pero reutilizarlo ahorra todavía más energía.',
    postedHoursAgo: 50,
  },
  {
    key: 'aceite-usado',
    title: 'Qué hacer con el aceite de cocina usado',
    description:
      'Nunca lo tires por la pileta: un litro de aceite puede contaminar miles de litros de agua y tapa las cañerías. Dejalo enfriar, colalo y guardalo en una botella de plástico cerrada. Cuando esté llena, llevala a un punto de recolección: con ese aceite se fabrica biodiésel o jabón.',
    postedHoursAgo: 80,
  },
  {
    key: 'ecobotellas',
    title: 'Ecobotellas: cómo rellenarlas correctamente',
    description:
      'Una ecobotella es una botella de plástico rellena con plásticos de un solo uso limpios y secos, compactados con un palo hasta que quede dura. Así se usan como ladrillos en bancos y muros. No pongas papel, vidrio, metal ni restos orgánicos, y apretá bien: una buena ecobotella de 1,5 litros pesa al menos 500 gramos.',
    postedHoursAgo: 110,
  },
  {
    key: 'separar-residuos',
    title: 'Separar residuos en casa sin complicarte',
    description:
      'Alcanza con dos recipientes: uno para los reciclables secos (papel, cartón, plásticos, vidrio, latas y tetrabrik) y otro para la basura. Enjuagá los envases con el agua que sobra de lavar los platos, aplastá botellas y cajas para que ocupen menos, y dejá los secos en bolsa aparte para los recuperadores o el punto verde más cercano. Si además compostás, la basura se reduce a la mitad.',
    postedHoursAgo: 140,
  },
  {
    key: 'pilas-baterias',
    title: 'Pilas y baterías: nunca a la basura común',
    description:
      'Las pilas contienen metales pesados que contaminan el suelo y el agua cuando se rompen en un basural. Guardalas en un frasco de plástico cerrado, en un lugar seco, y llevalas a los puntos de recolección de pilas de tu municipio o de comercios adheridos. Mejor todavía: pasate a pilas recargables, que reemplazan cientos de pilas comunes.',
    postedHoursAgo: 170,
  },
  {
    key: 'compras-sin-plastico',
    title: 'Compras sin plástico: cambios fáciles para empezar',
    description:
      'Llevá siempre una bolsa de tela plegada en la mochila, comprá frutas y verduras sueltas, usá frascos o bolsitas de tela para legumbres, harinas y especias a granel, y elegí productos en envases retornables o de vidrio. Una botella reutilizable y un vaso propio para el café evitan decenas de envases descartables por mes.',
    postedHoursAgo: 200,
  },
  {
    key: 'ahorrar-agua',
    title: 'Ahorrar agua en casa: gestos que suman',
    description:
      'Cerrá la canilla mientras te cepillás los dientes o lavás los platos, tomá duchas cortas, arreglá las canillas que gotean (una gota por segundo son unos 30 litros por día) y regá las plantas temprano o al atardecer. El agua con la que lavás las verduras sirve para regar, y una botella llena dentro de la mochila del inodoro ahorra en cada descarga.',
    postedHoursAgo: 230,
  },
  {
    key: 'tetrabrik-reciclaje',
    title: 'Tetrabrik: enjuagar, aplastar y separar',
    description:
      'Los envases de tetrabrik son cartón, plástico y aluminio en capas, y se reciclan en plantas especiales que los convierten en papel o en placas para construcción. Para que sirvan: enjuagalos con un poco de agua, abrilos por las solapas, aplastalos y dejalos secos junto con el resto de los reciclables. Nunca con restos de leche o jugo, porque arruinan el cartón de toda la bolsa.',
    postedHoursAgo: 260,
  },
  {
    key: 'ropa-segunda-vida',
    title: 'Ropa que ya no usás: arreglar, donar o reciclar',
    description:
      'Antes de comprar, revisá si una prenda se puede arreglar: un botón, un ruedo o un cierre nuevo la devuelven al placard. Lo que está en buen estado se dona o se vende en ferias americanas, y lo que ya no sirve para vestir se corta en trapos de limpieza o se lleva a puntos de reciclaje textil, donde se convierte en relleno o en hilo nuevo.',
    postedHoursAgo: 290,
  },
];

export const demoTips: readonly DemoPublication[] = tips.map((tip) => ({
  ...tip,
  typed: 'tips',
  author: DEMO_SUPER_USER_KEY,
  place,
  images: 1,
  published: true,
}));
