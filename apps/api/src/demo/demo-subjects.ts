// What a demo picture shows: the publication's own subject (a bottle, a bicycle, a seedling…) drawn in the colours of
// its material, on a background whose colours and pattern change from one publication to the next, so that no two
// cards of a list look alike. Everything is drawn here as SVG: no remote image, no photo.

export type Motif =
  | 'bottle'
  | 'jar'
  | 'can'
  | 'box'
  | 'paper'
  | 'shirt'
  | 'tote'
  | 'bicycle'
  | 'seedling'
  | 'tree'
  | 'compost'
  | 'pallet'
  | 'phone'
  | 'bulb'
  | 'solar'
  | 'oil'
  | 'battery'
  | 'books'
  | 'toothbrush'
  | 'candle'
  | 'soap'
  | 'carton'
  | 'foam'
  | 'bricks'
  | 'people'
  | 'bag'
  | 'seeds'
  | 'water'
  | 'bin'
  | 'tools'
  | 'house'
  | 'spool';

/** The first rule whose words appear in the folded title (else the description) names the motif. */
const RULES: readonly [RegExp, Motif][] = [
  [/\bbici/, 'bicycle'],
  [/celular|telefono|electr(o|on)/, 'phone'],
  [/repar|arregl/, 'tools'],
  [/solar|energia/, 'solar'],
  [/aceite/, 'oil'],
  [/\bpilas?\b|bateria/, 'battery'],
  [/libro/, 'books'],
  [/cepillo/, 'toothbrush'],
  [/\bvelas?\b/, 'candle'],
  [/jabon|cosmetic/, 'soap'],
  [/frasco|conserva/, 'jar'],
  [/telgopor/, 'foam'],
  [/tetrabrik/, 'carton'],
  [/botella|ecoladrillo|ecobotella|vidrio/, 'bottle'],
  [/\blatas?\b|aluminio|hojalata/, 'can'],
  [/palet|mueble/, 'pallet'],
  [/ladrillo|teja|demolicion|bioconstruc|barro/, 'bricks'],
  [/compost|organic|abono|lombri/, 'compost'],
  [/residuo|separar/, 'bin'],
  [/agua/, 'water'],
  [/\bcasa\b|hogar/, 'house'],
  [/semilla/, 'seeds'],
  [/plantin|huerta|permacultura|jardin/, 'seedling'],
  [/arbol|plantacion|nativ/, 'tree'],
  [/limpieza|costanera|quebrada/, 'bag'],
  [/pañal|panal|ropa|prenda|textil|costura/, 'shirt'],
  [/tela|retazo|lona|banner/, 'spool'],
  [/bolsa|compras|plastico/, 'tote'],
  [/^papel|papel reciclado|oficina/, 'paper'],
  [/carton|caja|papel|archivo|kraft|embalaje/, 'box'],
  [/taller|charla|curso|feria|jornada|canje|trueque|promotor|cafe/, 'people'],
  [/reciclaj|ecopunto|punto|centro|acopio|contenedor|bodega|estacion|recolec/, 'bin'],
];

/** Folded for matching: lowercase, without accents. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
}

/** The motif of a publication: from its title, else its description, else its first material. */
export function motifOf(title: string, description = '', labels: readonly string[] = []): Motif {
  for (const text of [title, description, labels.join(' ')]) {
    const folded = fold(text);
    const rule = RULES.find(([pattern]) => pattern.test(folded));
    if (rule !== undefined) return rule[1];
  }
  return 'bin';
}

export type ObjectColors = { main: string; accent: string; dark: string };

/** The object's colours come from its material: green glass, kraft cardboard, silver aluminium… */
const MATERIAL_COLORS: Record<string, ObjectColors> = {
  Vidrios: { main: '#74c69d', accent: '#d8f3dc', dark: '#1b4332' },
  'Papel/Cartón': { main: '#c8955c', accent: '#f1d6ae', dark: '#6f4518' },
  'Aluminio/Hojalata': { main: '#adb5bd', accent: '#f1f3f5', dark: '#495057' },
  Plásticos: { main: '#4dabf7', accent: '#d0ebff', dark: '#1864ab' },
  Tetrabrik: { main: '#f8f9fa', accent: '#ffd43b', dark: '#1971c2' },
  Telgopor: { main: '#f8f9fa', accent: '#e9ecef', dark: '#868e96' },
  'Telas/Trapos': { main: '#e64980', accent: '#ffdeeb', dark: '#862e9c' },
};

