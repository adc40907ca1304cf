import { useEffect, useState } from "react";
import Button from "react-bootstrap/Button";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useGetConfigQuery } from "../../base/config-api.ts";
import { useAppSelector } from "../../base/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { Message } from "../../components/message.tsx";
import { t } from "../../i18n/index.ts";
import "./auth.css";
import { selectSession } from "./auth-slice.ts";
import { googleConsentUrl } from "./google.ts";
import { newGoogleState } from "./google-state.ts";
import { PhoneCode } from "./phone-code.tsx";
import { redirectQuery, safeRedirect } from "./redirect.ts";
import { SignInForm } from "./sign-in-form.tsx";

/** What the register screen passes along: the server's answer to show here, and the address registered. */
export interface LoginState {
  detail: string;
  email?: string;
}

/** The checkout's steps: signing in on the way to one of them, a shopper is asked for a mobile number first. */
const CHECKOUT_STEPS = ["/shipping", "/payment", "/placeorder"];

/**
 * /login?redirect=: e-mail and password, a mobile number's code, or Google. Once signed in (here,
 * or by Google's ?code= on load) goes to the redirect, a path of this shop only. On the way to
 * checkout the mobile number comes first (the shop's customers sign in by phone) and the e-mail
 * form is the other choice, unless the shopper has just registered an e-mail address. The e-mail
 * form's errors show in the top alert, since the login failure message is the auth message
 * (docs/storefront.md, "Auth state"); the registration's message then gives way to it, so one
 * message says what to do. The mobile number's steps say theirs in place.
 */
export function LoginScreen() {
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const target = safeRedirect(redirect);
  const registered = registeredState(useLocation().state);
  const failed = useAppSelector((state) => state.auth.message !== null && state.auth.variant === "danger");
  const signedIn = useAppSelector(selectSession) === "signed-in";
  const navigate = useNavigate();
  const config = useGetConfigQuery().data;
  const googleClientId = config?.googleClientId;
  // The mobile number's steps take the e-mail form's place, and give it back.
  const [withPhone, setWithPhone] = useState(() => !registered?.email && toCheckout(target));
  // Whether the shopper chose the form shown (its first field then takes the focus), or the page opened with it.
  const [chosen, setChosen] = useState(false);
  const choosePhone = (phone: boolean) => {
    setChosen(true);
    setWithPhone(phone);
  };

  useEffect(() => {
    if (signedIn) navigate(target, { replace: true });
  }, [signedIn, target, navigate]);

  return (
    <FormContainer>
      <title>{`${t("Sign In")} | Krishi Bazaar`}</title>
      <h1>{t("Sign In")}</h1>
      {registered && !failed && <Message variant="success">{registeredText(registered)}</Message>}
      {withPhone ? <PhoneCode purpose="sign-in" focusNumber={chosen} /> : <SignInForm email={registered?.email} />}
      <p className="auth-or text-body-secondary">{t("or")}</p>
      <div className="auth-alternatives">
        {withPhone ? (
          <Button type="button" variant="outline-primary" className="w-100 auth-submit" onClick={() => choosePhone(false)}>
            {t("Sign in with your e-mail address")}
          </Button>
        ) : (
          <Button type="button" variant="outline-primary" className="w-100 auth-submit" onClick={() => choosePhone(true)}>
            {t("Continue with mobile number")}
          </Button>
        )}
        {googleClientId && (
          <Button
            type="button"
            variant="outline-primary"
            className="w-100 auth-submit"
            onClick={() =>
              window.location.assign(
                googleConsentUrl(googleClientId, window.location.origin, newGoogleState(redirect), config?.googleAuthUrl ?? undefined),
              )
            }
          >
            {t("Sign in with Google")}
          </Button>
        )}
      </div>
      <p className="pt-3 mb-0 auth-links">
        {t("New Customer?")} <Link to={`/register${redirectQuery(redirect)}`}>{t("Register")}</Link>
      </p>
      <p className="auth-links">
        <Link to="/reset/password/">{t("Forgot your password?")}</Link>
      </p>
    </FormContainer>
  );
}

/** Whether a redirect goes on to a step of the checkout. */
function toCheckout(target: string): boolean {
  return CHECKOUT_STEPS.includes(target.split(/[?#]/)[0] ?? "");
}

function registeredState(state: unknown): LoginState | null {
  if (!state || typeof state !== "object") return null;
  const { detail, email } = state as Partial<Record<keyof LoginState, unknown>>;
  if (typeof detail !== "string" || !detail) return null;
  return typeof email === "string" && email ? { detail, email } : { detail };
}

/** "Verification e-mail sent.", saying where it went and what to do next. */
function registeredText({ email }: LoginState): string {
  return email
    ? t("Verification e-mail sent. Please open the link we sent to {email} to verify your account, then sign in here.", { email })
    : t("Verification e-mail sent.");
}
