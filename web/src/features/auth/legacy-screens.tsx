import { type FormEvent, useEffect, useState } from "react";
import Button from "react-bootstrap/Button";
import { Link, useNavigate } from "react-router";
import { showMessage } from "../../app/alert.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { fieldErrors } from "../../lib/api-error.ts";
import { ACCOUNT_MESSAGES, useRegisterMutation } from "./auth-api.ts";
import { EmailField, PasswordMismatch, PasswordPairFields, usePasswordPair } from "./auth-fields.tsx";
import { isLoginInfo } from "./auth-http.ts";
import { loginSucceeded, selectSession } from "./auth-slice.ts";
import { SignInForm } from "./sign-in-form.tsx";

/** /old_login: the alternate sign-in screen (spec §2); signed in, it goes home. */
export function OldLoginScreen() {
  const signedIn = useAppSelector(selectSession) === "signed-in";
  const navigate = useNavigate();

  useEffect(() => {
    if (signedIn) navigate("/", { replace: true });
  }, [signedIn, navigate]);

  return (
    <FormContainer>
      <title>Sign In | Krishi Bazaar</title>
      <h1>Sign In</h1>
      <SignInForm />
      <p className="mt-3 mb-1">
        <Link to="/reset/password/">Forgot your password?</Link>
      </p>
      <p>
        Don't have an account? <Link to="/signup/">Sign Up</Link>
      </p>
    </FormContainer>
  );
}

/** /signup/ and /old_signup/: the alternate sign-up screen, with first and last name; success goes home. */
export function SignupScreen() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [register, { error, isLoading, reset }] = useRegisterMutation();
  const [email, setEmail] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const pair = usePasswordPair();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    if (!pair.check()) return;
    const result = await register({ email, first_name: firstName, last_name: lastName, password1: pair.password, password2: pair.confirm });
    if (!result.data) {
      dispatch(showMessage(ACCOUNT_MESSAGES.signupFail, "danger"));
      return;
    }
    dispatch(isLoginInfo(result.data) ? loginSucceeded(result.data) : showMessage(ACCOUNT_MESSAGES.signupSuccess, "success"));
    navigate("/");
  }

  const fields = fieldErrors(error);
  return (
    <FormContainer>
      <title>Sign Up | Krishi Bazaar</title>
      <h1>Sign Up</h1>
      <p>Create your Account</p>
      <PasswordMismatch pair={pair} />
      {fields.non_field_errors && <Message variant="danger">{fields.non_field_errors[0]}</Message>}
      <form onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} errors={fields.email} />
        <TextField
          id="first-name"
          label="First Name"
          autoComplete="given-name"
          value={firstName}
          onChange={setFirstName}
          errors={fields.first_name}
        />
        <TextField
          id="last-name"
          label="Last Name"
          autoComplete="family-name"
          value={lastName}
          onChange={setLastName}
          errors={fields.last_name}
        />
        <PasswordPairFields pair={pair} label="Password" errors={fields.password1} confirmErrors={fields.password2} />
        <Button type="submit" variant="primary" disabled={isLoading}>
          Sign Up
        </Button>
      </form>
      <p className="py-3">
        Already have an account? <Link to="/old_login">Sign In</Link>
      </p>
    </FormContainer>
  );
}
