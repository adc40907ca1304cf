import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { TextField } from "../../components/text-field.tsx";
import { useLoginMutation } from "./auth-api.ts";
import { EmailField } from "./auth-fields.tsx";

/** E-mail, password and Sign In, of /login and /old_login; the outcome shows in the top alert and the session. */
export function SignInForm() {
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void login({ email, password });
  }

  return (
    <form onSubmit={submit}>
      <EmailField value={email} onChange={setEmail} />
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" variant="primary" disabled={isLoading}>
        Sign In
      </Button>
    </form>
  );
}
