import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

// The app's scripts start once the page has painted (decision 018). React Router puts a <link rel="modulepreload">
// in the head for every module of the page and, at the end of the body, a module script that imports the route
// modules and then the client entry. On a slow phone those 130-170 KB of JavaScript share the connection with the
// stylesheets and the main images, and the page's largest content waits for them. This rewrites the document as it
// streams out: the preload links are dropped and the module script is kept inert (a type browsers do not run) next
// to a small script that adds the same preload links and runs the same module script once the browser has painted
// the page's largest content (the images marked fetchpriority="high" on explore and detail, the text on home), or
// at once when the visitor presses, touches or types. Until then the page is the server's HTML: links and GET forms
// work as plain navigations.

/** The type the module script carries while it waits: browsers run no script of an unknown type. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';

/** The longest the scripts wait, from the moment the document is parsed. */
export const DEFERRED_START_MAX_MS = 3_000;

/**
 * How long after its important images are decoded the scripts wait for the browser to report their paint: they are
 * not always the page's largest content (a heading is larger on a wide screen), and then no report names them.
 */
export const DEFERRED_AFTER_IMAGES_MS = 500;

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]*)"/;
const MODULE_SCRIPT_START = /<script\b[^>]*\btype="module"[^>]*>/;
const NONCE = /\bnonce="([^"]*)"/;

/**
 * The script that starts the app: `modules` are the page's module preloads. It runs where React Router's module
 * script was, right after the inert copy of it (`document.currentScript.previousElementSibling`), whose nonce (pages
 * of one visitor) or hash (pages shared by guests, whose policy lists the hash of every inline script) lets the
 * running copy pass the Content-Security-Policy. It starts once the browser has reported the largest paint of the
 * page's most important image (or, with none, of the page), a frame later; without that report, once those images
 * are decoded and two frames have passed.
 */
function starter(modules: string[]): string {
  return `(() => {
const modules = ${JSON.stringify(modules)};
const inert = document.currentScript.previousElementSibling;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of modules) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement("script");
  script.type = "module";
  script.nonce = inert.nonce;
  script.textContent = inert.textContent;
  document.head.append(script);
};
const afterFrame = () => requestAnimationFrame(() => setTimeout(start));
for (const type of ["pointerdown", "touchstart", "keydown"]) addEventListener(type, start, { once: true, passive: true, capture: true });
const images = [...document.querySelectorAll('img[fetchpriority="high"]')];
const decoded = Promise.all(images.map((image) => image.decode().catch(() => {})));
if (PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) {
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => images.length === 0 || images.includes(entry.element))) afterFrame();
  }).observe({ type: "largest-contentful-paint", buffered: true });
  if (images.length > 0) decoded.then(() => setTimeout(start, ${DEFERRED_AFTER_IMAGES_MS}));
} else {
  decoded.then(() => requestAnimationFrame(afterFrame));
}
setTimeout(start, ${DEFERRED_START_MAX_MS});
})()`;
}

/**
 * Rewrites a document given in pieces (as React streams it): `push` returns what can be sent so far, `end` the
 * rest. Only the head's module preloads and React Router's module script change; everything after that script
 * (the streamed loader data) passes through untouched.
 */
export class ScriptDeferrer {
  private pending = '';
  private readonly modules: string[] = [];
  private done = false;

  push(text: string): string {
    if (this.done) return text;
    this.pending = (this.pending + text).replace(MODULE_PRELOAD, (link) => {
      const href = HREF.exec(link)?.[1];
      if (href !== undefined && !this.modules.includes(href)) this.modules.push(href);
      return '';
    });
    const start = MODULE_SCRIPT_START.exec(this.pending);
    if (start !== null) {
      const end = this.pending.indexOf('</script>', start.index);
      // The module script is not complete yet: keep it (and what follows) for the next piece.
      if (end === -1) return this.take(start.index);
      const close = end + '</script>'.length;
      const code = this.pending.slice(start.index + start[0].length, end);
      const nonce = NONCE.exec(start[0])?.[1];
      const nonceAttribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
      const output =
        this.pending.slice(0, start.index) +
        `<script${nonceAttribute} type="${DEFERRED_MODULE_TYPE}">${code}</script>` +
        `<script${nonceAttribute}>${starter(this.modules)}</script>` +
        this.pending.slice(close);
      this.pending = '';
      this.done = true;
      return output;
    }
    // A tag may be cut at the end of this piece: keep from its '<' on.
    const lastTag = this.pending.lastIndexOf('<');
    return this.take(lastTag === -1 ? this.pending.length : lastTag);
  }

  end(): string {
    const rest = this.pending;
    this.pending = '';
    if (this.done || this.modules.length === 0) return rest;
    // No module script came (nothing to defer): give the preloads back rather than lose them.
    return rest + this.modules.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('');
  }

  private take(length: number): string {
    const output = this.pending.slice(0, length);
    this.pending = this.pending.slice(length);
    return output;
  }
}

/** A stream that rewrites the HTML React renders with a ScriptDeferrer. */
export function deferScripts(): Transform {
  const decoder = new StringDecoder('utf8');
  const deferrer = new ScriptDeferrer();
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      const output = deferrer.push(text);
      callback(null, output === '' ? undefined : output);
    },
    flush(callback) {
      const output = deferrer.push(decoder.end()) + deferrer.end();
      callback(null, output === '' ? undefined : output);
    },
  });
}
