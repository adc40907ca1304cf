import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { catalogApi } from "../../base/catalog-api.ts";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import type { CatalogueImport, ImportReport } from "./catalogue-io-api.ts";
import { CatalogueScreen } from "./catalogue-screen.tsx";

const SHEET = "sku,price,stock\nUREA-45,266.50,40\n";
const PRODUCTS_KEY = 'getProducts({"category":"","keyword":"","page":1})';

function aReport(overrides: Partial<ImportReport> = {}): ImportReport {
  return { created: 2, updated: 3, unchanged: 10, applied: false, errors: [], errorsOmitted: 0, ...overrides };
}

/** An import as the server answers it: a finished dry run without problems unless told. */
function anImport(overrides: Partial<CatalogueImport> = {}): CatalogueImport {
  return {
    id: 7,
    status: "done",
    dryRun: true,
    fileName: "catalogue.csv",
    withImages: false,
    rowsTotal: 15,
    rowsDone: 15,
    createdAt: "2026-11-28T10:30:00.000Z",
    finishedAt: "2026-11-28T10:30:02.000Z",
    report: aReport(),
    ...overrides,
  };
}

/**
 * The screen as staff see it: the latest imports answer `latest` (none unless told), the rest
 * gets `other`. A list of products sits in the cache, as a staff list or the shop would have it.
 */
function renderScreen(other: (call: FakeCall) => FakeAnswer = () => ({ status: 500 }), latest: CatalogueImport[] = []) {
  const calls = fakeApi((call) => (call.path === "/api/staff/catalogue/imports/" ? { body: latest } : other(call)));
  const rendered = renderApp(<CatalogueScreen />, {
    url: "/admin/catalogue",
    path: "/admin/catalogue",
    preloadedState: { auth: signedIn(aStaffUser()) },
    seed: (store) =>
      store.dispatch(
        catalogApi.util.upsertQueryEntries([
          {
            endpointName: "getProducts",
            arg: { keyword: "", category: "", page: 1 },
            value: { products: [], total: 0, page: 1, pages: 1 },
          },
        ]),
      ),
  });
  return { ...rendered, calls };
}

/** The calls past the first read of the latest imports. */
const sent = (calls: FakeCall[]) => calls.filter((call) => call.path !== "/api/staff/catalogue/imports/");

async function checkSheet(user: ReturnType<typeof renderScreen>["user"]) {
  const form = await screen.findByRole("form", { name: "Import a file" });
  await user.upload(within(form).getByLabelText("Spreadsheet (CSV or XLSX)"), new File([SHEET], "catalogue.csv", { type: "text/csv" }));
  await user.click(within(form).getByRole("button", { name: "Check the file" }));
}

