/**
 * Cuts a text to `max` characters (code points, so an emoji is never split), trims the trailing spaces of the cut
 * and appends '...'. A text of at most `max` characters comes back unchanged.
 */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, Math.max(0, max)).join('').trimEnd()}...`;
}
