import type { FormEvent } from 'react';
import { useState } from 'react';
import type { SubmitOptions } from 'react-router';
import type { CaptchaHandle } from './CaptchaField';

type Submit = (target: FormData, options: SubmitOptions) => Promise<void>;

/**
 * Sends a valid form with the captcha's solution (a `useActionForm` onValidSubmit): the router waits while the proof
 * of work finishes, then posts the form to its action with the token as `captcha`. `solving` is true meanwhile.
 * Give `attachCaptcha` (the ref) to the form's CaptchaField.
 */
export function useCaptchaSubmit(submit: Submit) {
  const [captcha, attachCaptcha] = useState<CaptchaHandle | null>(null);
  const [solving, setSolving] = useState(false);

  function onValidSubmit(event: FormEvent<HTMLFormElement>, formData: FormData) {
    event.preventDefault();
    const form = event.currentTarget;
    setSolving(true);
    void (async () => {
      try {
        const token = await captcha?.token();
        if (token) formData.set('captcha', token);
      } finally {
        setSolving(false);
      }
      // The action says what is missing if there is no token (the API asks for one).
      await submit(formData, { method: 'post', action: form.getAttribute('action') ?? undefined });
      // A solution works once: the next submit gets a new one.
      captcha?.reset();
    })();
  }

  return { attachCaptcha, solving, onValidSubmit };
}
