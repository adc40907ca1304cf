import { Link } from "react-router";

export function NotFoundScreen() {
  return (
    <>
      <title>Page not found | Krishi Bazaar</title>
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/">Back to the shop</Link>
    </>
  );
}
