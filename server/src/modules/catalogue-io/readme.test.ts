import { readFileSync } from "node:fs";
import path from "node:path";
import { CATALOGUE_COLUMNS } from "@krishi/contract";
import { expect, it } from "vitest";

/** The README explains the CSV's columns (the XLSX has its own sheet of them): its table is the contract's, row for row. */
it("the README's table of the catalogue spreadsheet's columns is the contract's", () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, "../../../../README.md"), "utf8");
  const table = readme.slice(readme.indexOf("<!-- catalogue-columns"), readme.indexOf("<!-- /catalogue-columns -->"));
  const rows = table.split("\n").filter((line) => line.startsWith("| `"));
  expect(rows).toEqual(
    CATALOGUE_COLUMNS.map((column) => `| \`${column.name}\` | ${column.level} | ${column.about.replaceAll("|", "\\|")} |`),
  );
});
