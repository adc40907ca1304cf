import { DEFAULT_PRICING } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG } from "../../base/config-api.ts";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, aStaffSummary, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { DashboardScreen } from "./dashboard-screen.tsx";

const GST_CONFIG = { pricing: { ...DEFAULT_CONFIG.pricing, ...DEFAULT_PRICING, taxMode: "gst" as const } };
const CSV =
  "kind,number,date,state,rate,taxable,cgst,sgst,igst\ninvoice,KB/2026-27/000001,2026-11-03,Maharashtra,5,1000.00,25.00,25.00,0.00\n";
const PINS = "pin or prefix,deliveryDays,cod\n4220,3,yes\n110001,5,no\n";

/** The dashboard as staff see it, in GST mode unless told; the summary answers, the rest gets `other`. */
function renderDashboard(other: (call: FakeCall) => FakeAnswer = () => ({ status: 500 }), gst = true) {
  const calls = fakeApi((call) => (call.path === "/api/staff/summary/" ? { body: aStaffSummary() } : other(call)));
  const rendered = renderApp(<DashboardScreen />, {
    url: "/admin",
    path: "/admin",
    preloadedState: { auth: signedIn(aStaffUser()) },
    ...(gst ? { config: GST_CONFIG } : {}),
  });
  return { ...rendered, calls };
}

const staffCalls = (calls: FakeCall[]) => calls.filter((call) => call.path !== "/api/staff/summary/");

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

/** Catches the file the page hands to the browser: its blob, and the link's address and file name. */
function catchDownloads() {
  const blobs: Blob[] = [];
  const links: { href: string; download: string }[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return "blob:report";
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    links.push({ href: this.getAttribute("href") ?? "", download: this.download });
  });
  return { blobs, links };
}

async function gstReport() {
  return screen.findByRole("form", { name: "GST report" });
}

async function serviceability() {
  return screen.findByRole("form", { name: "Delivery PIN codes" });
}

