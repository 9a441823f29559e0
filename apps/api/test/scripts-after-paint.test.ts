import { describe, expect, it } from 'vitest';
import { scriptsAfterPaint } from '../src/web/scripts-after-paint.ts';

// The document's scripts started after its first paint: the preloads out of the head, and the bootstrap module script
// added by a classic script in a task of its own, its text unchanged; anything else left alone.

const BOOTSTRAP = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/home-B.js";
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
  window.__note = "</script> is not the end";

import("/assets/entry.client-C.js");`;

const DOCUMENT = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-C.js" nonce=""/><link rel="modulepreload" href="/assets/root-A.js" nonce=""/><link rel="modulepreload" href="/assets/entry.client-C.js" nonce=""/><link rel="stylesheet" href="/assets/entry.css"/></head><body><main>Hola</main><script nonce="">window.__reactRouterContext = {};</script><script nonce="" type="module" async="">${BOOTSTRAP.replace('</script>', '<\\/script>')}</script></body></html>`;

describe('scripts after the first paint', () => {
  const { html, addedScripts } = scriptsAfterPaint(DOCUMENT);

  it('takes the preloads out of the head, keeping the styles and the other scripts', () => {
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/entry.css"/>');
    expect(html).toContain('<script nonce="">window.__reactRouterContext = {};</script>');
    expect(html).not.toContain('type="module"');
  });

  it('adds the preloads and then the very same bootstrap from a task of its own', () => {
    expect(addedScripts).toEqual([BOOTSTRAP.replace('</script>', '<\\/script>')]);
    const starter = /<script nonce="">(setTimeout[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const added: { tag: string; rel?: string; href?: string; type?: string; text?: string }[] = [];
    const element = (tag: string) => {
      const made: { tag: string } = { tag };
      added.push(made);
      return made;
    };
    const append = (made: object) => added.includes(made as never) || added.push(made as never);
    const run = new Function('setTimeout', 'document', starter);
    run((task: () => void) => task(), {
      createElement: element,
      head: { append },
      body: { append },
    });
    expect(added.filter((made) => made.rel === 'modulepreload').map((made) => made.href)).toEqual([
      '/assets/entry.client-C.js',
      '/assets/root-A.js',
    ]);
    const bootstrap = added.find((made) => made.type === 'module');
    expect(bootstrap?.text ?? (bootstrap as { textContent?: string } | undefined)?.textContent).toBe(
      addedScripts[0],
    );
  });

  it('leaves a document without a module bootstrap as it is', () => {
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
    expect(scriptsAfterPaint(plain)).toEqual({ html: plain, addedScripts: [] });
  });
});
