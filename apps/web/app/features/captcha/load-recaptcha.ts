// reCAPTCHA v3 (CAPTCHA_PROVIDER=recaptcha): Google's script, loaded on first use from the hosts the CSP then
// allows. It shows only its badge; each submit asks it for a token bound to the form's action.
type Grecaptcha = {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};

let loading: Promise<Grecaptcha> | undefined;

export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=es-419`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = (globalThis as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.append(script);
  });
  return loading;
}
