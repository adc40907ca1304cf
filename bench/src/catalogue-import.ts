// Staff's catalogue import and export under the bench: a 10 000-row CSV of new products imported,
// then the same file again (nothing to change), and the whole catalogue exported as CSV and XLSX;
// the seconds of each, and the largest delay of the shop's event loop meanwhile as a shopper
// feels it (loop-probe.ts: GET /healthz every ~20 ms on a connection of its own). Budgets: an
// import of 10 000 rows on SQLite < 60 s; the largest delay during each ≤ 100 ms.
import { fork } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import type { CatalogueImport, SheetColumnName } from "@krishi/contract";
import { openDatabase } from "@krishi/server/src/db/database.ts";
import { migrateToLatest } from "@krishi/server/src/db/migrate.ts";
import { hashPassword } from "@krishi/server/src/lib/passwords.ts";
import { type Figure, figureOf, type Row, verdict } from "./budget.ts";
import { median, ms } from "./harness.ts";
import { signIn } from "./mixed.ts";

export const BENCH_STAFF = { email: "bench.staff@example.in", password: "Bench-Staff-2024!" };
export const IMPORT_ROWS = 10_000;
/** The budgets: an import of IMPORT_ROWS rows on SQLite, in seconds; the largest answer of the probe, in ms. */
const IMPORT_SECONDS = 60;
const DELAY_MS = 100;
/** How often the bench asks how an import stands. */
const POLL_MS = 100;
/** A question about the import answered later than this waited for the database. */
const WAITED_MS = 1_000;

// ---- The shop's staff member, who imports and exports.

/** Migrates the database at `url` (a SQLite file or postgres://…) and adds BENCH_STAFF to it. */
export async function addStaff(url: string): Promise<void> {
  const { db } = openDatabase({ url });
  try {
    await migrateToLatest(db);
    await db
      .insertInto("users")
      .values({
        email: BENCH_STAFF.email,
        password_hash: await hashPassword(BENCH_STAFF.password),
        first_name: "Bench",
        last_name: "Staff",
        is_staff: true,
        is_active: true,
        email_verified: true,
        created_at: new Date().toISOString(),
      })
      .execute();
  } finally {
    await db.destroy();
  }
}

// ---- The sheet: new products as a shop would first list them.

type Family = "kg" | "g" | "ml" | "piece";

