/** Small inline icons (no icon font): decorative, so hidden from assistive technology. */

const common = { width: "1em", height: "1em", fill: "currentColor", focusable: false } as const;

export function TrashIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" {...common}>
      <path d="M5.5 5.5A.5.5 0 0 1 6 6v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m2.5 0a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m3 .5a.5.5 0 0 0-1 0v6a.5.5 0 0 0 1 0z" />
      <path d="M14.5 3a1 1 0 0 1-1 1H13v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4h-.5a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1H6a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1h3.5a1 1 0 0 1 1 1zM4.118 4 4 4.059V13a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V4.059L11.882 4zM2.5 3h11V2h-11z" />
    </svg>
  );
}

export function FacebookIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" {...common}>
      <path d="M9.2 16V8.7h2.4l.4-2.8H9.2V4.1c0-.8.2-1.4 1.4-1.4H12V.1C11.8.1 10.9 0 9.9 0 7.8 0 6.4 1.3 6.4 3.6v2.3H4v2.8h2.4V16z" />
    </svg>
  );
}

export function XIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" {...common}>
      <path d="M12.6.75h2.454l-5.36 6.142L16 15.25h-4.937l-3.867-5.07-4.425 5.07H.316l5.733-6.57L0 .75h5.063l3.495 4.633L12.601.75Zm-.86 13.028h1.36L4.323 2.145H2.865z" />
    </svg>
  );
}

export function InstagramIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" {...common}>
      <g fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="1" y="1" width="14" height="14" rx="4" />
        <circle cx="8" cy="8" r="3.25" />
      </g>
      <circle cx="12.1" cy="3.9" r="0.9" />
    </svg>
  );
}

export function EditIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" {...common}>
      <path d="M12.146.146a.5.5 0 0 1 .708 0l3 3a.5.5 0 0 1 0 .708l-10 10a.5.5 0 0 1-.168.11l-5 2a.5.5 0 0 1-.65-.65l2-5a.5.5 0 0 1 .11-.168zM11.207 2.5 13.5 4.793 14.793 3.5 12.5 1.207zm1.586 3L10.5 3.207 4 9.707V10h.5a.5.5 0 0 1 .5.5v.5h.5a.5.5 0 0 1 .5.5v.5h.293zm-9.761 5.175-.106.106-1.528 3.821 3.821-1.528.106-.106A.5.5 0 0 1 5 12.5V12h-.5a.5.5 0 0 1-.5-.5V11h-.5a.5.5 0 0 1-.468-.325" />
    </svg>
  );
}

export function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...common}>
      <path
        d="M1 2h3.2l2.6 12.1a2 2 0 0 0 2 1.6h9.4a2 2 0 0 0 2-1.5L22 6H6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="9" cy="20.5" r="1.8" />
      <circle cx="18" cy="20.5" r="1.8" />
    </svg>
  );
}

export function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...common}>
      <circle cx="12" cy="7.5" r="4.5" />
      <path d="M3 22c0-5 4-8 9-8s9 3 9 8z" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...common}>
      <circle cx="10.5" cy="10.5" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="m16 16 6 6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** The brand mark: a sprouting seedling in a circle. */
export function LogoIcon() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" width="1.75em" height="1.75em" focusable={false}>
      <circle cx="16" cy="16" r="16" fill="#f2a007" />
      <path d="M16 27V15" stroke="#14502a" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M16 16c0-5 3.5-8.5 9-8.5 0 5.5-3.5 8.5-9 8.5z" fill="#14502a" />
      <path d="M16 19c0-4-3-7-7.5-7 0 4.5 3 7 7.5 7z" fill="#1d6b38" />
    </svg>
  );
}
