import { trainIntentClassifier } from './src/modules/assistant/intent-classifier.ts';
import { recogniseEntities } from './src/modules/assistant/entities.ts';
import { findTimeRange } from './src/modules/assistant/time-expressions.ts';
const t0 = performance.now();
const c = await trainIntentClassifier();
console.log('train', performance.now() - t0);
const now = new Date('2026-06-01T15:00:00Z');
for (const q of ['donde reciclo vidrio en cordoba', 'hay talleres de compostaje este finde en caba?', 'quiero regalar botellas', 'busco curso de huerta en medellin', 'como publico un anuncio', 'que es un punto verde', 'como dono', 'tenes latas en medelin', 'eventos en diciembre', 'algo para el sabado en bs. as', 'la semana que viene hay charlas?']) {
  const t = performance.now();
  const g = await c.classify(q);
  console.log(q, '|', g.intent, g.score.toFixed(2), '|', JSON.stringify(recogniseEntities(q)), '|', JSON.stringify(findTimeRange(q, now, 'America/Argentina/Buenos_Aires')), (performance.now() - t).toFixed(1));
}
