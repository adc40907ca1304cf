import { FacebookIcon, InstagramIcon, XIcon } from "../components/icons.tsx";
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
