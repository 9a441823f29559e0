import { createHash } from 'node:crypto';

// Helpers for the pages kept in memory and given to every guest (the static pages, the guest pages): such a copy
// carries no per-request nonce, so its inline scripts are allowed by their SHA-256 hashes instead.

/** The source of every inline <script> of the page, in order. */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (match[1] !== undefined && match[1] !== '') scripts.push(match[1]);
  }
  return scripts;
}

/** The CSP source expressions ('sha256-…') of the page's inline scripts. */
export function scriptHashes(html: string): string[] {
  return inlineScripts(html).map(
    (source) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`,
  );
}

/** The script-src of the reply's policy with the page's hashes in place of the request's nonce. */
export function withHashes(policy: string, hashes: readonly string[]): string {
  return policy.replace(/'nonce-[^']*'/, hashes.join(' '));
}
