/// <reference types="altcha/types/react" />
import type { CaptchaAction, CaptchaSettings } from '@eco/domain';
import { Text } from '@mantine/core';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { apiRequest } from '../../lib/api-client';
import { loadAltcha } from './load-altcha';
import { loadRecaptcha } from './load-recaptcha';

/** What a form asks of its captcha: the token to send (undefined when the site uses none), and a fresh start. */
export type CaptchaHandle = {
  token: () => Promise<string | undefined>;
  reset: () => void;
};

type AltchaElement = HTMLElement & {
  verify: () => Promise<{ payload: string } | null>;
  reset: () => void;
  getState: () => string;
};

/** The payload of the verification under way, or undefined when it ends otherwise (error, expired). */
function settledPayload(element: AltchaElement): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (state === 'verifying') return;
      element.removeEventListener('statechange', onChange);
      resolve(state === 'verified' ? payload : undefined);
    };
    element.addEventListener('statechange', onChange);
  });
}

let settings: Promise<CaptchaSettings> | undefined;
function captchaSettings(): Promise<CaptchaSettings> {
  settings ??= apiRequest<CaptchaSettings>('/api/captcha').catch((error: unknown) => {
    settings = undefined;
    throw error;
  });
  return settings;
}

/**
 * The site's human verification. ALTCHA solves its proof of work as soon as the form shows (nothing to click on
 * most phones); the form awaits `token()` on submit, which finishes the work if it is still running.
 */
export function CaptchaField({
  ref,
  action,
  invisible = false,
  solveOnLoad = true,
}: {
  ref: Ref<CaptchaHandle>;
  action: CaptchaAction;
  /** ALTCHA without any visible part (the assistant solves it before a guest's first message). */
  invisible?: boolean;
  /** Off when a solution is unlikely to be needed: `token()` then solves on demand. */
  solveOnLoad?: boolean;
}) {
  const [provider, setProvider] = useState<CaptchaSettings['provider'] | null>(null);
  const [ready, setReady] = useState(false);
  const widget = useRef<AltchaElement | null>(null);
  const payload = useRef<string | undefined>(undefined);
  // A token asked for before the settings and the widget have loaded (a message sent at once) waits for them.
  const known = useRef<CaptchaSettings | null>(null);
  const [usable] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  });

  useEffect(() => {
    let active = true;
    captchaSettings()
      .then(async (current) => {
        if (current.provider === 'altcha') await loadAltcha();
        if (current.provider === 'recaptcha' && current.siteKey) await loadRecaptcha(current.siteKey);
        if (active) {
          known.current = current;
          setProvider(current.provider);
          setReady(true);
          // ALTCHA is usable once its element is attached (below).
          if (current.provider !== 'altcha') usable.resolve();
        }
      })
      .catch(() => {
        if (!active) return;
        setReady(true);
        usable.resolve();
      });
    return () => {
      active = false;
    };
  }, [usable]);

  const attach = useCallback(
    (element: HTMLElement | null) => {
      widget.current = element as AltchaElement | null;
      if (!element) return;
      usable.resolve();
      element.addEventListener('statechange', (event) => {
        const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        payload.current = detail.state === 'verified' ? detail.payload : undefined;
      });
    },
    [usable],
  );

  useImperativeHandle(
    ref,
    () => ({
      async token() {
        await usable.promise;
        const { provider, siteKey } = known.current ?? { provider: null, siteKey: null };
        if (provider === 'recaptcha' && siteKey) {
          const grecaptcha = await loadRecaptcha(siteKey);
          return grecaptcha.execute(siteKey, { action });
        }
        if (provider !== 'altcha' || !widget.current) return undefined;
        // verify() would abort the work under way and start over (a second challenge): wait for it instead. A form
        // sent right after hydration can still meet the solving-on-load just starting, and the two then spoil each
        // other ('Failed to find solution'): one more attempt, once the other has settled.
        for (let attempt = 0; attempt < 2 && !payload.current; attempt += 1) {
          const element = widget.current;
          if (!element) break;
          if (element.getState() === 'verifying') {
            const finished = await settledPayload(element);
            if (finished) payload.current = finished;
            continue;
          }
          const result = await element.verify().catch(() => null);
          if (result?.payload) payload.current = result.payload;
        }
        return payload.current;
      },
      reset() {
        payload.current = undefined;
        widget.current?.reset();
      },
    }),
    [usable, action],
  );

  if (ready && provider === 'recaptcha') {
    return (
      <Text size="xs" c="dimmed">
        Este sitio está protegido por reCAPTCHA de Google.
      </Text>
    );
  }
  if (!ready || provider !== 'altcha') return null;
  if (invisible) {
    return (
      <altcha-widget
        ref={attach}
        challenge="/api/captcha/challenge"
        auto={solveOnLoad ? 'onload' : 'off'}
        language="es-419"
        configuration={JSON.stringify({ display: 'invisible', hideLogo: true, hideFooter: true })}
        data-testid="captcha"
      />
    );
  }
  return (
    <div data-testid="captcha">
      <altcha-widget
        ref={attach}
        challenge="/api/captcha/challenge"
        auto={solveOnLoad ? 'onload' : 'off'}
        language="es-419"
        name="captcha"
        configuration={JSON.stringify({ hideLogo: false, hideFooter: true })}
      />
      <Text size="xs" c="dimmed" mt={4}>
        Comprobamos que eres una persona sin cookies ni rastreo.
      </Text>
    </div>
  );
}
