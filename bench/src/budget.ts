// How a row's figures are judged against its budget, and the list of budgets missed that ends a run.

/** One row of the report: its columns by name. */
export type Row = Record<string, unknown>;

/**
 * One figure a budget bounds. `sqlite` is set on a PostgreSQL row: the same figure of the same
 * measure on SQLite in this run. The figure then passes within its own budget or no worse than
 * twice SQLite's (a latency at most 2×, a throughput at least ½): PostgreSQL adds a network hop
 * and a server of its own to every query, and on one loaded machine shares its cores with the shop.
 */
export interface Figure {
  /** The column it is shown in: "p99 ms", "req/s". */
  name: string;
  value: number;
  /** The budget: the least (throughput) or the most (latency) it allows. */
  min?: number;
  max?: number;
  /** The budget in words, when the bound alone says too little: "≥ 60 % of the ceiling's 9000". */
  wanted?: string;
  sqlite?: number | undefined;
}

/** A figure for the table: whole above 100, else two decimals at most; "none" when there is none (NaN, never). */
export function short(value: number): string {
  if (!Number.isFinite(value)) return "none";
  return String(Math.abs(value) >= 100 ? Math.round(value) : Number(value.toFixed(2)));
}

const within = (value: number, min: number | undefined, max: number | undefined) =>
  (min === undefined || value >= min) && (max === undefined || value <= max);

/** Twice SQLite's figure, the way the figure's budget points: at most 2× a latency, at least ½ a throughput. */
function twiceSqlite(figure: Figure): { min?: number; max?: number; text: string } | null {
  if (figure.sqlite === undefined || !Number.isFinite(figure.sqlite)) return null;
  if (figure.max !== undefined) return { max: 2 * figure.sqlite, text: `≤ 2 × SQLite's ${short(figure.sqlite)}` };
  return { min: figure.sqlite / 2, text: `≥ ½ × SQLite's ${short(figure.sqlite)}` };
}

/**
 * "met", "met (p99 ms 31 ≤ 2 × SQLite's 18)" when a PostgreSQL figure passed only by SQLite's, or
 * "MISSED (…)" naming each figure that missed, its value and what was wanted, and each of
 * `problems` (what failed besides the figures: errors, orders not placed).
 */
export function verdict(figures: readonly Figure[], problems: readonly string[] = []): string {
  const missed: string[] = [];
  const eased: string[] = [];
  for (const figure of figures) {
    if (Number.isFinite(figure.value) && within(figure.value, figure.min, figure.max)) continue;
    const wanted = figure.wanted ?? (figure.max !== undefined ? `≤ ${short(figure.max)}` : `≥ ${short(figure.min ?? 0)}`);
    const relaxed = twiceSqlite(figure);
    if (relaxed && Number.isFinite(figure.value) && within(figure.value, relaxed.min, relaxed.max)) {
      eased.push(`${figure.name} ${short(figure.value)} ${relaxed.text}`);
      continue;
    }
    missed.push(`${figure.name} ${short(figure.value)}: ${wanted}${relaxed ? `, or ${relaxed.text}` : ""}`);
  }
  missed.push(...problems);
  if (missed.length > 0) return `MISSED (${missed.join("; ")})`;
  return eased.length > 0 ? `met (${eased.join("; ")})` : "met";
}

/** The number in `row`'s `column` (the table shows some as text, "4.12"), or undefined. */
export function figureOf(row: Row | undefined, column: string): number | undefined {
  const value = Number(row?.[column]);
  return row?.[column] !== undefined && Number.isFinite(value) ? value : undefined;
}

export interface Section {
  title: string;
  rows: Row[];
}

/**
 * What ends a run: every budget that missed (or whose measure failed), else that all were met;
 * then what was not measured (no browser, no build, no PostgreSQL), which is neither.
 */
export function summary(sections: readonly Section[]): string[] {
  const missed: string[] = [];
  const unmeasured: string[] = [];
  let met = 0;
  for (const { title, rows } of sections) {
    for (const row of rows) {
      const budget = typeof row.budget === "string" ? row.budget : "";
      const line = `  ${title} — ${String(row.what)}: ${budget}`;
      if (budget.startsWith("met")) met++;
      else if (budget.startsWith("MISSED") || budget.startsWith("FAILED")) missed.push(line);
      else if (budget.startsWith("not measured") || budget.startsWith("skipped")) unmeasured.push(line);
    }
  }
  const lines =
    missed.length > 0
      ? [`${missed.length} of ${met + missed.length} budgets MISSED:`, ...missed]
      : [`All ${met} budgets measured were met.`];
  if (unmeasured.length > 0) lines.push(`Not measured (${unmeasured.length}):`, ...unmeasured);
  return lines;
}
