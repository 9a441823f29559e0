// What people typed into the server's HTML before React took over the page. A controlled input (the publication
// form's, a Mantine form in controlled mode) shows its state once hydrated, and that state never saw those keys: the
// client entry starts listening before hydration, and the form puts what was typed back into its state.

type Field = HTMLInputElement | HTMLTextAreaElement;

const typed = new Map<string, string>();
const SKIPPED_TYPES = new Set(['hidden', 'file', 'checkbox', 'radio', 'submit', 'button', 'reset', 'image']);

function isTextField(target: EventTarget | null): target is Field {
  return (
    (target instanceof HTMLInputElement && !SKIPPED_TYPES.has(target.type)) ||
    target instanceof HTMLTextAreaElement
  );
}

function remember(field: Field) {
  if (field.id !== '' && field.value !== field.defaultValue) typed.set(field.id, field.value);
}

/** Called by the client entry before hydration: what is typed already, and what is typed until the page runs. */
export function watchTypingBeforeHydration(): void {
  document.querySelectorAll('input[id], textarea[id]').forEach((field) => {
    if (isTextField(field)) remember(field);
  });
  const onInput = (event: Event) => {
    if (isTextField(event.target)) remember(event.target);
  };
  document.addEventListener('input', onInput, true);
  // The root layout marks <html data-hydrated> once React runs the page (root.tsx).
  const done = new MutationObserver(() => {
    if (!document.documentElement.hasAttribute('data-hydrated')) return;
    document.removeEventListener('input', onInput, true);
    done.disconnect();
  });
  done.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
}

/**
 * The values typed before hydration into the named fields of `form`, by field name, each given once: the form sets
 * them into its state when it mounts.
 */
export function takeTypedValues(form: HTMLFormElement | null): Record<string, string> {
  const found: Record<string, string> = {};
  if (form === null) return found;
  for (const element of Array.from(form.elements)) {
    if (!isTextField(element) || element.name === '' || !typed.has(element.id)) continue;
    found[element.name] = typed.get(element.id)!;
    typed.delete(element.id);
  }
  return found;
}
