// What people typed, switched and chose in the server's HTML before React took over the page. A controlled input (the
// publication form's, a Mantine form in controlled mode, Mantine's Switch and Radio.Group) shows its state once
// hydrated, and that state never saw those taps: the client entry starts listening before hydration, and each such
// form puts what was done back into its state.

type Field = HTMLInputElement | HTMLTextAreaElement;

const typed = new Map<string, string>();
/** Checkboxes and switches turned on or off, by id. */
const checked = new Map<string, boolean>();
/** The radio chosen in each group, by the group's name. */
const chosen = new Map<string, string>();
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

function rememberChoice(input: HTMLInputElement) {
  if (input.checked === input.defaultChecked) return;
  if (input.type === 'checkbox' && input.id !== '') checked.set(input.id, input.checked);
  if (input.type === 'radio' && input.checked && input.name !== '') chosen.set(input.name, input.value);
}

function isChoice(target: EventTarget | null): target is HTMLInputElement {
  return target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio');
}

/** Called by the client entry before hydration: what is typed already, and what is typed until the page runs. */
export function watchTypingBeforeHydration(): void {
  document.querySelectorAll('input, textarea').forEach((field) => {
    if (isTextField(field)) remember(field);
    if (isChoice(field)) rememberChoice(field);
  });
  const onInput = (event: Event) => {
    if (isTextField(event.target)) remember(event.target);
    if (isChoice(event.target)) rememberChoice(event.target);
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  // The root layout marks <html data-hydrated> once React runs the page (root.tsx).
  const done = new MutationObserver(() => {
    if (!document.documentElement.hasAttribute('data-hydrated')) return;
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('change', onInput, true);
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

/**
 * Whether the checkbox or switch with this id was turned on (or off) before hydration: the initial state of a
 * component that controls it (Mantine's Switch does), so that hydration does not undo the person's tap.
 */
export function checkedBeforeHydration(id: string): boolean | undefined {
  return checked.get(id);
}

/** The radio of the group `name` chosen before hydration, for the initial state of a component that controls it. */
export function chosenBeforeHydration(name: string): string | undefined {
  return chosen.get(name);
}
