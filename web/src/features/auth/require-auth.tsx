// The guard moved beside the router (app/require-auth.tsx); this stays only until the orders
// feature imports it from there, and is then deleted.
export { RequireAuth } from "../../app/require-auth.tsx";
