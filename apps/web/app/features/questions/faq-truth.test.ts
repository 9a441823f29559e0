import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORY_KEYS } from '@eco/domain';
import { questions } from '@eco/domain/faq';
import { describe, expect, it } from 'vitest';
import routes from '../../routes';

// The help pages tell the truth about the product: every FAQ link leads to a page that exists, no FAQ entry asks
// people to write an e-mail for something the product does by itself, every button the FAQ names is on a page, and
// the FAQ, the privacy policy and the terms say the same thing about the same feature.

const APP = fileURLToPath(new URL('../../', import.meta.url));

type RouteEntry = { path?: string; children?: RouteEntry[] };

function routePatterns(entries: readonly RouteEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, '/');
    return [
      ...(entry.path === undefined ? [full || '/'] : [full]),
      ...routePatterns(entry.children ?? [], full),
    ];
  });
}

/** Whether a path is served by a route of the app (the catch-all 404 route does not count). */
function isRoute(pathname: string): boolean {
  return routePatterns(routes as RouteEntry[])
    .filter((pattern) => !pattern.includes('*'))
    .some((pattern) => {
      const expression = `^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`;
      return new RegExp(expression).test(pathname);
    });
}

const DOMAIN = fileURLToPath(new URL('../../../../../packages/domain/src/', import.meta.url));

/** Every source file of the app's pages and of the domain they show, except the help texts themselves. */
function pageSources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return name === 'content' ? [] : pageSources(full);
    const source = /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && name !== 'faq.ts';
    return source ? [readFileSync(full, 'utf8')] : [];
  });
}

/** A page's text: its JSX source with the lines joined, as a reader sees the words. */
function pageText(file: string): string {
  return readFileSync(path.join(APP, 'content', file), 'utf8').replace(/\s*\n\s*/g, ' ');
}

const faq = (key: string) => {
  const entry = questions.find((question) => question.key === key);
  if (entry === undefined) throw new Error(`No FAQ entry ${key}`);
  return `${entry.question} ${entry.answer}`;
};

/** What people do by themselves on the site: never a reason to write to the team. */
const SELF_SERVE = [
  /elimin|borr|baja/i,
  /descarg|export|copia de (?:mis|tus) datos/i,
  /denunci|report(?:ar|o) (?:un|una|el|la) (?:anuncio|perfil|publicaci)/i,
  /dejar de recibir|desuscrib|avisos por correo/i,
  /contraseñ/i,
  /perfil|tel[eé]fono|datos de pago/i,
];

describe('the FAQ', () => {
  it('links only to pages that exist, with categories that exist', () => {
    for (const entry of questions) {
      for (const reference of entry.references) {
        if (reference.to.startsWith('mailto:')) continue;
        const url = new URL(reference.to, 'https://ecoanuncios.test');
        expect(isRoute(url.pathname), `${entry.key}: ${reference.to}`).toBe(true);
        const what = url.searchParams.get('what');
        if (what !== null) expect(CATEGORY_KEYS, `${entry.key}: ${reference.to}`).toContain(what);
      }
    }
  });

  it('never sends an e-mail for what the product does by itself', () => {
    for (const entry of questions) {
      for (const reference of entry.references.filter((item) => item.to.startsWith('mailto:'))) {
        const said = `${decodeURIComponent(reference.to)} ${reference.title} ${reference.description}`;
        for (const feature of SELF_SERVE) expect(said, `${entry.key}: ${reference.to}`).not.toMatch(feature);
      }
    }
    // The entries about a self-serve feature do not send people to the inbox either.
    for (const key of ['eliminar-cuenta', 'descargar-mis-datos', 'denunciar', 'correos'])
      expect(faq(key), key).not.toMatch(/hola@ecoanuncios\.org|escr[ií]benos/i);
  });

  it('names only buttons and switches that are on the pages', () => {
    const sources = [...pageSources(APP), ...pageSources(DOMAIN)].join('\n');
    const named = questions.flatMap((entry) =>
      [...entry.answer.matchAll(/«([^»]+)»/g)].map((match) => match[1]),
    );
    expect(named.length).toBeGreaterThan(5);
    for (const label of named) {
      expect(sources.includes(label ?? ''), `«${label}» is on no page`).toBe(true);
    }
  });
});

