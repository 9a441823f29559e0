// Loaded on first use only (never in the layout's first load). The 'external' build has no inline workers or
// styles: the proof of work runs in a worker file served by the site itself, which the nonce-based CSP allows.
let loading: Promise<void> | undefined;

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    await Promise.all([import('altcha/external'), import('altcha/altcha.css')]);
    await import('altcha/i18n/es-419');
    const { default: Pbkdf2Worker } = await import('altcha/workers/pbkdf2?worker');
    const registry = (globalThis as unknown as { $altcha: { algorithms: Map<string, () => Worker> } })
      .$altcha;
    for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
      registry.algorithms.set(algorithm, () => new Pbkdf2Worker());
    }
  })();
  return loading;
}