describe("GST and delivery (dashboard)", () => {
  it.each([
    // 20:00 on 31 October in Greenwich is already 1 November in India.
    ["2026-10-31T20:00:00.000Z", "2026-11-01", "2026-11-30"],
    ["2026-12-31T18:29:00.000Z", "2026-12-01", "2026-12-31"],
    ["2026-12-31T18:30:00.000Z", "2027-01-01", "2027-01-31"],
    ["2028-02-10T06:00:00.000Z", "2028-02-01", "2028-02-29"],
  ])("offers the GST report in GST mode, at %s for this month in India by default", async (now, from, to) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(now));
    try {
      renderDashboard();
      const form = await gstReport();
      expect(screen.getByRole("heading", { level: 2, name: "GST and delivery" })).toBeInTheDocument();
      expect(within(form).getByLabelText("From")).toHaveValue(from);
      expect(within(form).getByLabelText("To")).toHaveValue(to);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows no GST report in flat tax mode, but the PIN code upload", async () => {
    renderDashboard(undefined, false);
    expect(await serviceability()).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "GST and delivery" })).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "GST report" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Download GST report (CSV)" })).toBeNull();
  });

  it("downloads the report of the chosen days with the staff's token, and saves it as a CSV file", async () => {
    const { blobs, links } = catchDownloads();
    const { user, calls } = renderDashboard((call) =>
      call.path.startsWith("/api/staff/gst-report/")
        ? { raw: CSV, headers: { "Content-Type": "text/csv; charset=utf-8" } }
        : { status: 500 },
    );
    const form = await gstReport();
    await user.clear(within(form).getByLabelText("From"));
    await user.type(within(form).getByLabelText("From"), "2026-04-01");
    await user.clear(within(form).getByLabelText("To"));
    await user.type(within(form).getByLabelText("To"), "2026-06-30");
    await user.click(within(form).getByRole("button", { name: "Download GST report (CSV)" }));

    expect(await within(form).findByRole("status")).toHaveTextContent("Downloaded gst-report-2026-04-01-to-2026-06-30.csv");
    expect(staffCalls(calls)).toMatchObject([
      { method: "GET", path: "/api/staff/gst-report/?from=2026-04-01&to=2026-06-30", authorization: "Bearer access-1" },
    ]);
    expect(links).toEqual([{ href: "blob:report", download: "gst-report-2026-04-01-to-2026-06-30.csv" }]);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]?.type).toBe("text/csv;charset=utf-8");
    expect(await readText(blobs[0] as Blob)).toBe(CSV);
    // The link does not stay in the page.
    expect(document.querySelector("a[download]")).toBeNull();
  });

  it("refuses an end date before the start date, and sends nothing", async () => {
    const { user, calls } = renderDashboard();
    const form = await gstReport();
    const to = within(form).getByLabelText("To");
    await user.clear(within(form).getByLabelText("From"));
    await user.type(within(form).getByLabelText("From"), "2026-11-10");
    await user.clear(to);
    await user.type(to, "2026-11-09");
    await user.click(within(form).getByRole("button", { name: "Download GST report (CSV)" }));
    expect(await within(form).findByText("The end date cannot be before the start date.")).toBeInTheDocument();
    expect(to).toHaveAttribute("aria-invalid", "true");
    await expect.poll(() => document.activeElement).toBe(to);
    expect(staffCalls(calls)).toEqual([]);
  });

  it("asks for both dates", async () => {
    const { user, calls } = renderDashboard();
    const form = await gstReport();
    await user.clear(within(form).getByLabelText("From"));
    await user.click(within(form).getByRole("button", { name: "Download GST report (CSV)" }));
    expect(await within(form).findByText("Choose a date.")).toBeInTheDocument();
    expect(within(form).getByLabelText("From")).toHaveAttribute("aria-invalid", "true");
    expect(staffCalls(calls)).toEqual([]);
  });

  it("shows the server's message for a date under its field", async () => {
    const message = "Choose a period of at most 366 days.";
    const { user } = renderDashboard(() => ({
      status: 400,
      body: anErrorBody("date_invalid", `to: ${message}`, { to: [{ code: "date_range_too_long", message, params: { max: 366 } }] }),
    }));
    const form = await gstReport();
    await user.clear(within(form).getByLabelText("From"));
    await user.type(within(form).getByLabelText("From"), "2025-01-01");
    await user.click(within(form).getByRole("button", { name: "Download GST report (CSV)" }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(within(form).getByLabelText("To")).toHaveAttribute("aria-invalid", "true");
    expect(within(form).queryByRole("alert")).toBeNull();
  });

  it("says in plain words why the report cannot be had, and saves nothing", async () => {
    const { links } = catchDownloads();
    const detail = "You do not have permission to perform this action.";
    const { user } = renderDashboard(() => ({ status: 403, body: anErrorBody("permission_denied", detail) }));
    const form = await gstReport();
    await user.click(within(form).getByRole("button", { name: "Download GST report (CSV)" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("You do not have permission to do this.");
    expect(links).toEqual([]);
  });

  it("uploads the chosen CSV file's text as text/csv and shows the server's answer", async () => {
    const { user, calls } = renderDashboard((call) =>
      call.method === "PUT" && call.path === "/api/staff/serviceability/"
        ? { body: { rows: 1234, detail: "Serviceability updated: 1234 PIN codes or prefixes." } }
        : { status: 500 },
    );
    const form = await serviceability();
    const input = within(form).getByLabelText("PIN code table (CSV)");
    expect(input).toHaveAttribute("accept", ".csv,text/csv");
    expect(input).toHaveAccessibleDescription("One line per PIN code or prefix: pin or prefix,deliveryDays,cod");
    await user.upload(input, new File([PINS], "pins.csv", { type: "text/csv" }));
    await user.click(within(form).getByRole("button", { name: "Upload serviceability" }));
    expect(await within(form).findByRole("status")).toHaveTextContent("Saved: 1,234 PIN codes or prefixes served.");
    expect(staffCalls(calls)).toEqual([
      { method: "PUT", path: "/api/staff/serviceability/", body: PINS, authorization: "Bearer access-1" },
    ]);
  });

  it("asks for a file before uploading", async () => {
    const { user, calls } = renderDashboard();
    const form = await serviceability();
    await user.click(within(form).getByRole("button", { name: "Upload serviceability" }));
    expect(await within(form).findByText("Choose a CSV file.")).toBeInTheDocument();
    const input = within(form).getByLabelText("PIN code table (CSV)");
    expect(input).toHaveAttribute("aria-invalid", "true");
    await expect.poll(() => document.activeElement).toBe(input);
    expect(staffCalls(calls)).toEqual([]);
  });

  it("names the line the server refused, and its value", async () => {
    const detail = 'Line 3: "4x" is not a PIN code or a PIN prefix (1 to 6 digits, not starting with 0).';
    const { user } = renderDashboard(() => ({
      status: 400,
      body: anErrorBody("serviceability_invalid", detail, {
        non_field_errors: [{ code: "csv_prefix_invalid", message: detail, params: { line: 3, value: "4x" } }],
      }),
    }));
    const form = await serviceability();
    await user.upload(within(form).getByLabelText("PIN code table (CSV)"), new File([PINS], "pins.csv", { type: "text/csv" }));
    await user.click(within(form).getByRole("button", { name: "Upload serviceability" }));
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toBe("Line 3: “4x” is not a PIN code or a PIN prefix (1 to 6 digits, not starting with 0).");
  });

  it("names the line the server refused in Hindi too", async () => {
    const detail = "Line 2: expected 3 values (pin or prefix, delivery days, COD), found 2.";
    await setLanguage("hi");
    const { user } = renderDashboard(() => ({
      status: 400,
      body: anErrorBody("serviceability_invalid", detail, {
        non_field_errors: [{ code: "csv_values", message: detail, params: { line: 2, found: 2 } }],
      }),
    }));
    const form = await screen.findByRole("form", { name: "डिलीवरी वाले पिन कोड" });
    await user.upload(within(form).getByLabelText("पिन कोड की सूची (CSV)"), new File([PINS], "pins.csv", { type: "text/csv" }));
    await user.click(within(form).getByRole("button", { name: "डिलीवरी की सूची अपलोड करें" }));
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toBe("पंक्ति 2: 3 मान लिखें (पिन कोड या प्रीफ़िक्स, डिलीवरी के दिन, COD); 2 मिले।");
  });

  it("says in plain words why an upload is refused (403), and forgets the answer when another file is chosen", async () => {
    const detail = "You do not have permission to perform this action.";
    const { user } = renderDashboard(() => ({ status: 403, body: anErrorBody("permission_denied", detail) }));
    const form = await serviceability();
    const input = within(form).getByLabelText("PIN code table (CSV)");
    await user.upload(input, new File([PINS], "pins.csv", { type: "text/csv" }));
    await user.click(within(form).getByRole("button", { name: "Upload serviceability" }));
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toBe("You do not have permission to do this.");
    await user.upload(input, new File([PINS], "other.csv", { type: "text/csv" }));
    expect(within(form).queryByRole("alert")).toBeNull();
  });
});