/** ~20 categories as an agri-input shop has them: the goods, their HSN code and GST rate, and how they are packed. */
const CATEGORIES: readonly { name: string; goods: readonly string[]; hsn: string; gst: number; family: Family }[] = [
  { name: "Vegetable Seeds", goods: ["Hybrid Tomato Seeds", "Okra Seeds", "Chilli Seeds"], hsn: "1209 91", gst: 0, family: "g" },
  { name: "Field Crop Seeds", goods: ["Paddy Seeds", "Wheat Seeds", "Cotton Seeds"], hsn: "1209", gst: 0, family: "kg" },
  { name: "Fertilisers", goods: ["Urea", "DAP", "Muriate of Potash"], hsn: "3102", gst: 5, family: "kg" },
  { name: "Water Soluble Fertilisers", goods: ["NPK 19-19-19", "Calcium Nitrate", "Potassium Nitrate"], hsn: "3105", gst: 5, family: "kg" },
  { name: "Micronutrients", goods: ["Zinc Sulphate", "Chelated Iron", "Boron 20%"], hsn: "2833", gst: 12, family: "g" },
  { name: "Bio-fertilisers", goods: ["Azotobacter", "PSB Culture", "Mycorrhiza"], hsn: "3101", gst: 5, family: "ml" },
  { name: "Bio-pesticides", goods: ["Neem Oil 1500 ppm", "Trichoderma Viride", "Beauveria Bassiana"], hsn: "3808", gst: 12, family: "ml" },
  { name: "Plant Growth Regulators", goods: ["Seaweed Extract", "Humic Acid", "Gibberellic Acid"], hsn: "3808 93", gst: 18, family: "ml" },
  { name: "Organic Manure", goods: ["Vermicompost", "Cow Dung Manure", "Neem Cake"], hsn: "3101", gst: 0, family: "kg" },
  { name: "Farm Tools", goods: ["Hand Hoe", "Sickle", "Pruning Secateurs"], hsn: "8201", gst: 12, family: "piece" },
  { name: "Sprayers", goods: ["Knapsack Sprayer 16 Litre", "Battery Sprayer", "Hand Sprayer"], hsn: "8424", gst: 12, family: "piece" },
  { name: "Irrigation", goods: ["Drip Lateral 16 mm", "Sprinkler Head", "Rain Pipe"], hsn: "3917", gst: 18, family: "piece" },
  { name: "Drip Fittings", goods: ["Drip Emitter 4 lph", "Lateral Joiner", "End Cap"], hsn: "3917 40", gst: 18, family: "piece" },
  { name: "Pumps", goods: ["Monoblock Pump 1 HP", "Submersible Pump", "Foot Valve"], hsn: "8413", gst: 18, family: "piece" },
  { name: "Animal Feed", goods: ["Cattle Feed", "Mineral Mixture", "Calf Starter"], hsn: "2309", gst: 0, family: "kg" },
  { name: "Veterinary Care", goods: ["Teat Dip", "Wound Spray", "Liver Tonic"], hsn: "3004", gst: 12, family: "ml" },
  { name: "Poultry", goods: ["Layer Mash", "Poultry Drinker", "Chick Feeder"], hsn: "2309 90", gst: 5, family: "kg" },
  { name: "Mulch and Shade Nets", goods: ["Mulch Film 25 micron", "Shade Net 50%", "Crop Cover"], hsn: "3920", gst: 18, family: "piece" },
  { name: "Soil Testing", goods: ["Soil pH Kit", "NPK Test Kit", "Moisture Meter"], hsn: "9027", gst: 18, family: "piece" },
  { name: "Storage and Bags", goods: ["Hermetic Grain Bag", "Tarpaulin 12x15 ft", "Jute Bag"], hsn: "6305", gst: 5, family: "piece" },
];

const BRANDS = [
  "IFFCO",
  "Syngenta",
  "Mahyco",
  "Jain Irrigation",
  "Kisankraft",
  "UPL",
  "Tata Rallis",
  "Coromandel",
  "Netafim",
  "Godrej Agrovet",
];

/** A family's packs: label, net quantity, unit, and how many times the smallest pack's price. */
const PACKS: Record<Family, readonly [string, number, string, number][]> = {
  kg: [
    ["1 kg", 1, "kg", 1],
    ["5 kg", 5, "kg", 4.6],
    ["25 kg", 25, "kg", 21],
  ],
  g: [
    ["100 g", 100, "g", 1],
    ["250 g", 250, "g", 2.3],
    ["500 g", 500, "g", 4.4],
  ],
  ml: [
    ["250 ml", 250, "ml", 1],
    ["500 ml", 500, "ml", 1.9],
    ["1 litre", 1, "l", 3.6],
  ],
  piece: [
    ["1 piece", 1, "piece", 1],
    ["Pack of 2", 2, "piece", 1.9],
    ["Pack of 5", 5, "piece", 4.5],
  ],
};

const COLUMNS = [
  "name",
  "category",
  "brand",
  "sku",
  "pack_label",
  "net_quantity",
  "unit",
  "price",
  "mrp",
  "stock",
  "gst_rate",
  "hsn_code",
  "description",
] as const satisfies readonly SheetColumnName[];

/** A CSV value as a spreadsheet writes it: quoted when it holds a comma, a quote or a line end. */
const csvValue = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * `rows` rows of new products (the same on every run): a product's name is unique (the import
 * gathers a new product's packs by it); two in five products have 2 packs and one in five 3.
 */
