import type { User } from "@krishi/contract";
import { Message } from "../../components/message.tsx";
import { Paginate } from "../../components/paginate.tsx";
import { t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { PhoneLink } from "../orders/index.ts";
import { useDeleteUserMutation, useGetUsersQuery } from "./admin-api.ts";
import { RequireStaff } from "./require-staff.tsx";
import { QueryState, SearchForm, useListParams } from "./staff-list.tsx";
import { type Column, StaffTable, YesNo } from "./staff-table.tsx";

const COLUMNS: Column<User>[] = [
  { heading: "ID", cell: (user) => user._id },
  { heading: "NAME", cell: (user) => user.name, wide: true },
  {
    heading: "EMAIL",
    // A customer who signs in with a mobile number alone is reached by it.
    cell: (user) => (user.email || !user.phone ? <a href={`mailto:${user.email}`}>{user.email}</a> : <PhoneLink phone={user.phone} />),
    wide: true,
  },
  { heading: "ADMIN", cell: (user) => <YesNo value={user.isAdmin} /> },
];

/** /admin/userlist (staff): every user, searchable by name or e-mail, paged; edit and delete. */
export function UserListScreen() {
  return (
    <RequireStaff>
      <title>{`${t("Users")} | Krishi Bazaar`}</title>
      <h1>{t("Users")}</h1>
      <SearchForm label="Search users" placeholder="Search by name or e-mail..." />
      <UserList />
    </RequireStaff>
  );
}

function UserList() {
  const { search, page, hrefFor } = useListParams();
  const { currentData, error, isFetching } = useGetUsersQuery({ search, page });
  const [deleteUser, deletion] = useDeleteUserMutation();
  return (
    <>
      {deletion.error && <Message variant="danger">{errorText(deletion.error, "detail")}</Message>}
      <QueryState data={currentData} error={error} isFetching={isFetching}>
        {(data) =>
          data.users.length === 0 ? (
            <Message>{search ? t("No users match the search") : t("No users yet")}</Message>
          ) : (
            <>
              <StaffTable
                label="Users"
                columns={COLUMNS}
                items={data.users}
                editHref={(user) => `/admin/user/${user._id}/edit`}
                onDelete={(user) => deleteUser(user._id)}
                confirmDelete="Are you sure you want to delete this user?"
                deleting={deletion.isLoading}
              />
              <Paginate page={data.page} pages={data.pages} hrefFor={hrefFor} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