/** Natural colours of the motifs that have one, for publications without a material. */
const MOTIF_COLORS: Partial<Record<Motif, ObjectColors>> = {
  seedling: { main: '#51cf66', accent: '#c0eb75', dark: '#8d5524' },
  tree: { main: '#37b24d', accent: '#8ce99a', dark: '#7f4f24' },
  compost: { main: '#7f5539', accent: '#94d82d', dark: '#3e2c1c' },
  pallet: { main: '#d4a373', accent: '#faedcd', dark: '#7f5539' },
  bricks: { main: '#c2583b', accent: '#f4a261', dark: '#6a2c1a' },
  house: { main: '#ddb892', accent: '#b5651d', dark: '#6b4226' },
  oil: { main: '#fcc419', accent: '#fff3bf', dark: '#e67700' },
  candle: { main: '#fff4e6', accent: '#ffa94d', dark: '#d9480f' },
  soap: { main: '#e599f7', accent: '#f8f0fc', dark: '#862e9c' },
  toothbrush: { main: '#d4a373', accent: '#f8f9fa', dark: '#6f4518' },
  bicycle: { main: '#e03131', accent: '#ffc9c9', dark: '#343a40' },
  phone: { main: '#343a40', accent: '#74c0fc', dark: '#212529' },
  solar: { main: '#1c7ed6', accent: '#ffd43b', dark: '#0b3d6b' },
  battery: { main: '#fab005', accent: '#fff9db', dark: '#343a40' },
  books: { main: '#f76707', accent: '#fff4e6', dark: '#5c940d' },
  water: { main: '#339af0', accent: '#d0ebff', dark: '#1864ab' },
  people: { main: '#f08c00', accent: '#ffe8cc', dark: '#5f3dc4' },
  seeds: { main: '#a9743b', accent: '#e9c46a', dark: '#5c3d1e' },
  tools: { main: '#868e96', accent: '#fab005', dark: '#343a40' },
  bag: { main: '#495057', accent: '#ced4da', dark: '#212529' },
  bin: { main: '#2f9e44', accent: '#d3f9d8', dark: '#1b4332' },
  tote: { main: '#e9d8a6', accent: '#f8f1dc', dark: '#8a6d3b' },
  shirt: { main: '#4263eb', accent: '#dbe4ff', dark: '#1c2f8a' },
  spool: { main: '#e64980', accent: '#ffdeeb', dark: '#862e9c' },
};

export function objectColorsOf(motif: Motif, labels: readonly string[]): ObjectColors {
  const material = labels.find((label) => MATERIAL_COLORS[label] !== undefined);
  return (
    (material === undefined ? undefined : MATERIAL_COLORS[material]) ??
    MOTIF_COLORS[motif] ?? { main: '#2f9e44', accent: '#d3f9d8', dark: '#1b4332' }
  );
}

