import { ProfileScreen } from "../features/auth/profile-screen.tsx";
import { MyOrders } from "../features/orders/index.ts";

/** /profile: the account's profile screen with My Orders beside it (two features meet here, in the app). */
export function ProfilePage() {
  return <ProfileScreen orders={<MyOrders />} />;
}
