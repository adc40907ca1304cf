import type { ShippingRuleJson } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, aStaffSummary, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { DashboardScreen } from "./dashboard-screen.tsx";
import { ShippingRules } from "./shipping-rules.tsx";

const EVERYWHERE: ShippingRuleJson = { id: 3, zone: "", minGrams: 0, maxGrams: 5_000, charge: "40.00", freeAbove: "2000.00" };
const HEAVY: ShippingRuleJson = { id: 4, zone: "", minGrams: 5_000, maxGrams: null, charge: "150.00", freeAbove: null };
const PUNE: ShippingRuleJson = { id: 5, zone: "4110", minGrams: 0, maxGrams: 5_000, charge: "20.00", freeAbove: null };
const CSV = "zone,minGrams,maxGrams,charge,freeAbove\n,0,5000,40.00,2000.00\n";

const RULES = "/api/staff/shipping-rules/";

/** The editor with the rules `rules` answers; other calls get `other`. */
function renderRules(
  other: (call: FakeCall) => FakeAnswer = () => ({ status: 500 }),
  rules: () => ShippingRuleJson[] = () => [EVERYWHERE, HEAVY, PUNE],
) {
  const calls = fakeApi((call) => (call.method === "GET" && call.path === RULES ? { body: rules() } : other(call)));
  const rendered = renderApp(<ShippingRules />, { url: "/admin", path: "/admin", preloadedState: { auth: signedIn(aStaffUser()) } });
  return { ...rendered, calls };
}

const changes = (calls: FakeCall[]) => calls.filter((call) => !(call.method === "GET" && call.path === RULES));
const ruleForm = () => screen.findByRole("form", { name: "Add a shipping rule" });

