import { useEffect } from "react";
import Button from "react-bootstrap/Button";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useGetConfigQuery } from "../../app/config-api.ts";
import { useAppSelector } from "../../app/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { Message } from "../../components/message.tsx";
import { selectSession } from "./auth-slice.ts";
import { googleConsentUrl, newGoogleState } from "./google.ts";
import { redirectQuery, safeRedirect } from "./redirect.ts";
import { SignInForm } from "./sign-in-form.tsx";

/** What the register screen passes along: the server's answer to show here. */
export interface LoginState {
  detail: string;
}

/**
 * /login?redirect=: e-mail and password, or Google. Once signed in (here, or by Google's ?code= on
 * load) goes to the redirect, a path of this shop only. Errors show in the top alert (spec §4: the
 * login failure message is the auth message).
 */
export function LoginScreen() {
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const target = safeRedirect(redirect);
  const registered = registeredDetail(useLocation().state);
  const signedIn = useAppSelector(selectSession) === "signed-in";
  const navigate = useNavigate();
  const config = useGetConfigQuery().data;
  const googleClientId = config?.googleClientId;

  useEffect(() => {
    if (signedIn) navigate(target, { replace: true });
  }, [signedIn, target, navigate]);

  return (
    <FormContainer>
      <title>Sign In | Krishi Bazaar</title>
      <h1>Sign In</h1>
      {registered && <Message variant="success">{registered}</Message>}
      <SignInForm />
      {googleClientId && (
        <Button
          type="button"
          variant="outline-primary"
          className="mt-3"
          onClick={() =>
            window.location.assign(
              googleConsentUrl(googleClientId, window.location.origin, newGoogleState(redirect), config?.googleAuthUrl ?? undefined),
            )
          }
        >
          Sign in with Google
        </Button>
      )}
      <p className="pt-3 mb-1">
        New Customer? <Link to={`/register${redirectQuery(redirect)}`}>Register</Link>
      </p>
      <p>
        <Link to="/reset/password/">Forgot your password?</Link>
      </p>
    </FormContainer>
  );
}

function registeredDetail(state: unknown): string | null {
  const detail = state && typeof state === "object" && "detail" in state ? state.detail : null;
  return typeof detail === "string" && detail ? detail : null;
}