describe("CatalogueScreen", () => {
  it("checks the chosen sheet as a dry run and lists each problem with its line, column and message", async () => {
    const problems = aReport({
      errors: [
        { line: 3, column: "price", code: "mrp_below_price", params: {} },
        { line: 4, column: "sku", code: "import_sku_repeated", params: { sku: "UREA-45", earlier: 2 } },
        { line: null, column: "colour", code: "import_column_unknown", params: { column: "colour" } },
      ],
      errorsOmitted: 12,
    });
    const { user, calls } = renderScreen((call) => (call.method === "POST" ? { body: anImport({ report: problems }) } : { status: 500 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Import / Export" })).toBeInTheDocument();
    await checkSheet(user);

    const list = await screen.findByRole("list", { name: "Problems" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Line 3, column priceThe price cannot be above the MRP.",
      "Line 4, column skuThe SKU “UREA-45” is already on line 2.",
      "Column colourThe catalogue has no column “colour”.",
    ]);
    expect(screen.getByText("and 12 more")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("The file has problems, so nothing was changed.");
    expect(screen.queryByRole("button", { name: "Import now" })).toBeNull();
    const [upload] = sent(calls);
    expect(upload).toMatchObject({ method: "POST", path: "/api/staff/catalogue/import/?dry_run=true", authorization: "Bearer access-1" });
    // jsdom's files lose their names on the way through Node's fetch (a browser's keep them).
    expect(String(upload?.body)).toMatch(/name="file"; filename="[^"]+"\r\nContent-Type: text\/csv\r\n\r\nsku,price,stock\n/);
    expect(String(upload?.body)).not.toContain('name="images"');
  });

  it("sends the pictures' ZIP with the sheet when one is chosen", async () => {
    const { user, calls } = renderScreen((call) => (call.method === "POST" ? { body: anImport({ withImages: true }) } : { status: 500 }));
    const form = await screen.findByRole("form", { name: "Import a file" });
    await user.upload(
      within(form).getByLabelText("Pictures (ZIP, optional)"),
      new File(["PK"], "pictures.zip", { type: "application/zip" }),
    );
    await checkSheet(user);
    expect(await screen.findByRole("button", { name: "Import now" })).toBeInTheDocument();
    expect(String(sent(calls)[0]?.body)).toMatch(/name="images"; filename="[^"]+"\r\nContent-Type: application\/zip\r\n\r\nPK/);
  });

  it("asks for a sheet before checking, and sends nothing", async () => {
    const { user, calls } = renderScreen();
    const form = await screen.findByRole("form", { name: "Import a file" });
    await user.click(within(form).getByRole("button", { name: "Check the file" }));
    expect(await within(form).findByText("Choose a spreadsheet (CSV or XLSX) to import.")).toBeInTheDocument();
    const input = within(form).getByLabelText("Spreadsheet (CSV or XLSX)");
    expect(input).toHaveAttribute("aria-invalid", "true");
    await expect.poll(() => document.activeElement).toBe(input);
    expect(sent(calls)).toEqual([]);
  });

  it("shows the progress of a running check from the polled answers, then offers to import", async () => {
    const polled = [
      anImport({ status: "checking", rowsTotal: 200, rowsDone: 50, report: null, finishedAt: null }),
      anImport({ rowsTotal: 200, rowsDone: 200 }),
    ];
    const { user } = renderScreen((call) => {
      if (call.method === "POST") return { status: 202, body: anImport({ status: "queued", rowsTotal: null, rowsDone: 0, report: null }) };
      if (call.path === "/api/staff/catalogue/imports/7/") return { body: polled.length > 1 ? polled.shift() : polled[0] };
      return { status: 500 };
    });
    await checkSheet(user);

    expect(await screen.findByText("Waiting for another import")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "0");
    expect(await screen.findByText("Checking the file")).toBeInTheDocument();
    expect(screen.getByText("50 of 200 rows")).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: "Import progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "25");
    expect(bar).toHaveTextContent("25%");
    expect(await screen.findByRole("button", { name: "Import now" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("The file has no problems: 2 new, 3 changed, 10 unchanged.");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("imports a checked file, shows it writing, then the result, and has the products' lists read again", async () => {
    const written = anImport({ dryRun: false, report: aReport({ applied: true }) });
    const { user, calls, store } = renderScreen(
      (call) => {
        if (call.path === "/api/staff/catalogue/imports/7/apply/") {
          return { status: 202, body: anImport({ dryRun: false, status: "writing", rowsDone: 6, report: null, finishedAt: null }) };
        }
        if (call.path === "/api/staff/catalogue/imports/7/") return { body: written };
        return { status: 500 };
      },
      [anImport()],
    );

    // After a reload: the latest import, a dry run without problems.
    await user.click(await screen.findByRole("button", { name: "Import now" }));
    expect(await screen.findByText("Writing the catalogue")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "40");
    expect(store.getState().api.queries[PRODUCTS_KEY]).toBeDefined();

    expect(await screen.findByText("Done: 2 new, 3 changed, 10 unchanged.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Import now" })).toBeNull();
    // The products' cached lists are gone: the next screen reads the new prices.
    expect(store.getState().api.queries[PRODUCTS_KEY]).toBeUndefined();
    expect(sent(calls).map(({ method, path }) => `${method} ${path}`)).toEqual([
      "POST /api/staff/catalogue/imports/7/apply/",
      "GET /api/staff/catalogue/imports/7/",
    ]);
  });

  it("says why an import cannot be applied", async () => {
    const detail = "Only a dry run that found no problem can be applied.";
    const { user } = renderScreen(() => ({ status: 409, body: anErrorBody("import_not_appliable", detail) }), [anImport()]);
    await user.click(await screen.findByRole("button", { name: "Import now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Only a checked file without problems can be imported. Please check the file again.",
    );
  });

  it("shows after a reload that the latest import failed", async () => {
    renderScreen(undefined, [anImport({ status: "failed", dryRun: false, report: null }), anImport({ id: 6 })]);
    expect(await screen.findByRole("alert")).toHaveTextContent("The import could not finish. Nothing was changed. Please try again.");
    expect(screen.queryByRole("button", { name: "Import now" })).toBeNull();
  });

  it("says a problem of the report in Hindi", async () => {
    await setLanguage("hi");
    const report = aReport({ errors: [{ line: 4, column: "price", code: "mrp_below_price", params: {} }] });
    renderScreen(undefined, [anImport({ report })]);
    expect(await screen.findByRole("heading", { level: 1, name: "आयात / निर्यात" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "गड़बड़ियाँ" });
    expect(within(list).getByRole("listitem")).toHaveTextContent("पंक्ति 4, कॉलम priceक़ीमत MRP से ज़्यादा नहीं हो सकती।");
  });

  it("downloads the catalogue with the staff's token and saves it under the server's name", async () => {
    const links: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:catalogue");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      links.push(this.download);
    });
    const { user, calls } = renderScreen((call) =>
      call.path.startsWith("/api/staff/catalogue/export/")
        ? {
            raw: "PK",
            headers: { "Content-Type": "application/octet-stream", "Content-Disposition": 'attachment; filename="catalogue.xlsx"' },
          }
        : { status: 500 },
    );
    await user.click(await screen.findByRole("button", { name: "Download Excel (XLSX)" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Downloaded catalogue.xlsx");
    expect(links).toEqual(["catalogue.xlsx"]);
    expect(sent(calls)).toMatchObject([
      { method: "GET", path: "/api/staff/catalogue/export/?format=xlsx", authorization: "Bearer access-1" },
    ]);
  });
});
