import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { useFormCheck } from "../../lib/form-check.ts";
import { useLoginMutation } from "./auth-api.ts";
import { EmailField } from "./auth-fields.tsx";

/**
 * E-mail, password and Sign In, of /login and /old_login; the outcome shows in the top alert and
 * the session. `email` fills the address in (just registered).
 */
export function SignInForm({ email: given = "" }: { email?: string }) {
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState(given);
  const [password, setPassword] = useState("");
  const { refused, formProps } = useFormCheck();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void login({ email: email.trim(), password });
  }

  return (
    <form {...formProps(submit)}>
      <EmailField value={email} onChange={setEmail} errors={refused.email} />
      <TextField
        id="password"
        label={t("Password")}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        errors={refused.password}
      />
      <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={isLoading}>
        {t("Sign In")}
      </Button>
    </form>
  );
}
