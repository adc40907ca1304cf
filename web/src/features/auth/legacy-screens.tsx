import { useEffect } from "react";
import Button from "react-bootstrap/Button";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { showMessage } from "../../base/alert.ts";
import { useAppDispatch, useAppSelector } from "../../base/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { currentLanguage, t } from "../../i18n/index.ts";
import { fieldErrors, formErrorText } from "../../lib/api-error.ts";
import { useFormCheck } from "../../lib/form-check.ts";
import { ACCOUNT_MESSAGES, useRegisterMutation } from "./auth-api.ts";
import "./auth.css";
import { EmailField, NAME_MAX, PasswordMismatch, type PasswordPair, PasswordPairFields, samePasswords, textField } from "./auth-fields.tsx";
import { isLoginInfo } from "./auth-http.ts";
import { loginSucceeded, selectSession } from "./auth-slice.ts";
import { SignInForm } from "./sign-in-form.tsx";

/** /old_login: the alternate sign-in screen (docs/storefront.md, "Account screens"); signed in, it goes home. */
export function OldLoginScreen() {
  const signedIn = useAppSelector(selectSession) === "signed-in";
  const navigate = useNavigate();

  useEffect(() => {
    if (signedIn) navigate("/", { replace: true });
  }, [signedIn, navigate]);

  return (
    <FormContainer>
      <title>{`${t("Sign In")} | Krishi Bazaar`}</title>
      <h1>{t("Sign In")}</h1>
      <SignInForm />
      <p className="mt-3 mb-0 auth-links">
        <Link to="/reset/password/">{t("Forgot your password?")}</Link>
      </p>
      <p className="auth-links">
        {t("Don't have an account?")} <Link to="/signup/">{t("Sign Up")}</Link>
      </p>
    </FormContainer>
  );
}

/** /signup/ and /old_signup/: the alternate sign-up screen, with first and last name; success goes home. */
export function SignupScreen() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [register, { error, isLoading, reset }] = useRegisterMutation();
  const form = useForm<PasswordPair & { email: string; firstName: string; lastName: string }>({
    defaultValues: { email: "", firstName: "", lastName: "", password: "", confirm: "" },
    resolver: samePasswords,
    reValidateMode: "onSubmit",
  });

  // Each try starts without the last answer's messages.
  const submit = form.handleSubmit(async ({ email, firstName, lastName, password, confirm }) => {
    reset();
    const result = await register({
      email: email.trim(),
      first_name: firstName.trim(),
      last_name: lastName.trim(),
      password1: password,
      password2: confirm,
      language: currentLanguage(),
    });
    if (!result.data) {
      dispatch(showMessage(ACCOUNT_MESSAGES.signupFail, "danger"));
      return;
    }
    dispatch(isLoginInfo(result.data) ? loginSucceeded(result.data) : showMessage(ACCOUNT_MESSAGES.signupSuccess, "success"));
    navigate("/");
  }, reset);

  const { refused, formProps } = useFormCheck();
  const fields = fieldErrors(error);
  const onFields = fields.email || fields.first_name || fields.last_name || fields.password1 || fields.password2;
  return (
    <FormContainer>
      <title>{`${t("Sign Up")} | Krishi Bazaar`}</title>
      <h1>{t("Sign Up")}</h1>
      <p>{t("Create your Account")}</p>
      <PasswordMismatch form={form} />
      {error && !onFields && <Message variant="danger">{formErrorText(error)}</Message>}
      <form {...formProps(submit)}>
        <EmailField {...textField(form, "email")} errors={refused.email ?? fields.email} />
        <TextField
          id="first-name"
          label={t("First Name")}
          autoComplete="given-name"
          maxLength={NAME_MAX}
          {...textField(form, "firstName")}
          errors={fields.first_name}
        />
        <TextField
          id="last-name"
          label={t("Last Name")}
          autoComplete="family-name"
          maxLength={NAME_MAX}
          {...textField(form, "lastName")}
          errors={fields.last_name}
        />
        <PasswordPairFields
          password={textField(form, "password")}
          confirm={textField(form, "confirm")}
          label="Password"
          errors={refused.password ?? fields.password1}
          confirmErrors={refused["confirm-password"] ?? fields.password2}
        />
        <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={isLoading}>
          {t("Sign Up")}
        </Button>
      </form>
      <p className="py-3 auth-links">
        {t("Already have an account?")} <Link to="/old_login">{t("Sign In")}</Link>
      </p>
    </FormContainer>
  );
}
