// A complete document's scripts fetched after its first paint. React Router puts a modulepreload link for every
// module of the page in the head, and a module script at the end of the body that imports them statically: a
// phone on a slow network then downloads the page's JavaScript (over 100 KB) in the same moments as its styles and
// first images, and evaluates it before it paints. Here the preloads are taken out of the head, and the bootstrap
// becomes a small script that, in a task queued once the document is parsed, adds the preloads and then the
// bootstrap itself, unchanged: the content shows first, and the page comes alive a moment later with the same
// modules evaluated the same way. Applied to the complete documents kept for guests (the first visit of everyone);
// members, whose browsers have the modules cached, get the streamed document as React Router writes it.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const BOOTSTRAP = /<script([^>]*) type="module"([^>]*)>([\s\S]*?)<\/script>/;

export type AfterPaint = {
  html: string;
  /** The sources of inline scripts the page adds itself (their hashes allow them under the policy). */
  addedScripts: string[];
};

/** A string as a JavaScript literal that cannot end the inline script holding it. */
function literal(text: string): string {
  return JSON.stringify(text).replace(/</g, '\\u003c');
}

/**
 * `html` with its module preloads and bootstrap moved after the first paint; unchanged when it has no module
 * bootstrap (a document without React Router's scripts).
 */
export function scriptsAfterPaint(html: string): AfterPaint {
  const bootstrap = BOOTSTRAP.exec(html);
  if (bootstrap === null) return { html, addedScripts: [] };
  const [whole, before, after, source] = bootstrap as unknown as [string, string, string, string];
  const preloads = [...new Set([...html.matchAll(PRELOAD)].map(([, href]) => href as string))];
  const starter = [
    // A task of its own: the browser paints what it has before the modules are fetched and evaluated. (Waiting
    // for an animation frame too would keep headless browsers, which draw no frame unasked, from starting.)
    'setTimeout(() => {',
    `  for (const href of ${JSON.stringify(preloads).replace(/</g, '\\u003c')}) {`,
    '    const link = document.createElement("link");',
    '    link.rel = "modulepreload";',
    '    link.href = href;',
    '    document.head.append(link);',
    '  }',
    '  const bootstrap = document.createElement("script");',
    '  bootstrap.type = "module";',
    `  bootstrap.textContent = ${literal(source)};`,
    '  document.body.append(bootstrap);',
    '});',
  ].join('\n');
  const classic = `<script${before}${after.replace(/\s*async(="")?/, '')}>${starter}</script>`;
  return { html: html.replace(PRELOAD, '').replace(whole, classic), addedScripts: [source] };
}