describe('the FAQ, the privacy policy and the terms', () => {
  const privacy = pageText('privacy.tsx');
  const terms = pageText('terms.tsx');

  it('say a member deletes the account and downloads the data in Configuración', () => {
    for (const text of [faq('eliminar-cuenta'), privacy]) {
      expect(text).toContain('«Eliminar mi cuenta»');
      expect(text).toMatch(/contraseña/);
      expect(text).toMatch(/no se puede deshacer/i);
    }
    for (const text of [faq('descargar-mis-datos'), privacy]) {
      expect(text).toContain('«Descargar mis datos»');
      expect(text).toMatch(/JSON/);
      expect(text).toMatch(/Nunca incluye tu contraseña/);
    }
  });

  it('list everything the data download holds, part by part', () => {
    const exported = readFileSync(path.join(APP, '../../api/src/modules/my-data/export-parts.ts'), 'utf8');
    const parts = [...exported.matchAll(/\{ name: '(\w+)', collect/g)].map((match) => match[1] ?? '');
    // How the help texts name each part of the export; a new part fails here until they say it.
    const said: Record<string, RegExp> = {
      account: /tu cuenta/,
      profile: /tu perfil/,
      publications: /tus anuncios/,
      uploads: /las imágenes que subiste/,
      sessions: /tus sesiones abiertas/,
      ratings: /calificaciones que diste y recibiste/,
      notifications: /tus notificaciones/,
      sellerAccount: /tu cuenta de Mercado Pago/,
      orders: /tus compras y ventas/,
      contacts: /contactos que hiciste desde el carrito/,
      reports: /denuncias que hiciste/,
      favorites: /anuncios que guardaste/,
      pushSubscriptions: /dispositivos con notificaciones push/,
      calendarFeed: /si tienes un calendario personal \(sin su enlace secreto\)/,
      interests: /eventos que te interesan/,
      savedSearches: /tus búsquedas guardadas/,
    };
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) {
      expect(said[part], `the export part '${part}' is named nowhere in this test`).toBeDefined();
      for (const text of [faq('descargar-mis-datos'), privacy])
        expect(text, part).toMatch(said[part] ?? /$^/);
    }
  });

  it('count the same cookies', () => {
    for (const text of [faq('proteccion-de-datos'), privacy]) {
      expect(text).toMatch(/cookie de (?:tu )?sesión/);
      expect(text).toMatch(/un minuto/);
      expect(text).not.toMatch(/una sola cookie|solo usamos una cookie/i);
    }
  });

  it('describe reports the same way', () => {
    for (const text of [faq('denunciar'), terms]) {
      expect(text).toContain('«Denunciar»');
      expect(text).toMatch(/varias denuncias|varias personas denuncian/);
      expect(text).toMatch(/desestim/);
    }
    expect(terms).not.toMatch(/reportar un contenido, escr[ií]benos/);
  });

  it('describe payments with Mercado Pago the same way', () => {
    for (const text of [faq('mercado-pago'), terms, privacy]) {
      expect(text).toMatch(/Mercado Pago/);
      expect(text).toMatch(/datos de tu tarjeta/);
    }
    for (const text of [faq('mercado-pago'), terms]) expect(text).toMatch(/directamente a quien vende/);
    expect(terms).not.toMatch(/no participa en[^.]*los pagos/);
  });

  it('say the assistant keeps no question', () => {
    expect(privacy).toMatch(
      /Asistente Virtual: las usamos solo para responderte en ese momento y no las guardamos/,
    );
    expect(faq('asistente-virtual')).not.toMatch(/guardamos tus preguntas/i);
  });
});