const stroke = (color: string, width: number) =>
  `stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;

/** Each motif centred on (0, 0), about 360 px tall. */
export const MOTIFS: Record<Motif, (c: ObjectColors) => string> = {
  bottle: (
    c,
  ) => `<path d="M -34 -190 h 68 v 60 q 0 30 50 70 q 16 14 16 40 v 200 q 0 30 -30 30 h -140 q -30 0 -30 -30 v -200 q 0 -26 16 -40 q 50 -40 50 -70 z" fill="${c.main}" fill-opacity="0.9" ${stroke(c.dark, 8)}/>
    <rect x="-40" y="-214" width="80" height="30" rx="8" fill="${c.dark}"/>
    <rect x="-78" y="10" width="156" height="100" rx="10" fill="${c.accent}" fill-opacity="0.9"/>
    <path d="M -60 -30 v 220" ${stroke('#fff', 14)} stroke-opacity="0.5"/>`,
  jar: (
    c,
  ) => `<rect x="-120" y="-120" width="240" height="300" rx="40" fill="${c.main}" fill-opacity="0.85" ${stroke(c.dark, 8)}/>
    <rect x="-130" y="-170" width="260" height="56" rx="14" fill="${c.dark}"/>
    <rect x="-90" y="-20" width="180" height="110" rx="12" fill="${c.accent}"/>
    <path d="M -84 -80 v 220" ${stroke('#fff', 14)} stroke-opacity="0.45"/>`,
  can: (c) => `<rect x="-100" y="-150" width="200" height="300" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <ellipse cy="-150" rx="100" ry="28" fill="${c.accent}" ${stroke(c.dark, 8)}/>
    <ellipse cy="150" rx="100" ry="28" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <rect x="-100" y="-60" width="200" height="110" fill="${c.dark}" fill-opacity="0.25"/>
    <path d="M -16 -160 q 16 -20 40 -4" fill="none" ${stroke(c.dark, 8)}/>`,
  box: (
    c,
  ) => `<path d="M -170 -60 l 170 -70 l 170 70 v 200 l -170 70 l -170 -70 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <path d="M -170 -60 l 170 70 l 170 -70 M 0 10 v 200" fill="none" ${stroke(c.dark, 8)}/>
    <path d="M -170 -60 l -50 -60 l 170 -70 l 50 60 M 170 -60 l 50 -60 l -170 -70" fill="${c.accent}" ${stroke(c.dark, 8)}/>
    <path d="M -85 -95 l 170 70" ${stroke(c.accent, 26)} stroke-opacity="0.8"/>`,
  paper: (
    c,
  ) => `<rect x="-150" y="-170" width="260" height="330" rx="10" fill="${c.accent}" ${stroke(c.dark, 6)} transform="rotate(-8)"/>
    <rect x="-120" y="-160" width="260" height="330" rx="10" fill="#fff" ${stroke(c.dark, 6)}/>
    <path d="M -80 -100 h 180 M -80 -50 h 180 M -80 0 h 180 M -80 50 h 120" ${stroke(c.main, 12)}/>`,
  shirt: (
    c,
  ) => `<path d="M -80 -170 q 80 50 160 0 l 130 70 l -50 100 l -50 -26 v 206 h -220 v -206 l -50 26 l -50 -100 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <path d="M -60 -40 h 120 M -60 20 h 120 M -60 80 h 120" ${stroke(c.accent, 14)} stroke-opacity="0.8"/>`,
  tote: (c) => `<path d="M -150 -60 h 300 l -24 250 h -252 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <path d="M -80 -60 q 0 -130 80 -130 q 80 0 80 130" fill="none" ${stroke(c.dark, 16)}/>
    <path d="M -40 40 q 40 -60 80 0 q -40 60 -80 0 z" fill="${c.dark}" fill-opacity="0.6"/>`,
  bicycle: (c) => `<circle cx="-150" cy="80" r="100" fill="none" ${stroke(c.dark, 16)}/>
    <circle cx="150" cy="80" r="100" fill="none" ${stroke(c.dark, 16)}/>
    <path d="M -150 80 l 70 -150 h 160 l 70 150 M -80 -70 l 80 150 l 80 -150 M 0 80 h -150 M 60 -120 l 20 50 M 30 -120 h 60 M -100 -110 h 50" fill="none" ${stroke(c.main, 18)}/>
    <circle cy="80" r="20" fill="${c.accent}" ${stroke(c.dark, 6)}/>`,
  seedling: (c) => `<path d="M -110 60 h 220 l -30 140 h -160 z" fill="${c.dark}" ${stroke('#3e2c1c', 6)}/>
    <rect x="-124" y="40" width="248" height="40" rx="10" fill="${c.dark}"/>
    <path d="M 0 40 v -170" ${stroke(c.main, 14)}/>
    <path d="M 0 -80 q -120 -20 -130 -120 q 110 0 130 120 z M 0 -120 q 110 -30 130 -100 q -120 -10 -130 100 z" fill="${c.main}" ${stroke(c.dark, 5)}/>`,
  tree: (
    c,
  ) => `<path d="M -24 200 v -150 l -60 -60 M 24 200 v -150 l 60 -50" fill="none" ${stroke(c.dark, 30)}/>
    <circle cy="-80" r="120" fill="${c.main}"/><circle cx="-110" cy="-20" r="80" fill="${c.main}"/>
    <circle cx="110" cy="-20" r="80" fill="${c.main}"/><circle cx="-50" cy="-140" r="50" fill="${c.accent}" fill-opacity="0.7"/>`,
  compost: (c) => `<path d="M -170 -40 h 340 l -30 230 h -280 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <path d="M -190 -70 h 380 v 40 h -380 z" fill="${c.dark}"/>
    <path d="M -120 -80 q 20 -110 90 -120 q -10 90 -90 120 z M 40 -80 q 60 -90 120 -80 q -40 80 -120 80 z M -30 -90 q 0 -70 40 -100 q 20 60 -40 100 z" fill="${c.accent}" ${stroke(c.dark, 4)}/>
    <path d="M -120 40 h 240 M -110 110 h 220" ${stroke(c.dark, 10)} stroke-opacity="0.5"/>`,
  pallet: (
    c,
  ) => `<rect x="-200" y="-140" width="400" height="60" rx="6" fill="${c.main}" ${stroke(c.dark, 6)}/>
    <rect x="-200" y="-60" width="400" height="60" rx="6" fill="${c.accent}" ${stroke(c.dark, 6)}/>
    <rect x="-200" y="20" width="400" height="60" rx="6" fill="${c.main}" ${stroke(c.dark, 6)}/>
    <rect x="-180" y="80" width="60" height="100" fill="${c.dark}"/><rect x="-30" y="80" width="60" height="100" fill="${c.dark}"/>
    <rect x="120" y="80" width="60" height="100" fill="${c.dark}"/>`,
  phone: (
    c,
  ) => `<rect x="-110" y="-200" width="220" height="400" rx="36" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <rect x="-88" y="-160" width="176" height="300" rx="10" fill="${c.accent}"/>
    <circle cy="170" r="14" fill="${c.accent}"/><path d="M -40 -40 l 30 30 l 60 -70" fill="none" ${stroke('#fff', 18)}/>`,
  bulb: (
    c,
  ) => `<path d="M -60 90 q -90 -60 -90 -150 a 150 150 0 0 1 300 0 q 0 90 -90 150 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <rect x="-64" y="96" width="128" height="40" rx="10" fill="${c.dark}"/><rect x="-50" y="144" width="100" height="34" rx="10" fill="${c.dark}"/>
    <path d="M -40 60 l 20 -100 l 40 40 l 20 -40" fill="none" ${stroke(c.accent, 10)}/>`,
  solar: (c) => `<circle cx="140" cy="-150" r="60" fill="${c.accent}"/>
    <path d="M -220 150 l 60 -240 h 320 l 60 240 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <path d="M -140 -10 h 300 M -180 70 h 370 M -60 -90 l -30 240 M 50 -90 l 10 240 M 150 -90 l 50 240" ${stroke(c.accent, 6)} stroke-opacity="0.8"/>
    <rect x="-20" y="150" width="40" height="60" fill="${c.dark}"/>`,
  oil: (
    c,
  ) => `<path d="M 0 -200 q 110 150 110 250 a 110 110 0 0 1 -220 0 q 0 -100 110 -250 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <path d="M -50 40 a 60 60 0 0 0 50 70" fill="none" ${stroke(c.accent, 16)}/>`,
  battery: (
    c,
  ) => `<rect x="-90" y="-170" width="180" height="340" rx="24" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <rect x="-40" y="-200" width="80" height="34" rx="8" fill="${c.dark}"/>
    <rect x="-90" y="40" width="180" height="130" rx="0" fill="${c.dark}" fill-opacity="0.85"/>
    <path d="M -30 -70 h 60 M 0 -100 v 60 M -30 110 h 60" ${stroke(c.accent, 16)}/>`,
  books: (c) => `<rect x="-180" y="90" width="360" height="70" rx="8" fill="${c.main}" ${stroke(c.dark, 6)}/>
    <rect x="-160" y="20" width="320" height="70" rx="8" fill="${c.dark}" ${stroke(c.dark, 6)}/>
    <rect x="-190" y="-50" width="340" height="70" rx="8" fill="${c.accent}" ${stroke(c.dark, 6)}/>
    <rect x="-150" y="-120" width="300" height="70" rx="8" fill="${c.main}" ${stroke(c.dark, 6)}/>
    <path d="M -120 -85 h 200 M -150 -15 h 240 M -120 125 h 240" ${stroke('#fff', 8)} stroke-opacity="0.6"/>`,
  toothbrush: (
    c,
  ) => `<g transform="rotate(-30)"><rect x="-24" y="-40" width="48" height="250" rx="20" fill="${c.main}" ${stroke(c.dark, 6)}/>
    <rect x="-30" y="-200" width="60" height="150" rx="14" fill="${c.main}" ${stroke(c.dark, 6)}/>
    <path d="M -30 -190 h -40 M -30 -160 h -40 M -30 -130 h -40 M -30 -100 h -40 M -30 -70 h -40" ${stroke(c.accent, 12)}/></g>
    <g transform="translate(110 20) rotate(-10)"><rect x="-20" y="-30" width="40" height="220" rx="18" fill="${c.main}" ${stroke(c.dark, 6)}/></g>`,
  candle: (
    c,
  ) => `<rect x="-120" y="-60" width="240" height="240" rx="30" fill="${c.accent}" fill-opacity="0.5" ${stroke(c.dark, 8)}/>
    <rect x="-100" y="-20" width="200" height="180" rx="16" fill="${c.main}"/>
    <path d="M 0 -20 v -50" ${stroke('#343a40', 8)}/>
    <path d="M 0 -180 q 50 60 0 110 q -50 -50 0 -110 z" fill="${c.dark}"/><path d="M 0 -130 q 20 30 0 55 q -20 -25 0 -55 z" fill="#ffe066"/>`,
  soap: (
    c,
  ) => `<rect x="-170" y="-40" width="340" height="170" rx="50" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <rect x="-120" y="0" width="240" height="80" rx="30" fill="${c.accent}" fill-opacity="0.7"/>
    <circle cx="-90" cy="-120" r="44" fill="#fff" fill-opacity="0.75" ${stroke(c.dark, 4)}/><circle cx="30" cy="-160" r="30" fill="#fff" fill-opacity="0.75" ${stroke(c.dark, 4)}/>
    <circle cx="120" cy="-100" r="22" fill="#fff" fill-opacity="0.75" ${stroke(c.dark, 4)}/>`,
  carton: (
    c,
  ) => `<path d="M -110 -120 l 110 -80 l 110 80 v 320 h -220 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <path d="M -110 -120 h 220 M -30 -230 h 60" ${stroke(c.dark, 8)}/>
    <rect x="-110" y="-40" width="220" height="140" fill="${c.dark}"/>
    <path d="M -60 30 q 60 -60 120 0" fill="none" ${stroke(c.accent, 16)}/>`,
  foam: (c) => `<rect x="-200" y="-20" width="250" height="170" rx="8" fill="${c.main}" ${stroke(c.dark, 6)}/>
    <rect x="-60" y="-130" width="250" height="150" rx="8" fill="${c.accent}" ${stroke(c.dark, 6)} transform="rotate(6)"/>
    ${[0, 1, 2, 3, 4, 5]
      .map(
        (i) =>
          `<circle cx="${-170 + i * 40}" cy="${30 + (i % 2) * 50}" r="10" fill="${c.dark}" fill-opacity="0.35"/>`,
      )
      .join('')}`,
  bricks: (c) =>
    `${[0, 1, 2, 3]
      .map((row) =>
        [0, 1, 2]
          .map(
            (col) =>
              `<rect x="${-210 + col * 140 + (row % 2) * 70}" y="${-140 + row * 80}" width="130" height="70" rx="6" fill="${(row + col) % 3 === 0 ? c.accent : c.main}" ${stroke(c.dark, 5)}/>`,
          )
          .join(''),
      )
      .join('')}`,
  people: (
    c,
  ) => `<circle cx="-110" cy="-90" r="60" fill="${c.main}"/><path d="M -210 150 q 0 -150 100 -150 q 100 0 100 150 z" fill="${c.main}"/>
    <circle cx="110" cy="-70" r="55" fill="${c.dark}"/><path d="M 20 150 q 0 -140 90 -140 q 90 0 90 140 z" fill="${c.dark}"/>
    <path d="M -60 -220 h 150 a 20 20 0 0 1 20 20 v 50 a 20 20 0 0 1 -20 20 h -100 l -30 30 v -30 a 20 20 0 0 1 -20 -20 v -50 a 20 20 0 0 1 20 -20 z" fill="${c.accent}" ${stroke(c.dark, 5)}/>`,
  bag: (
    c,
  ) => `<path d="M -150 190 q -30 -180 70 -250 l -20 -50 h 200 l -20 50 q 100 70 70 250 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <path d="M -60 -110 q 60 30 120 0" fill="none" ${stroke(c.accent, 14)}/>
    <path d="M 170 190 l 60 -330" ${stroke('#8d5524', 16)}/><path d="M 200 190 l 60 -60 l 10 60 z" fill="#8d5524"/>`,
  seeds: (
    c,
  ) => `<rect x="-160" y="-170" width="200" height="280" rx="12" fill="${c.accent}" ${stroke(c.dark, 6)}/>
    <path d="M -60 -60 q -50 -40 -40 -90 q 40 20 40 90 z" fill="#51cf66"/>
    ${[0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<ellipse cx="${40 + (i % 4) * 45}" cy="${80 + Math.floor(i / 4) * 60}" rx="16" ry="24" fill="${c.main}" transform="rotate(${i * 25} ${40 + (i % 4) * 45} ${80 + Math.floor(i / 4) * 60})"/>`,
      )
      .join('')}`,
  water: (c) => `<path d="M -200 -150 h 160 v 60 h -100 v 40 h -60 z" fill="${c.dark}"/>
    <path d="M 30 -60 q 110 150 110 220 a 110 110 0 0 1 -220 0 q 0 -70 110 -220 z" fill="${c.main}" ${stroke(c.dark, 6)}/>
    <path d="M -10 120 a 50 50 0 0 0 40 50" fill="none" ${stroke(c.accent, 14)}/>`,
  bin: (c) => `<path d="M -150 -110 h 300 l -30 310 h -240 z" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <rect x="-170" y="-150" width="340" height="50" rx="12" fill="${c.dark}"/>
    <circle cy="50" r="70" fill="none" ${stroke(c.accent, 16)} stroke-dasharray="110 37"/>
    <path d="M 58 -10 l 30 10 l -24 22 z M -70 50 l -10 -30 l 30 6 z M 10 128 l -26 12 l 4 -30 z" fill="${c.accent}"/>`,
  tools: (
    c,
  ) => `<g transform="rotate(40)"><rect x="-22" y="-60" width="44" height="260" rx="16" fill="${c.main}" ${stroke(c.dark, 6)}/>
    <path d="M -70 -160 a 75 75 0 1 0 140 0 l -30 40 h -80 z" fill="${c.main}" ${stroke(c.dark, 6)}/></g>
    <g transform="rotate(-40)"><rect x="-26" y="20" width="52" height="170" rx="18" fill="${c.accent}" ${stroke(c.dark, 6)}/>
    <rect x="-10" y="-190" width="20" height="210" fill="${c.dark}"/></g>`,
  house: (c) => `<path d="M -180 -20 l 180 -160 l 180 160" fill="none" ${stroke(c.accent, 30)}/>
    <rect x="-140" y="-40" width="280" height="230" fill="${c.main}" ${stroke(c.dark, 8)}/>
    <rect x="-40" y="70" width="80" height="120" rx="40" fill="${c.dark}"/>
    <circle cx="-80" cy="20" r="30" fill="${c.accent}"/><circle cx="80" cy="20" r="30" fill="${c.accent}"/>`,
  spool: (
    c,
  ) => `<rect x="-110" y="-170" width="220" height="40" rx="10" fill="${c.dark}"/><rect x="-110" y="130" width="220" height="40" rx="10" fill="${c.dark}"/>
    <rect x="-80" y="-130" width="160" height="260" fill="${c.main}"/>
    <path d="M -80 -100 h 160 M -80 -60 h 160 M -80 -20 h 160 M -80 20 h 160 M -80 60 h 160 M -80 100 h 160" ${stroke(c.accent, 6)} stroke-opacity="0.7"/>
    <path d="M 80 60 q 120 20 100 140" fill="none" ${stroke(c.main, 8)}/><path d="M 150 -180 l 60 280" ${stroke('#868e96', 8)}/>`,
};

/** Background colour pairs (top-left to bottom-right), light enough for any object to stand out. */
export const BACKGROUNDS: readonly [string, string][] = [
  ['#fff3bf', '#ffd8a8'],
  ['#d3f9d8', '#96f2d7'],
  ['#d0ebff', '#a5d8ff'],
  ['#f3d9fa', '#e5dbff'],
  ['#ffe3e3', '#ffc9c9'],
  ['#e6fcf5', '#c3fae8'],
  ['#fff4e6', '#ffe8cc'],
  ['#e7f5ff', '#dbe4ff'],
  ['#f4fce3', '#d8f5a2'],
  ['#f8f0fc', '#fcc2d7'],
  ['#edf2ff', '#bac8ff'],
];

/** Background patterns, drawn in white over the gradient. */
export const PATTERNS: readonly ((width: number, height: number) => string)[] = [
  (w, h) =>
    Array.from(
      { length: 14 },
      (_, i) =>
        `<path d="M ${i * 120 - h} ${h} L ${i * 120} 0" stroke="#fff" stroke-width="36" stroke-opacity="0.35"/>`,
    ).join(''),
  () =>
    Array.from(
      { length: 9 * 7 },
      (_, i) =>
        `<circle cx="${(i % 9) * 150 + 40}" cy="${Math.floor(i / 9) * 150 + 40}" r="18" fill="#fff" fill-opacity="0.5"/>`,
    ).join(''),
  (w) =>
    Array.from(
      { length: 6 },
      (_, i) =>
        `<path d="M 0 ${i * 170 + 60} q ${w / 4} -70 ${w / 2} 0 t ${w / 2} 0" fill="none" stroke="#fff" stroke-width="24" stroke-opacity="0.4"/>`,
    ).join(''),
  (w, h) =>
    Array.from(
      { length: 6 },
      (_, i) =>
        `<circle cx="${w * 0.8}" cy="${h * 0.25}" r="${80 + i * 110}" fill="none" stroke="#fff" stroke-width="22" stroke-opacity="0.35"/>`,
    ).join(''),
  () =>
    Array.from({ length: 8 * 6 }, (_, i) =>
      ((i % 8) + Math.floor(i / 8)) % 2 === 0
        ? `<rect x="${(i % 8) * 150}" y="${Math.floor(i / 8) * 150}" width="150" height="150" fill="#fff" fill-opacity="0.25"/>`
        : '',
    ).join(''),
  (w, h) =>
    `<circle cx="${w * 0.15}" cy="${h * 0.2}" r="220" fill="#fff" fill-opacity="0.35"/><circle cx="${w * 0.9}" cy="${h * 0.85}" r="260" fill="#fff" fill-opacity="0.3"/>`,
  (w, h) =>
    Array.from(
      { length: 12 },
      (_, i) => `<path d="M ${i * 110} 0 v ${h}" stroke="#fff" stroke-width="14" stroke-opacity="0.4"/>`,
    ).join(''),
];

/** Where the object stands and how big, one of several layouts. */
export const LAYOUTS: readonly { x: number; y: number; scale: number; rotate: number; ground: boolean }[] = [
  { x: 600, y: 440, scale: 1.55, rotate: 0, ground: true },
  { x: 450, y: 450, scale: 1.45, rotate: -6, ground: false },
  { x: 760, y: 440, scale: 1.5, rotate: 5, ground: true },
  { x: 600, y: 450, scale: 1.7, rotate: 0, ground: false },
  { x: 500, y: 450, scale: 1.4, rotate: 8, ground: true },
  { x: 720, y: 450, scale: 1.6, rotate: -4, ground: false },
];
