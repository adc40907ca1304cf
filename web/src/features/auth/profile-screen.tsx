import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { fieldErrors, formErrorText } from "../../lib/api-error.ts";
import { MyOrders } from "../orders/index.ts";
import { useUpdateProfileMutation } from "./auth-api.ts";
import "./auth.css";
import { NAME_MAX, PasswordMismatch, PasswordPairFields, usePasswordPair } from "./auth-fields.tsx";
import type { User } from "./auth-slice.ts";
import { RequireAuth } from "./require-auth.tsx";

/** /profile (signed-in users only): the profile form, and My Orders beside it. */
export function ProfileScreen() {
  return (
    <RequireAuth>
      {(user) => (
        <Row className="g-4">
          <title>{`${t("User Profile")} | Krishi Bazaar`}</title>
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
  const pair = usePasswordPair();
  const [currentPassword, setCurrentPassword] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    if (!pair.check()) return;
    const update = { id: user.id, first_name: firstName.trim(), last_name: lastName.trim() };
    const result = await updateProfile(pair.password ? { ...update, password: pair.password, current_password: currentPassword } : update);
    if (result.data) {
      pair.clear();
      setCurrentPassword("");
    }
  }

  const fields = fieldErrors(error);
  const onFields = fields.first_name || fields.last_name || fields.password || fields.current_password;
  return (
    <>
      <h1>{t("User Profile")}</h1>
      <PasswordMismatch pair={pair} />
      {error && !onFields && <Message variant="danger">{formErrorText(error)}</Message>}
      {isSuccess && <Message variant="success">{t("Profile Updated")}</Message>}
      <form onSubmit={submit}>
        <p className="text-body-secondary">{user.email}</p>
        <TextField
          id="first-name"
          label={t("First Name")}
          autoComplete="given-name"
          required
          maxLength={NAME_MAX}
          value={firstName}
          onChange={setFirstName}
          errors={fields.first_name}
        />
        <TextField
          id="last-name"
          label={t("Last Name")}
          autoComplete="family-name"
          required
          maxLength={NAME_MAX}
          value={lastName}
          onChange={setLastName}
          errors={fields.last_name}
        />
        <PasswordPairFields pair={pair} label="Password" required={false} errors={fields.password} />
        {pair.password && (
          // A new password needs the current one: a borrowed phone or a stolen session is not enough.
          <TextField
            id="current-password"
            label={t("Current Password")}
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={setCurrentPassword}
            errors={fields.current_password}
          />
        )}
        <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={isLoading}>
          {t("Update")}
        </Button>
      </form>
    </>
  );
}
