// Makes products start … end − 1 for products.ts, in a process of its own.
import { productRow } from "./products.ts";

const [start, end] = process.argv.slice(2).map(Number) as [number, number];
const rows = [];
for (let i = start; i < end; i++) rows.push(productRow(i));
process.send?.(rows, () => process.disconnect());
