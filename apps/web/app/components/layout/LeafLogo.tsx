type LeafLogoProps = { size?: number; title?: string };

/** The EcoAnuncios leaf, drawn with currentColor. Decorative unless a title is given. */
export function LeafLogo({ size = 28, title }: LeafLogoProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title && <title>{title}</title>}
      <path
        fill="currentColor"
        d="M27.5 3.5C15 3.5 6.5 9.6 6.5 19c0 2 .45 3.8 1.3 5.3L4.3 27.8l1.9 1.9 3.5-3.5c1.5.85 3.3 1.3 5.3 1.3 9.4 0 12.5-10 12.5-24Z"
      />
      <path
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
        d="M9.6 23.4C13 17.5 17.4 12.6 23 8.8"
      />
    </svg>
  );
}
