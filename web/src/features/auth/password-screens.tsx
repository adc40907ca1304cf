import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { useNavigate, useParams } from "react-router";
import { type AlertVariant, showMessage } from "../../app/alert.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { fieldErrors, formErrorText } from "../../lib/api-error.ts";
import { ACCOUNT_MESSAGES, useChangePasswordMutation, useConfirmPasswordResetMutation, useResetPasswordMutation } from "./auth-api.ts";
import { EmailField, PasswordMismatch, PasswordPairFields, usePasswordPair } from "./auth-fields.tsx";
import { RequireAuth } from "./require-auth.tsx";

/** The top-alert message of an operation's outcome (spec §8). */
function useAnnounce() {
  const dispatch = useAppDispatch();
  return (text: string, variant: AlertVariant) => dispatch(showMessage(text, variant));
}

/** /reset/password/: asks for a reset link by e-mail, then goes home. */
export function ResetPasswordScreen() {
  const navigate = useNavigate();
  const announce = useAnnounce();
  const [resetPassword, { error, isLoading }] = useResetPasswordMutation();
  const [email, setEmail] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await resetPassword({ email });
    if (!result.data) return announce(ACCOUNT_MESSAGES.resetPasswordFail, "danger");
    announce(ACCOUNT_MESSAGES.resetPasswordSuccess, "success");
    navigate("/");
  }

  const fields = fieldErrors(error);
  return (
    <FormContainer>
      <title>Reset Password | Krishi Bazaar</title>
      <h1>Reset Password</h1>
      <p>Enter your e-mail address and we will send you a link to set a new password.</p>
      {error && !fields.email && <Message variant="danger">{formErrorText(error)}</Message>}
      <form onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} errors={fields.email} />
        <Button type="submit" variant="primary" disabled={isLoading}>
          Reset Password
        </Button>
      </form>
    </FormContainer>
  );
}

/** /reset/password/confirm/{uid}/{token}: the e-mailed link; sets the new password, then /login. */
export function ResetPasswordConfirmScreen() {
  const { uid = "", token = "" } = useParams();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const [confirmReset, { error, isLoading, reset }] = useConfirmPasswordResetMutation();
  const pair = usePasswordPair();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    if (!pair.check()) return;
    const result = await confirmReset({ uid, token, new_password1: pair.password, new_password2: pair.confirm });
    if (!result.data) return announce(ACCOUNT_MESSAGES.setPasswordFail, "danger");
    announce(ACCOUNT_MESSAGES.setPasswordSuccess, "success");
    navigate("/login");
  }

  const fields = fieldErrors(error);
  return (
    <FormContainer>
      <title>Set New Password | Krishi Bazaar</title>
      <h1>Set New Password</h1>
      <PasswordMismatch pair={pair} />
      {error && !fields.new_password1 && !fields.new_password2 && <Message variant="danger">{formErrorText(error)}</Message>}
      <form onSubmit={submit}>
        <PasswordPairFields pair={pair} label="New Password" errors={fields.new_password1} confirmErrors={fields.new_password2} />
        <Button type="submit" variant="primary" disabled={isLoading}>
          Set New Password
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
  const [oldPassword, setOldPassword] = useState("");
  const pair = usePasswordPair();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    if (!pair.check()) return;
    const result = await changePassword({ old_password: oldPassword, new_password1: pair.password, new_password2: pair.confirm });
    if (!result.data) return announce(ACCOUNT_MESSAGES.changePasswordFail, "danger");
    announce(ACCOUNT_MESSAGES.changePasswordSuccess, "success");
    setOldPassword("");
    pair.clear();
  }

  const fields = fieldErrors(error);
  const onFields = fields.old_password || fields.new_password1 || fields.new_password2;
  return (
    <FormContainer>
      <title>Change Password | Krishi Bazaar</title>
      <h1>Change Password</h1>
      <PasswordMismatch pair={pair} />
      {error && !onFields && <Message variant="danger">{formErrorText(error)}</Message>}
      <form onSubmit={submit}>
        <TextField
          id="old-password"
          label="Old Password"
          type="password"
          autoComplete="current-password"
          required
          value={oldPassword}
          onChange={setOldPassword}
          errors={fields.old_password}
        />
        <PasswordPairFields pair={pair} label="New Password" errors={fields.new_password1} confirmErrors={fields.new_password2} />
        <Button type="submit" variant="primary" disabled={isLoading}>
          Change Password
        </Button>
      </form>
    </FormContainer>
  );
}
