import { Type } from "typebox";
import { Id } from "./common.ts";

/** "Notify me" on a pack out of stock: the pack (the product's default pack when none is named). */
export const NotifyBody = Type.Object({ variant: Type.Optional(Id) });

/** The packs of a product the signed-in customer will be told about (by SMS) when they are back in stock. */
export const StockAlertsSchema = Type.Object({ variants: Type.Array(Type.Integer()) });
