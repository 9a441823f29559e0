import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { DEFERRED_MODULE_TYPE, deferScripts, ScriptDeferrer } from './deferred-scripts.server';

// The shape React Router 8 renders: preloads hoisted into the head, its module script at the end of the body,
// then the streamed loader data.
const MODULE_CODE = ';\nimport * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");';
const DOCUMENT =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/root-1.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="abc"/>' +
  '<link rel="stylesheet" href="/assets/entry-1.css"/></head><body><main><p>Hola &lt;script type="module"&gt;</p></main>' +
  '<script nonce="abc">window.__reactRouterContext = {};</script>' +
  `<script nonce="abc" type="module" async="">${MODULE_CODE}</script>` +
  '<script nonce="abc">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>';

function rewrite(pieces: string[]): string {
  const deferrer = new ScriptDeferrer();
  return pieces.map((piece) => deferrer.push(piece)).join('') + deferrer.end();
}

/** The document cut into pieces of `size` characters, as a stream may deliver it. */
function cut(html: string, size: number): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < html.length; index += size) pieces.push(html.slice(index, index + size));
  return pieces;
}

describe('ScriptDeferrer', () => {
  const whole = rewrite([DOCUMENT]);

  it('drops the module preloads and keeps React Router’s module script inert, followed by its starter', () => {
    expect(whole).not.toContain('rel="modulepreload"');
    expect(whole).not.toContain('type="module" async');
    expect(whole).toContain(`<script nonce="abc" type="${DEFERRED_MODULE_TYPE}">${MODULE_CODE}</script>`);
    const starter = /<script nonce="abc">(\(\(\) => \{[\s\S]*?\}\)\(\))<\/script>/.exec(whole)?.[1];
    expect(starter).toContain('const modules = ["/assets/entry.client-1.js","/assets/root-1.js"];');
    // The rest of the document is unchanged, in place.
    expect(whole).toContain('<link rel="stylesheet" href="/assets/entry-1.css"/>');
    expect(whole).toContain('<p>Hola &lt;script type="module"&gt;</p>');
    expect(whole.indexOf('enqueue')).toBeGreaterThan(whole.indexOf(DEFERRED_MODULE_TYPE));
  });

  it('gives the same document whatever the pieces it arrives in', () => {
    for (const size of [1, 7, 64, 300]) expect(rewrite(cut(DOCUMENT, size))).toBe(whole);
  });

  it('leaves a document without React Router’s module script as it was', () => {
    const html = '<html><head><link rel="modulepreload" href="/a.js"/></head><body><p>x</p></body></html>';
    expect(rewrite(cut(html, 5))).toBe(
      '<html><head></head><body><p>x</p></body></html><link rel="modulepreload" href="/a.js"/>',
    );
    expect(rewrite(['<html><body><p>sin scripts</p></body></html>'])).toBe(
      '<html><body><p>sin scripts</p></body></html>',
    );
  });

  it('keeps a page shared by guests (no nonce) without one', () => {
    const shared = rewrite([DOCUMENT.replaceAll(' nonce="abc"', ' nonce=""')]);
    expect(shared).toContain(`<script nonce="" type="${DEFERRED_MODULE_TYPE}">`);
  });
});

describe('deferScripts', () => {
  it('rewrites a byte stream, characters cut across chunks included', async () => {
    const bytes = Buffer.from(DOCUMENT.replace('Hola', 'Hola, año'), 'utf8');
    const input = new PassThrough();
    const output = text(input.pipe(deferScripts()));
    for (let index = 0; index < bytes.length; index += 5) input.write(bytes.subarray(index, index + 5));
    input.end();
    const html = await output;
    expect(html).toContain('Hola, año');
    expect(html).toContain(DEFERRED_MODULE_TYPE);
    expect(html).not.toContain('modulepreload" href');
  });
});