export function importSheet(rows = IMPORT_ROWS): string {
  const lines = [COLUMNS.join(",")];
  for (let i = 0; lines.length <= rows; i++) {
    const category = CATEGORIES[i % CATEGORIES.length] as (typeof CATEGORIES)[number];
    const goods = category.goods[Math.floor(i / CATEGORIES.length) % category.goods.length] as string;
    const brand = BRANDS[(i * 7) % BRANDS.length] as string;
    const name = `${brand} ${goods} KB${String(i).padStart(5, "0")}`;
    const description = `${goods} from ${brand}, for kharif and rabi seasons. Lot ${1000 + (i % 9000)}; store in a cool, dry place away from children.`;
    const packs = PACKS[category.family].slice(0, [1, 1, 2, 2, 3][i % 5]);
    const basePaise = 45_00 + ((i * 3_719) % 2_400) * 50;
    for (const [p, [label, quantity, unit, times]] of packs.entries()) {
      if (lines.length > rows) break;
      const price = Math.round(basePaise * times);
      const cells: Record<(typeof COLUMNS)[number], string | number> = {
        name,
        category: category.name,
        brand,
        sku: `KB-${String(i).padStart(5, "0")}-${p + 1}`,
        pack_label: label,
        net_quantity: quantity,
        unit,
        price: rupees(price),
        mrp: rupees(Math.round(price * 1.12)),
        stock: (i * 13 + p * 7) % 400,
        gst_rate: category.gst,
        hsn_code: category.hsn,
        description,
      };
      lines.push(COLUMNS.map((column) => csvValue(cells[column])).join(","));
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

// ---- The probe of the shop's event loop.

interface Sample {
  /** When it was sent, ms since the epoch. */
  at: number;
  ms: number;
}

interface Probe {
  /** Stops probing; answers every answer's time. */
  stop(): Promise<Sample[]>;
  /** Ends the probe at once (the bench failed meanwhile). */
  kill(): void;
}

/** Starts loop-probe.ts on `base`'s /healthz; resolves once its connection is open and it probes. */
export async function startProbe(base: string): Promise<Probe> {
  const child = fork(new URL("./loop-probe.ts", import.meta.url), [`${base}/healthz`], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced",
  });
  const exited = new Promise<never>((_, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the event-loop probe stopped with ${code}`)));
  });
  exited.catch(() => {});
  await Promise.race([new Promise((resolve) => child.once("message", resolve)), exited]);
  return {
    async stop() {
      const answered = new Promise<Sample[]>((resolve) =>
        child.once("message", (message) => resolve((message as { samples: Sample[] }).samples)),
      );
      child.send("stop");
      return Promise.race([answered, exited]);
    },
    kill() {
      child.kill();
    },
  };
}

/** Seconds the probe probes the idle shop first: the machine's own noise, to read the figures against. */
const IDLE_MS = 2_000;

/**
 * Runs `body` while the probe probes `base`, after IDLE_MS of probing the shop idle; answers what
 * `body` answered, the probe's samples meanwhile, and those of the idle shop.
 */
async function whileProbing<T>(base: string, body: () => Promise<T>): Promise<{ value: T; samples: Sample[]; idle: Sample[] }> {
  const probe = await startProbe(base);
  try {
    await sleep(IDLE_MS);
    const from = Date.now();
    const value = await body();
    const samples = await probe.stop();
    return { value, samples: samples.filter((sample) => sample.at >= from), idle: samples.filter((sample) => sample.at < from) };
  } catch (error) {
    probe.kill();
    throw error;
  }
}

/** A status the import was seen in, from when. "upload": before the shop named the import. */
interface Phase {
  at: number;
  status: string;
}

const largestMs = (samples: readonly Sample[]) =>
  samples.length > 0 ? Math.round(samples.reduce((max, sample) => Math.max(max, sample.ms), 0)) : "none";

/**
 * The probe's figures: the largest answer (also per phase, when phases are given) and the median;
 * beside them the same of the idle shop just before (the machine's noise).
 */
function delays(samples: readonly Sample[], idle: readonly Sample[], phases: readonly Phase[] = []): Row {
  const row: Row = {
    "largest delay ms": largestMs(samples),
    "probe median ms": ms(median(samples.map((sample) => sample.ms))),
    probes: samples.length,
    "idle largest ms": largestMs(idle),
    "idle median ms": ms(median(idle.map((sample) => sample.ms))),
  };
  if (phases.length > 1) {
    const byPhase = new Map<string, number>();
    for (const sample of samples) {
      const phase = phases.findLast((p) => p.at <= sample.at)?.status ?? (phases[0] as Phase).status;
      byPhase.set(phase, Math.max(byPhase.get(phase) ?? 0, sample.ms));
    }
    row["largest by phase ms"] = [...byPhase].map(([phase, value]) => `${phase} ${Math.round(value)}`).join(", ");
    row["phases s"] = phaseSeconds(phases);
  }
  return row;
}

/** How long each phase lasted (the last one, "done", has no end and is left out). */
function phaseSeconds(phases: readonly Phase[]): string {
  const spans = new Map<string, number>();
  for (const [i, phase] of phases.entries()) {
    const next = phases[i + 1];
    if (next) spans.set(phase.status, (spans.get(phase.status) ?? 0) + (next.at - phase.at) / 1000);
  }
  return [...spans].map(([status, seconds]) => `${status} ${seconds.toFixed(1)}`).join(", ");
}

const largestOf = (row: Row) => figureOf(row, "largest delay ms") ?? Number.NaN;

// ---- The import.

const finished = (run: CatalogueImport | undefined) => run?.status === "done" || run?.status === "failed";

interface ImportRun {
  seconds: number;
  /** The upload's own answer: 200 finished, 202 still running. */
  http: number | undefined;
  result: CatalogueImport;
  phases: Phase[];
}

async function json<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Uploads `csv` and waits for its import to finish: seconds from the upload's start until it is
 * seen done. Meanwhile the bench asks how it stands every POLL_MS (the newest import of the list,
 * until the shop answers the upload; then that import), noting each status as it is first seen.
 */
async function timedImport(base: string, token: string, csv: string): Promise<ImportRun> {
  const headers = { authorization: `Bearer ${token}` };
  const list = () => json<CatalogueImport[]>(`${base}/api/staff/catalogue/imports/`, headers);
  const before = Math.max(0, ...(await list()).map((run) => run.id));
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "catalogue.csv");
  const phases: Phase[] = [{ at: Date.now(), status: "upload" }];
  const note = (status: string, at = Date.now()) => {
    if (phases.at(-1)?.status !== status) phases.push({ at, status });
  };
  const started = performance.now();
  let answer: { http: number; body: CatalogueImport } | undefined;
  let failure: unknown;
  const upload = fetch(`${base}/api/staff/catalogue/import/`, { method: "POST", headers, body: form }).then(async (res) => {
    if (res.status !== 200 && res.status !== 202) throw new Error(`POST import: HTTP ${res.status} ${await res.text()}`);
    answer = { http: res.status, body: (await res.json()) as CatalogueImport };
  });
  upload.catch((error: unknown) => {
    failure = error;
  });
  let id: number | undefined;
  let result: CatalogueImport | undefined;
  while (!result) {
    if (failure) throw failure;
    if (finished(answer?.body)) result = answer?.body;
    else {
      id ??= answer?.body.id ?? (await list()).find((run) => run.id > before)?.id;
      const asked = Date.now();
      const now = id === undefined ? undefined : await json<CatalogueImport>(`${base}/api/staff/catalogue/imports/${id}/`, headers);
      // On SQLite the import's write holds the database until it commits, and a question about it
      // waits meanwhile: that wait is a phase of its own (most likely "writing").
      if (now && Date.now() - asked > WAITED_MS) note("poll waited", asked);
      if (now) note(now.status);
      if (finished(now)) result = now;
      else await sleep(POLL_MS);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  note(result.status);
  // The upload's answer follows within the shop's own wait of 100 ms.
  await upload;
  return { seconds, http: answer?.http, result, phases };
}

/** What the import's report should say, else the problems (its first errors told). */
function importProblems(run: CatalogueImport, want: { created: number; unchanged: number }): string[] {
  const report = run.report;
  if (run.status !== "done" || !report) return [`import ${run.status} with no report`];
  const problems: string[] = [];
  const errors = report.errors.length + report.errorsOmitted;
  if (errors > 0) {
    const first = report.errors.slice(0, 3).map((e) => `line ${e.line} ${e.column ?? ""} ${e.code} ${JSON.stringify(e.params)}`);
    problems.push(`${errors} errors (${first.join("; ")})`);
  }
  if (!report.applied) problems.push("not applied");
  if (report.created !== want.created || report.unchanged !== want.unchanged || report.updated !== 0)
    problems.push(`wanted created ${want.created}, unchanged ${want.unchanged}, updated 0`);
  return problems;
}

/**
 * The two imports of the sheet on the shop at `base` (an empty catalogue with BENCH_STAFF): new
 * products, then the same file again. `sqlite`: for PostgreSQL, this run's SQLite rows in the
 * same order, whose seconds it may be within twice of instead (budget.ts).
 */
export async function importRows(base: string, label: string, sqlite: readonly Row[] = []): Promise<Row[]> {
  const token = await signIn(base, BENCH_STAFF);
  const csv = importSheet();
  const rows: Row[] = [];
  const passes = [
    { what: `${IMPORT_ROWS} rows of new products`, want: { created: IMPORT_ROWS, unchanged: 0 } },
    { what: "the same file again (no change)", want: { created: 0, unchanged: IMPORT_ROWS } },
  ];
  for (const [index, { what, want }] of passes.entries()) {
    const { value: run, samples, idle } = await whileProbing(base, () => timedImport(base, token, csv));
    const report = run.result.report;
    const probed = delays(samples, idle, run.phases);
    const figures: Figure[] = [
      {
        name: "seconds",
        value: run.seconds,
        max: IMPORT_SECONDS,
        wanted: `< ${IMPORT_SECONDS}`,
        sqlite: figureOf(sqlite[index], "seconds"),
      },
      { name: "largest delay ms", value: largestOf(probed), max: DELAY_MS },
    ];
    rows.push({
      what: `${label}import: ${what} (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV)`,
      seconds: run.seconds.toFixed(2),
      HTTP: run.http,
      created: report?.created,
      updated: report?.updated,
      unchanged: report?.unchanged,
      ...probed,
      budget: verdict(figures, importProblems(run.result, want)),
    });
  }
  return rows;
}

// ---- The export.

/** Downloads `url` as a browser does (asking for br or gzip): seconds to the last byte, bytes, line ends counted. */
async function timedDownload(url: string, token: string) {
  const at = Date.now();
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip" } });
  let bytes = 0;
  let lineEnds = 0;
  let last = 0;
  for await (const data of res.body ?? []) {
    bytes += data.length;
    for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, at + 1)) lineEnds++;
    last = data.at(-1) ?? last;
  }
  return { res, at, seconds: (performance.now() - started) / 1000, bytes, lineEnds, last };
}

/**
 * The whole catalogue (`packs` packs) as CSV and as XLSX, downloaded as a browser does: seconds from the request to the last byte, the file's bytes, and for CSV its
 * rows counted (one a pack).
 */
export async function exportRows(base: string, label: string, packs: number): Promise<Row[]> {
  const token = await signIn(base, BENCH_STAFF);
  const rows: Row[] = [];
  for (const format of ["csv", "xlsx"] as const) {
    const {
      value: download,
      samples,
      idle,
    } = await whileProbing(base, () => timedDownload(`${base}/api/staff/catalogue/export/?format=${format}`, token));
    const { res, at, seconds, bytes, lineEnds, last } = download;
    // A delay in the first second may be the shop's first export since it started (code not yet
    // optimised); told apart from the steady one after it.
    const probed = delays(samples, idle, [
      { at, status: "first 1 s" },
      { at: at + 1_000, status: "after 1 s" },
    ]);
    const problems = res.ok ? [] : [`HTTP ${res.status}`];
    // The CSV: a header, then a line a pack (no value of the bench's catalogue holds a line end).
    const csvRows = lineEnds + (last === 10 ? 0 : 1) - 1;
    if (format === "csv" && res.ok && csvRows !== packs) problems.push(`${csvRows} rows, not ${packs}`);
    // The two phases are the first second and the rest: their lengths say nothing.
    delete probed["phases s"];
    rows.push({
      what: `${label}export: ${packs} packs, ${format.toUpperCase()}`,
      seconds: seconds.toFixed(2),
      MB: (bytes / 1024 / 1024).toFixed(1),
      rows: format === "csv" ? csvRows : "",
      "sent as": res.headers.get("content-encoding") ?? "identity",
      ...probed,
      budget: verdict([{ name: "largest delay ms", value: largestOf(probed), max: DELAY_MS }], problems),
    });
  }
  return rows;
}
