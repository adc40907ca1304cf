import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { fieldErrors, formErrorText } from "../../lib/api-error.ts";
import { MyOrders } from "../orders/index.ts";
import { useUpdateProfileMutation } from "./auth-api.ts";
import type { User } from "./auth-slice.ts";
import { PASSWORDS_DO_NOT_MATCH } from "./register-screen.tsx";
import { RequireAuth } from "./require-auth.tsx";

/** /profile (signed-in users only): the profile form, and My Orders beside it. */
export function ProfileScreen() {
  return (
    <RequireAuth>
      {(user) => (
        <Row>
          <title>User Profile | Krishi Bazaar</title>
          <Col lg={4}>
            <ProfileForm user={user} />
          </Col>
          <Col lg={8}>
            <MyOrders />
          </Col>
        </Row>
      )}
    </RequireAuth>
  );
}

/**
 * First and last name (required), and optionally a new password with its confirmation (spec §5).
 * PUT /api/users/profile/update/ answers fresh login info, which replaces the stored one.
 */
function ProfileForm({ user }: { user: User }) {
  const [updateProfile, { error, isLoading, isSuccess, reset }] = useUpdateProfileMutation();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    setMismatch(password !== confirm);
    if (password !== confirm) return;
    const update = { id: user.id, first_name: firstName.trim(), last_name: lastName.trim() };
    const result = await updateProfile(password ? { ...update, password } : update);
    if (result.data) {
      setPassword("");
      setConfirm("");
    }
  }

  const fields = fieldErrors(error);
  const onFields = fields.first_name || fields.last_name || fields.password;
  return (
    <>
      <h1>User Profile</h1>
      {mismatch && <Message variant="danger">{PASSWORDS_DO_NOT_MATCH}</Message>}
      {error && !onFields && <Message variant="danger">{formErrorText(error)}</Message>}
      {isSuccess && <Message variant="success">Profile Updated</Message>}
      <form onSubmit={submit}>
        <p className="text-body-secondary">{user.email}</p>
        <TextField
          id="first-name"
          label="First Name"
          autoComplete="given-name"
          required
          value={firstName}
          onChange={setFirstName}
          errors={fields.first_name}
        />
        <TextField
          id="last-name"
          label="Last Name"
          autoComplete="family-name"
          required
          value={lastName}
          onChange={setLastName}
          errors={fields.last_name}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          errors={fields.password}
        />
        <TextField
          id="confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
        <Button type="submit" variant="dark" disabled={isLoading}>
          Update
        </Button>
      </form>
    </>
  );
}
