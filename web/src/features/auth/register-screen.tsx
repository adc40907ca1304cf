import Button from "react-bootstrap/Button";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useAppDispatch } from "../../base/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { Message } from "../../components/message.tsx";
import { currentLanguage, t } from "../../i18n/index.ts";
import { fieldErrors, formErrorText } from "../../lib/api-error.ts";
import { useFormCheck } from "../../lib/form-check.ts";
import { useRegisterMutation } from "./auth-api.ts";
import "./auth.css";
import { EmailField, PasswordMismatch, type PasswordPair, PasswordPairFields, samePasswords, textField } from "./auth-fields.tsx";
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
  const form = useForm<PasswordPair & { email: string }>({
    defaultValues: { email: "", password: "", confirm: "" },
    resolver: samePasswords,
    reValidateMode: "onSubmit",
  });

  // Each try starts without the last answer's messages.
  const submit = form.handleSubmit(async ({ email, password, confirm }) => {
    reset();
    const address = email.trim();
    const result = await register({ email: address, password1: password, password2: confirm, language: currentLanguage() });
    if (!result.data) return;
    if (isLoginInfo(result.data)) {
      // E-mail verification switched off on the server: signed in at once.
      dispatch(loginSucceeded(result.data));
      navigate(safeRedirect(redirect));
    } else {
      navigate(`/login${redirectQuery(redirect)}`, { state: { detail: result.data.detail, email: address } satisfies LoginState });
    }
  }, reset);

  const { refused, formProps } = useFormCheck();
  const fields = fieldErrors(error);
  const onFields = fields.email || fields.password1 || fields.password2;
  return (
    <FormContainer>
      <title>{`${t("Sign Up")} | Krishi Bazaar`}</title>
      <h1>{t("Sign Up")}</h1>
      <PasswordMismatch form={form} />
      {error && !onFields && <Message variant="danger">{formErrorText(error)}</Message>}
      <form {...formProps(submit)}>
        <EmailField {...textField(form, "email")} errors={refused.email ?? fields.email} />
        <PasswordPairFields
          password={textField(form, "password")}
          confirm={textField(form, "confirm")}
          label="Password"
          errors={refused.password ?? fields.password1}
          confirmErrors={refused["confirm-password"] ?? fields.password2}
        />
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
