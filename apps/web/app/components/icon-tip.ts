export type TipSide = 'center' | 'start' | 'end';

/**
 * Props that give an icon-only button a visible name on hover and keyboard focus, and the same text as its
 * accessible name (or a longer one): `<ActionIcon {...iconTip('Editar')}>`.
 */
export function iconTip(label: string, side: TipSide = 'center', accessibleName = label) {
  return {
    'aria-label': accessibleName,
    'data-tip': label,
    'data-tip-side': side === 'center' ? undefined : side,
    // styles/icon-tip.css, in the root stylesheet.
    className: 'eco-icon-tip',
  } as const;
}
