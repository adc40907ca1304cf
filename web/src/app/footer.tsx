import { t } from "../i18n/index.ts";

const SOCIAL = [
  { label: "Facebook", Icon: FacebookIcon },
  { label: "Twitter", Icon: XIcon },
  { label: "Instagram", Icon: InstagramIcon },
];

export function Footer() {
  return (
    <footer className="site-footer mt-4">
      <div className="container">
        <div className="row">
          <div className="col text-center py-3">
            <p className="mb-1">{t("Seeds, fertilisers, tools and produce for Indian farms, priced in rupees.")}</p>
            <p className="mb-2">© 2024 Krishi Bazaar</p>
            <ul className="list-unstyled d-flex justify-content-center gap-3 mb-0 fs-4">
              {SOCIAL.map(({ label, Icon }) => (
                <li key={label}>
                  {/* biome-ignore lint/a11y/useValidAnchor: the spec's social links lead nowhere (no accounts yet) */}
                  <a href="#" aria-label={label} className="site-footer__social">
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}

/* The social icons live here, not in components/icons.tsx: the footer loads after the first page. */
const common = { width: "1em", height: "1em", fill: "currentColor", focusable: false } as const;

function FacebookIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" {...common}>
      <path d="M9.2 16V8.7h2.4l.4-2.8H9.2V4.1c0-.8.2-1.4 1.4-1.4H12V.1C11.8.1 10.9 0 9.9 0 7.8 0 6.4 1.3 6.4 3.6v2.3H4v2.8h2.4V16z" />
    </svg>
  );
}

function XIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" {...common}>
      <path d="M12.6.75h2.454l-5.36 6.142L16 15.25h-4.937l-3.867-5.07-4.425 5.07H.316l5.733-6.57L0 .75h5.063l3.495 4.633L12.601.75Zm-.86 13.028h1.36L4.323 2.145H2.865z" />
    </svg>
  );
}

function InstagramIcon() {
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
