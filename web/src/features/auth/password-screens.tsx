import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { type AlertVariant, showMessage } from "../../base/alert.ts";
import { useAppDispatch } from "../../base/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";
import { fieldErrors, formErrorText } from "../../lib/api-error.ts";
import { useFormCheck } from "../../lib/form-check.ts";
import { ACCOUNT_MESSAGES, useChangePasswordMutation, useConfirmPasswordResetMutation, useResetPasswordMutation } from "./auth-api.ts";
import "./auth.css";
import { EmailField, PasswordMismatch, type PasswordPair, PasswordPairFields, samePasswords, textField } from "./auth-fields.tsx";
import { RequireAuth } from "./require-auth.tsx";

/** The top-alert message of an operation's outcome (docs/storefront.md, "Messages"). */
function useAnnounce() {
  const dispatch = useAppDispatch();
  return (message: MessageId, variant: AlertVariant) => dispatch(showMessage(message, variant));
}

/**
 * /reset/password/: asks for a reset link by e-mail ("Reset password success" in the top alert),
 * then says to check the e-mail, where it went, and offers to send it again.
 */
export function ResetPasswordScreen() {
  const announce = useAnnounce();
  const [resetPassword, { error, isLoading }] = useResetPasswordMutation();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(address: string) {
    const result = await resetPassword({ email: address });
    if (!result.data) return announce(ACCOUNT_MESSAGES.resetPasswordFail, "danger");
    announce(ACCOUNT_MESSAGES.resetPasswordSuccess, "success");
    setSentTo(address);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(email.trim());
  }

  const { refused, formProps } = useFormCheck();
  const fields = fieldErrors(error);
  return (
    <FormContainer>
      <title>{`${t("Reset Password")} | Krishi Bazaar`}</title>
      <h1>{t("Reset Password")}</h1>
      {sentTo ? (
        <Message variant="success">
          <h2 className="h5">{t("Check your e-mail")}</h2>
          <p>
            {t("If an account exists for {email}, we have sent it a link to set a new password. The link works once.", { email: sentTo })}
          </p>
          <p className="mb-2">{t("No e-mail after a few minutes? Look in the spam folder, or send it again.")}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="outline-primary" className="auth-submit" disabled={isLoading} onClick={() => send(sentTo)}>
              {t("Send it again")}
            </Button>
            <Link className="btn btn-primary auth-submit d-inline-flex align-items-center" to="/login">
              {t("Back to Sign In")}
            </Link>
          </div>
        </Message>
      ) : (
        <>
          <p>{t("Enter your e-mail address and we will send you a link to set a new password.")}</p>
          {error && !fields.email && <Message variant="danger">{formErrorText(error)}</Message>}
          <form {...formProps(submit)}>
            <EmailField value={email} onChange={setEmail} errors={refused.email ?? fields.email} />
            <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={isLoading}>
              {t("Reset Password")}
            </Button>
          </form>
        </>
      )}
    </FormContainer>
  );
}

/** /reset/password/confirm/{uid}/{token}: the e-mailed link; sets the new password, then /login. */
export function ResetPasswordConfirmScreen() {
  const { uid = "", token = "" } = useParams();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const [confirmReset, { error, isLoading, reset }] = useConfirmPasswordResetMutation();
  const form = useForm<PasswordPair>({ defaultValues: { password: "", confirm: "" }, resolver: samePasswords, reValidateMode: "onSubmit" });

  // Each try starts without the last answer's messages.
  const submit = form.handleSubmit(async ({ password, confirm }) => {
    reset();
    const result = await confirmReset({ uid, token, new_password1: password, new_password2: confirm });
    if (!result.data) return announce(ACCOUNT_MESSAGES.setPasswordFail, "danger");
    announce(ACCOUNT_MESSAGES.setPasswordSuccess, "success");
    navigate("/login");
  }, reset);

  const { refused, formProps } = useFormCheck();
  const fields = fieldErrors(error);
  // The link's uid or token was refused: a new link is what helps.
  const badLink = fields.uid || fields.token;
  return (
    <FormContainer>
      <title>{`${t("Set New Password")} | Krishi Bazaar`}</title>
      <h1>{t("Set New Password")}</h1>
      <PasswordMismatch form={form} />
      {error && !fields.new_password1 && !fields.new_password2 && (
        <Message variant="danger">
          {formErrorText(error)}
          {badLink && (
            <>
              {" "}
              <Link to="/reset/password/" className="alert-link">
                {t("Ask for a new link")}
              </Link>
            </>
          )}
        </Message>
      )}
      <form {...formProps(submit)}>
        <PasswordPairFields
          password={textField(form, "password")}
          confirm={textField(form, "confirm")}
          label="New Password"
          errors={refused["new-password"] ?? fields.new_password1}
          confirmErrors={refused["confirm-new-password"] ?? fields.new_password2}
        />
        <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={isLoading}>
          {t("Set New Password")}
        </Button>
      </form>
    </FormContainer>
  );
}

/** /change/password/ (signed-in users only). */
export function ChangePasswordScreen() {
  return <RequireAuth>{() => <ChangePasswordForm />}</RequireAuth>;
}

function ChangePasswordForm() {
  const announce = useAnnounce();
  const [changePassword, { error, isLoading, reset }] = useChangePasswordMutation();
  const form = useForm<PasswordPair & { oldPassword: string }>({
    defaultValues: { oldPassword: "", password: "", confirm: "" },
    resolver: samePasswords,
    reValidateMode: "onSubmit",
  });

  // Each try starts without the last answer's messages.
  const submit = form.handleSubmit(async ({ oldPassword, password, confirm }) => {
    reset();
    const result = await changePassword({ old_password: oldPassword, new_password1: password, new_password2: confirm });
    if (!result.data) return announce(ACCOUNT_MESSAGES.changePasswordFail, "danger");
    announce(ACCOUNT_MESSAGES.changePasswordSuccess, "success");
    form.reset();
  }, reset);

  const { refused, formProps } = useFormCheck();
  const fields = fieldErrors(error);
  const onFields = fields.old_password || fields.new_password1 || fields.new_password2;
  return (
    <FormContainer>
      <title>{`${t("Change Password")} | Krishi Bazaar`}</title>
      <h1>{t("Change Password")}</h1>
      <PasswordMismatch form={form} />
      {error && !onFields && <Message variant="danger">{formErrorText(error)}</Message>}
      <form {...formProps(submit)}>
        <TextField
          id="old-password"
          label={t("Old Password")}
          type="password"
          autoComplete="current-password"
          required
          {...textField(form, "oldPassword")}
          errors={refused["old-password"] ?? fields.old_password}
        />
        <PasswordPairFields
          password={textField(form, "password")}
          confirm={textField(form, "confirm")}
          label="New Password"
          errors={refused["new-password"] ?? fields.new_password1}
          confirmErrors={refused["confirm-new-password"] ?? fields.new_password2}
        />
        <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={isLoading}>
          {t("Change Password")}
        </Button>
      </form>
    </FormContainer>
  );
}
