import { formatPhone, type User } from "@krishi/contract";
import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { useNavigate, useParams } from "react-router";
import { FormContainer } from "../../components/form-container.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { useFormCheck } from "../../lib/form-check.ts";
import { saveErrors } from "../../lib/save-errors.ts";
import { useGetUserQuery, useUpdateUserMutation } from "./admin-api.ts";
import { RequireStaff } from "./require-staff.tsx";
import { GoBack, SaveError } from "./staff-form.tsx";
import { QueryState } from "./staff-list.tsx";

const FIELDS = ["first_name", "last_name", "email", "isAdmin"] as const;

/** The longest first or last name the server takes. */
const NAME_MAX = 150;

/** /admin/user/{id}/edit (staff): names, e-mail and the staff flag; saved, back to the user list. */
export function UserEditScreen() {
  const { id = "" } = useParams();
  return (
    <RequireStaff>
      <title>{`${t("Edit User")} | Krishi Bazaar`}</title>
      <GoBack to="/admin/userlist" />
      <FormContainer>
        <h1>{t("Edit User")}</h1>
        <UserLoader id={id} />
      </FormContainer>
    </RequireStaff>
  );
}

function UserLoader({ id }: { id: string }) {
  const { currentData, error, isFetching } = useGetUserQuery(id);
  // Keyed by user: a refetch (after a save elsewhere) does not overwrite what is being typed.
  return (
    <QueryState data={currentData} error={error} isFetching={isFetching}>
      {(user) => <UserForm key={user._id} user={user} />}
    </QueryState>
  );
}

function UserForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const [updateUser, { error, isLoading }] = useUpdateUserMutation();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const { fields, detail } = saveErrors(error, FIELDS);
  const { refused, formProps } = useFormCheck();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { _id: user._id, first_name: firstName.trim(), last_name: lastName.trim(), email: email.trim(), isAdmin };
    const result = await updateUser(body);
    if (result.data) navigate("/admin/userlist");
  }

  return (
    <>
      <SaveError detail={detail} />
      <form {...formProps(submit)}>
        <TextField
          id="first-name"
          label={t("First Name")}
          maxLength={NAME_MAX}
          value={firstName}
          onChange={setFirstName}
          errors={fields.first_name}
        />
        <TextField
          id="last-name"
          label={t("Last Name")}
          maxLength={NAME_MAX}
          value={lastName}
          onChange={setLastName}
          errors={fields.last_name}
        />
        {/* A customer who signs in with a mobile number may have no e-mail address. */}
        <TextField
          id="email"
          label={t("Email Address")}
          type="email"
          required={!user.phone}
          value={email}
          onChange={setEmail}
          errors={refused.email ?? fields.email}
        />
        {user.phone && (
          <p className="mb-3">
            {t("Mobile number")}: <a href={`tel:${user.phone}`}>{formatPhone(user.phone)}</a>
          </p>
        )}
        <div className="form-check mb-3 d-flex align-items-center gap-2 staff-tap">
          <input
            id="is-admin"
            type="checkbox"
            className={fields.isAdmin ? "form-check-input is-invalid" : "form-check-input"}
            checked={isAdmin}
            onChange={(event) => setIsAdmin(event.target.checked)}
          />
          <label htmlFor="is-admin" className="form-check-label">
            {t("Is Admin")}
          </label>
          {fields.isAdmin && <div className="invalid-feedback">{fields.isAdmin.join(" ")}</div>}
        </div>
        <Button type="submit" variant="primary" className="w-100 staff-tap" disabled={isLoading}>
          {t("Update")}
        </Button>
      </form>
    </>
  );
}
