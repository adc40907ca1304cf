import { formatPhone } from "@krishi/contract";
import { type ReactNode, useEffect, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { useForm } from "react-hook-form";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { errorText, fieldErrors, formErrorText } from "../../lib/api-error.ts";
import { useFormCheck } from "../../lib/form-check.ts";
import { useUpdateProfileMutation } from "./auth-api.ts";
import "./auth.css";
import { EmailField, NAME_MAX, PasswordMismatch, type PasswordPair, PasswordPairFields, samePasswords, textField } from "./auth-fields.tsx";
import type { User } from "./auth-slice.ts";
import { OffersUpdates } from "./offers-updates.tsx";
import { useAddEmailMutation } from "./phone-api.ts";
import { PhoneCode } from "./phone-code.tsx";
import { RequireAuth } from "./require-auth.tsx";
import { WhatsAppUpdates } from "./whatsapp-updates.tsx";

/**
 * /profile (signed-in users only): the profile form, the mobile number (and WhatsApp updates), an
 * e-mail address for an account made with a number alone, and beside them `orders`: My Orders, which
 * the app puts there (app/profile-page.tsx), as features do not import each other's screens.
 */
export function ProfileScreen({ orders }: { orders: ReactNode }) {
  return (
    <RequireAuth>
      {(user) => (
        <Row className="g-4">
          <title>{`${t("User Profile")} | Krishi Bazaar`}</title>
          <Col lg={4}>
            <ProfileForm user={user} />
            <PhoneSection user={user} />
            <EmailSection user={user} />
          </Col>
          <Col lg={8}>{orders}</Col>
        </Row>
      )}
    </RequireAuth>
  );
}

interface ProfileFields extends PasswordPair {
  firstName: string;
  lastName: string;
  /** Asked with a new password only. */
  currentPassword: string;
}

/**
 * First and last name (required), and optionally a new password with its confirmation
 * (docs/storefront.md, "Validation"). PUT /api/users/profile/update/ answers fresh login info,
 * which replaces the stored one.
 */
function ProfileForm({ user }: { user: User }) {
  const [updateProfile, { error, isLoading, isSuccess, reset }] = useUpdateProfileMutation();
  const form = useForm<ProfileFields>({
    defaultValues: { firstName: user.first_name, lastName: user.last_name, password: "", confirm: "", currentPassword: "" },
    resolver: samePasswords,
    reValidateMode: "onSubmit",
  });
  const newPassword = form.watch("password");

  // Each try starts without the last answer's messages.
  const submit = form.handleSubmit(async ({ firstName, lastName, password, currentPassword }) => {
    reset();
    const update = { id: user.id, first_name: firstName.trim(), last_name: lastName.trim() };
    const result = await updateProfile(password ? { ...update, password, current_password: currentPassword } : update);
    if (result.data) {
      for (const name of ["password", "confirm", "currentPassword"] as const) form.resetField(name);
    }
  }, reset);

  const { refused, formProps } = useFormCheck();
  const fields = fieldErrors(error);
  const onFields = fields.first_name || fields.last_name || fields.password || fields.current_password;
  return (
    <>
      <h1>{t("User Profile")}</h1>
      <PasswordMismatch form={form} />
      {error && !onFields && <Message variant="danger">{formErrorText(error)}</Message>}
      {isSuccess && <Message variant="success">{t("Profile Updated")}</Message>}
      <form {...formProps(submit)}>
        <p className="text-body-secondary">{user.email || (user.phone && formatPhone(user.phone))}</p>
        <TextField
          id="first-name"
          label={t("First Name")}
          autoComplete="given-name"
          required
          maxLength={NAME_MAX}
          {...textField(form, "firstName")}
          errors={refused["first-name"] ?? fields.first_name}
        />
        <TextField
          id="last-name"
          label={t("Last Name")}
          autoComplete="family-name"
          required
          maxLength={NAME_MAX}
          {...textField(form, "lastName")}
          errors={refused["last-name"] ?? fields.last_name}
        />
        <PasswordPairFields
          password={textField(form, "password")}
          confirm={textField(form, "confirm")}
          label="Password"
          required={false}
          errors={fields.password}
        />
        {newPassword && (
          // A new password needs the current one: a borrowed phone or a stolen session is not enough.
          <TextField
            id="current-password"
            label={t("Current Password")}
            // An account made with a mobile number has none until it sets one here.
            hint={user.email ? undefined : t("Leave it empty if you have never set a password.")}
            type="password"
            autoComplete="current-password"
            {...textField(form, "currentPassword")}
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

/**
 * The account's mobile number, and Add (or Change) mobile number: the number's code proves it is
 * the customer's, then it is the account's (POST /api/users/otp/verify/ with the session's token).
 */
function PhoneSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);

  // Back from the steps (done or cancelled): the cursor returns to the button that opened them.
  useEffect(() => {
    if (!open && closed.current) toggle.current?.focus();
  }, [open]);

  function close(done: boolean) {
    closed.current = true;
    setSaved(done);
    setOpen(false);
  }

  return (
    <section className="profile-section" aria-labelledby="profile-phone">
      <h2 id="profile-phone" className="h4">
        {t("Mobile number")}
      </h2>
      {saved && <Message variant="success">{t("Mobile number saved")}</Message>}
      <p>{user.phone ? formatPhone(user.phone) : t("No mobile number yet")}</p>
      {open ? (
        <>
          <PhoneCode purpose="add" onVerified={() => close(true)} />
          <Button type="button" variant="link" className="w-100 auth-submit" onClick={() => close(false)}>
            {t("Cancel")}
          </Button>
        </>
      ) : (
        <Button
          ref={toggle}
          type="button"
          variant="outline-primary"
          className="w-100 auth-submit mb-3"
          onClick={() => {
            setSaved(false);
            setOpen(true);
          }}
        >
          {user.phone ? t("Change mobile number") : t("Add mobile number")}
        </Button>
      )}
      <WhatsAppUpdates label="Order updates on WhatsApp" />
      <OffersUpdates />
    </section>
  );
}

/**
 * An account made with a mobile number alone has no e-mail address: it may ask to add one (PUT
 * /api/users/profile/email/), which becomes the account's once the link mailed to it is opened.
 * Nothing for an account with one.
 */
function EmailSection({ user }: { user: User }) {
  const [addEmail, { error, isLoading }] = useAddEmailMutation();
  const form = useForm({ defaultValues: { email: "" } });
  const { refused, formProps } = useFormCheck();
  // The address the link went to (the account has it once the link is opened), and the message stays.
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (user.email && !sentTo) return null;

  const submit = form.handleSubmit(async ({ email }) => {
    const address = email.trim();
    const result = await addEmail({ email: address });
    if (result.data) setSentTo(address.toLowerCase());
  });

  const fields = fieldErrors(error);
  return (
    <section className="profile-section" aria-labelledby="profile-email">
      <h2 id="profile-email" className="h4">
        {t("E-mail address")}
      </h2>
      {sentTo ? (
        <Message variant="success">
          {t("We sent a verification link to {email}. Please open it to confirm your address.", { email: sentTo })}
        </Message>
      ) : (
        <form {...formProps(submit)}>
          <p className="text-body-secondary">{t("For your order e-mails and invoices.")}</p>
          {error && !fields.email && <Message variant="danger">{errorText(error)}</Message>}
          <EmailField {...textField(form, "email")} errors={refused.email ?? fields.email} />
          <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={isLoading}>
            {t("Add e-mail address")}
          </Button>
        </form>
      )}
    </section>
  );
}
