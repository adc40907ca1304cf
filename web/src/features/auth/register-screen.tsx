import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useAppDispatch } from "../../app/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { Message } from "../../components/message.tsx";
import { currentLanguage, t } from "../../i18n/index.ts";
import { fieldErrors, formErrorText } from "../../lib/api-error.ts";
import { useRegisterMutation } from "./auth-api.ts";
import "./auth.css";
import { EmailField, PasswordMismatch, PasswordPairFields, usePasswordPair } from "./auth-fields.tsx";
import { isLoginInfo } from "./auth-http.ts";
import { loginSucceeded } from "./auth-slice.ts";
import type { LoginState } from "./login-screen.tsx";
import { redirectQuery, safeRedirect } from "./redirect.ts";

/**
 * /register: e-mail, password and confirmation (docs/storefront.md, "Validation": all required;
 * differing passwords are refused here). Success goes to /login with the server's answer
 * ("Verification e-mail sent."). The account's e-mails come in the language the shopper registered
 * in.
 */
export function RegisterScreen() {
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [register, { error, isLoading, reset }] = useRegisterMutation();
  const [email, setEmail] = useState("");
  const pair = usePasswordPair();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    if (!pair.check()) return;
    const address = email.trim();
    const result = await register({ email: address, password1: pair.password, password2: pair.confirm, language: currentLanguage() });
    if (!result.data) return;
    if (isLoginInfo(result.data)) {
      // E-mail verification switched off on the server: signed in at once.
      dispatch(loginSucceeded(result.data));
      navigate(safeRedirect(redirect));
    } else {
      navigate(`/login${redirectQuery(redirect)}`, { state: { detail: result.data.detail, email: address } satisfies LoginState });
    }
  }

  const fields = fieldErrors(error);
  const onFields = fields.email || fields.password1 || fields.password2;
  return (
    <FormContainer>
      <title>{`${t("Sign Up")} | Krishi Bazaar`}</title>
      <h1>{t("Sign Up")}</h1>
      <PasswordMismatch pair={pair} />
      {error && !onFields && <Message variant="danger">{formErrorText(error)}</Message>}
      <form onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} errors={fields.email} />
        <PasswordPairFields pair={pair} label="Password" errors={fields.password1} confirmErrors={fields.password2} />
        <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={isLoading}>
          {t("Register")}
        </Button>
      </form>
      <p className="py-3 auth-links">
        {t("Have an Account?")} <Link to={`/login${redirectQuery(redirect)}`}>{t("Sign In")}</Link>
      </p>
    </FormContainer>
  );
}
