import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useAppDispatch } from "../../app/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { fieldErrors, formErrorText } from "../../lib/api-error.ts";
import { useRegisterMutation } from "./auth-api.ts";
import { isLoginInfo } from "./auth-http.ts";
import { loginSucceeded } from "./auth-slice.ts";
import type { LoginState } from "./login-screen.tsx";
import { redirectQuery, safeRedirect } from "./redirect.ts";

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/**
 * /register: e-mail, password and confirmation (spec §5: all required; differing passwords are
 * refused here). Success goes to /login with the server's answer ("Verification e-mail sent.").
 */
export function RegisterScreen() {
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [register, { error, isLoading, reset }] = useRegisterMutation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    setMismatch(password !== confirm);
    if (password !== confirm) return;
    const result = await register({ email, password1: password, password2: confirm });
    if (!result.data) return;
    if (isLoginInfo(result.data)) {
      // E-mail verification switched off on the server: signed in at once.
      dispatch(loginSucceeded(result.data));
      navigate(safeRedirect(redirect));
    } else {
      navigate(`/login${redirectQuery(redirect)}`, { state: { detail: result.data.detail } satisfies LoginState });
    }
  }

  const fields = fieldErrors(error);
  const onFields = fields.email || fields.password1 || fields.password2;
  return (
    <FormContainer>
      <title>Sign Up | Krishi Bazaar</title>
      <h1>Sign Up</h1>
      {mismatch && <Message variant="danger">{PASSWORDS_DO_NOT_MATCH}</Message>}
      {error && !onFields && <Message variant="danger">{formErrorText(error)}</Message>}
      <form onSubmit={submit}>
        <TextField
          id="email"
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          errors={fields.email}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={setPassword}
          errors={fields.password1}
        />
        <TextField
          id="confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={setConfirm}
          errors={fields.password2}
        />
        <Button type="submit" variant="dark" disabled={isLoading}>
          Register
        </Button>
      </form>
      <p className="py-3">
        Have an Account? <Link to={`/login${redirectQuery(redirect)}`}>Sign In</Link>
      </p>
    </FormContainer>
  );
}
