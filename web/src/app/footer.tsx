import Col from "react-bootstrap/Col";
import Container from "react-bootstrap/Container";
import Row from "react-bootstrap/Row";
import { FacebookIcon, InstagramIcon, XIcon } from "../components/icons.tsx";

const SOCIAL = [
  { label: "Facebook", Icon: FacebookIcon },
  { label: "Twitter", Icon: XIcon },
  { label: "Instagram", Icon: InstagramIcon },
];

export function Footer() {
  return (
    <footer className="border-top mt-4">
      <Container>
        <Row>
          <Col className="text-center py-3">
            <p className="mb-2">© 2024 Krishi Bazaar</p>
            <ul className="list-unstyled d-flex justify-content-center gap-3 mb-0 fs-4">
              {SOCIAL.map(({ label, Icon }) => (
                <li key={label}>
                  {/* biome-ignore lint/a11y/useValidAnchor: the spec's social links lead nowhere (no accounts yet) */}
                  <a href="#" aria-label={label} className="link-dark d-inline-block p-1">
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </Col>
        </Row>
      </Container>
    </footer>
  );
}