/** jsdom's files cannot say their text (a browser's can): read through FileReader, which it has. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

beforeAll(() => {
  Object.defineProperty(Blob.prototype, "text", {
    configurable: true,
    value(this: Blob) {
      return readText(this);
    },
  });
});
afterAll(() => {
  Reflect.deleteProperty(Blob.prototype, "text");
});

describe("Shipping charges (dashboard)", () => {
  it("opens from GST and delivery, on demand", async () => {
    const calls = fakeApi((call) =>
      call.path === "/api/staff/summary/" ? { body: aStaffSummary() } : call.path === RULES ? { body: [EVERYWHERE] } : { status: 500 },
    );
    const { user } = renderApp(<DashboardScreen />, { url: "/admin", path: "/admin", preloadedState: { auth: signedIn(aStaffUser()) } });
    const open = await screen.findByRole("button", { name: "Edit shipping charges" });
    expect(calls.map((call) => call.path)).not.toContain(RULES);
    await user.click(open);
    // Found by text: role queries over the whole dashboard are slow on a busy machine.
    expect(await screen.findByText("0 to 5000 g", { selector: "td" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close shipping charges" })).toHaveAttribute("aria-expanded", "true");
  });

  it("lists the rules by zone and slab, and says what an order no rule covers pays", async () => {
    renderRules();
    const rows = await screen.findAllByRole("row");
    expect(rows.map((row) => [...row.querySelectorAll("td")].slice(0, 4).map((cell) => cell.textContent))).toEqual([
      [],
      ["everywhere", "0 to 5000 g", "₹40.00", "₹2,000.00"],
      ["everywhere", "5000 g and more", "₹150.00", "—"],
      ["4110", "0 to 5000 g", "₹20.00", "—"],
    ]);
    // On a phone each rule is a card: every value labelled with its column's heading.
    expect([...(rows[1] as HTMLElement).querySelectorAll("td")].map((cell) => cell.dataset.label)).toEqual([
      "Zone",
      "Weight",
      "Charge",
      "Free above",
      undefined,
    ]);
    expect(screen.getByText(/An order no rule covers pays ₹10, free above ₹100/)).toBeInTheDocument();
  });

  it("says when there are no rules", async () => {
    renderRules(undefined, () => []);
    expect(await screen.findByText("No shipping rules yet.")).toBeInTheDocument();
  });

  it("adds a rule, blank up-to and free-above sent as none, and reads the rules again", async () => {
    let rules = [EVERYWHERE];
    const { user, calls } = renderRules(
      (call) => {
        rules = [...rules, { ...PUNE, maxGrams: null }];
        return call.method === "POST" ? { status: 201, body: rules.at(-1) } : { status: 500 };
      },
      () => rules,
    );
    const form = await ruleForm();
    await user.type(within(form).getByLabelText("Zone (PIN prefix)"), "4110");
    await user.type(within(form).getByLabelText("Charge (₹)"), "20");
    await user.click(within(form).getByRole("button", { name: "Add rule" }));
    expect(await within(form).findByText("Shipping rule added.")).toBeInTheDocument();
    expect(changes(calls)).toMatchObject([
      {
        method: "POST",
        path: RULES,
        authorization: "Bearer access-1",
        body: { zone: "4110", minGrams: 0, maxGrams: null, charge: "20", freeAbove: null },
      },
    ]);
    expect(await screen.findByRole("cell", { name: "4110" })).toBeInTheDocument();
    expect(within(form).getByLabelText("Zone (PIN prefix)")).toHaveValue("");
  });

  it("shows the server's refusal of an overlapping slab under the field, in the shop's words", async () => {
    const { user } = renderRules(() => ({
      status: 400,
      body: anErrorBody("shipping_rules_invalid", "minGrams: The weights overlap the rule for everywhere, 0–5000 g.", {
        minGrams: [
          {
            code: "slab_overlap",
            message: "The weights overlap the rule for everywhere, 0–5000 g.",
            params: { zone: "", min: 0, max: 5000 },
          },
        ],
      }),
    }));
    const form = await ruleForm();
    await user.clear(within(form).getByLabelText("Weight from (g)"));
    await user.type(within(form).getByLabelText("Weight from (g)"), "4000");
    await user.type(within(form).getByLabelText("Charge (₹)"), "60");
    await user.click(within(form).getByRole("button", { name: "Add rule" }));
    const from = within(form).getByLabelText("Weight from (g)");
    await vi.waitFor(() => expect(from).toHaveAccessibleDescription("The weights overlap the rule for everywhere, 0 to 5000 g."));
    expect(from).toHaveAttribute("aria-invalid", "true");
  });

  it("refuses a weight that is not a whole number here, sending nothing", async () => {
    const { user, calls } = renderRules();
    const form = await ruleForm();
    await user.type(within(form).getByLabelText("Weight up to (g)"), "5kg");
    await user.type(within(form).getByLabelText("Charge (₹)"), "40");
    await user.click(within(form).getByRole("button", { name: "Add rule" }));
    expect(await within(form).findByText("Please enter a whole number.")).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);
  });

  it("changes a rule chosen in the table, and removes one once confirmed", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user, calls } = renderRules((call) =>
      call.method === "PUT"
        ? { body: { ...PUNE, charge: "25.00" } }
        : call.method === "DELETE"
          ? { body: { detail: "Shipping rule removed." } }
          : { status: 500 },
    );
    await user.click(await screen.findByRole("button", { name: "Edit 4110, 0 to 5000 g" }));
    const form = await screen.findByRole("form", { name: "Change the rule 4110, 0 to 5000 g" });
    expect(within(form).getByLabelText("Zone (PIN prefix)")).toHaveValue("4110");
    expect(within(form).getByLabelText("Weight up to (g)")).toHaveValue("5000");
    await user.clear(within(form).getByLabelText("Charge (₹)"));
    await user.type(within(form).getByLabelText("Charge (₹)"), "25");
    await user.click(within(form).getByRole("button", { name: "Save rule" }));
    // Saved: the form is for a new rule again.
    expect(await ruleForm()).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete everywhere, 5000 g and more" }));
    await vi.waitFor(() =>
      expect(changes(calls)).toMatchObject([
        { method: "PUT", path: `${RULES}5/`, body: { zone: "4110", minGrams: 0, maxGrams: 5000, charge: "25", freeAbove: null } },
        { method: "DELETE", path: `${RULES}4/` },
      ]),
    );
    expect(window.confirm).toHaveBeenCalledWith("Delete the shipping rule everywhere, 5000 g and more?");
  });

  it("uploads a CSV file, naming a bad line in the shop's words, then counting the rules saved", async () => {
    let refuse = true;
    const { user, calls } = renderRules((call) =>
      call.path === `${RULES}csv/` && call.method === "PUT"
        ? refuse
          ? {
              status: 400,
              body: anErrorBody("shipping_rules_invalid", 'Line 2: "5kg" is not a weight in grams (a whole number).', {
                non_field_errors: [{ code: "csv_grams_invalid", message: "…", params: { line: 2, value: "5kg" } }],
              }),
            }
          : { body: { rows: 1, detail: "Shipping rules updated: 1 rule." } }
        : { status: 500 },
    );
    const form = await screen.findByRole("form", { name: "Shipping rules (CSV)" });
    await user.click(within(form).getByRole("button", { name: "Upload shipping rules" }));
    expect(await within(form).findByText("Choose a CSV file.")).toBeInTheDocument();
    await user.upload(
      within(form).getByLabelText("File to upload (replaces every rule)"),
      new File([CSV], "rules.csv", { type: "text/csv" }),
    );
    await user.click(within(form).getByRole("button", { name: "Upload shipping rules" }));
    expect(await within(form).findByText("Line 2: “5kg” is not a weight in grams (a whole number).")).toBeInTheDocument();
    refuse = false;
    await user.click(within(form).getByRole("button", { name: "Upload shipping rules" }));
    expect(await within(form).findByText("Saved: 1 shipping rule.")).toBeInTheDocument();
    expect(changes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ["PUT", `${RULES}csv/`, CSV],
      ["PUT", `${RULES}csv/`, CSV],
    ]);
  });

  it("downloads the rules as a CSV file", async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:rules";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderRules((call) =>
      call.path === `${RULES}csv/` ? { raw: CSV, headers: { "Content-Type": "text/csv; charset=utf-8" } } : { status: 500 },
    );
    await user.click(await screen.findByRole("button", { name: "Download shipping rules (CSV)" }));
    await vi.waitFor(() => expect(names).toEqual(["shipping-rules.csv"]));
    expect(await readText(blobs[0] as Blob)).toBe(CSV);
  });

  it("speaks Hindi", async () => {
    await setLanguage("hi");
    renderRules();
    expect(await screen.findByRole("heading", { name: "शिपिंग शुल्क" })).toBeInTheDocument();
    expect((await screen.findAllByRole("cell", { name: "हर जगह" })).length).toBe(2);
  });
});
