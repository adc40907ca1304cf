/** What other features may use from the staff screens: the order screen's staff panel records cash collected on delivery. */
export { useMarkCodReceivedMutation } from "./admin-api.ts";
