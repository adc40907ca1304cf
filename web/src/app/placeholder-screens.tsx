import { useParams } from "react-router";

/**
 * Screens that later issues fill (checkout, orders, staff). Each route already exists with its
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

export const ShippingScreen = () => <ComingSoon title="Shipping" />;
export const PaymentScreen = () => <ComingSoon title="Payment Method" />;
export const PlaceOrderScreen = () => <ComingSoon title="Place Order" />;
export function OrderScreen() {
  const { id } = useParams();
  return <ComingSoon title={`Order ${id ?? ""}`} />;
}
export const UserListScreen = () => <ComingSoon title="Users" />;
export const UserEditScreen = () => <ComingSoon title="Edit User" />;
export const ProductListScreen = () => <ComingSoon title="Products" />;
export const ProductEditScreen = () => <ComingSoon title="Edit Product" />;
export const OrderListScreen = () => <ComingSoon title="Orders" />;
