/**
 * Screens that later issues fill (the staff screens). Each route already exists with its
 * heading so links and the server's route table work today.
 */
function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} | Krishi Bazaar`}</title>
      <h1>{title}</h1>
      <p>Coming soon</p>
    </>
  );
}

export const UserListScreen = () => <ComingSoon title="Users" />;
export const UserEditScreen = () => <ComingSoon title="Edit User" />;
export const ProductListScreen = () => <ComingSoon title="Products" />;
export const ProductEditScreen = () => <ComingSoon title="Edit Product" />;
