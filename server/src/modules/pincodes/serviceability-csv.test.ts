import { describe, expect, it } from "vitest";
import { MAX_ROWS, parseServiceability, serviceabilityCsv, TOO_MANY_ROWS } from "./serviceability-csv.ts";

describe("parseServiceability", () => {
  it("reads lines of pin or prefix, days and COD, with or without a header, quotes, blank lines and Windows line ends", async () => {
    const text = '\uFEFFpin,deliveryDays,cod\r\n110001,1,yes\r\n\r\n"4110", 3 ,FALSE\r\n5,7,1\r\n56,4,No\r\n';
    expect(await parseServiceability(text)).toEqual({
      ok: true,
      rows: [
        { prefix: "110001", deliveryDays: 1, cod: true },
        { prefix: "4110", deliveryDays: 3, cod: false },
        { prefix: "5", deliveryDays: 7, cod: true },
        { prefix: "56", deliveryDays: 4, cod: false },
      ],
    });
    expect(await parseServiceability("110001,2,true")).toEqual({ ok: true, rows: [{ prefix: "110001", deliveryDays: 2, cod: true }] });
  });

  it.each([
    ["110001,1,yes\n110002,2\n", 2, "expected 3 values"],
    ["110001,1,yes\n110002,2,yes,extra\n", 2, "expected 3 values"],
    ["pin,days,cod\n110001,1,yes\n1100011,2,yes\n", 3, '"1100011" is not a PIN code or a PIN prefix'],
    ["011000,1,yes\n", 1, '"011000" is not a PIN code'],
    ["11A,1,yes\n", 1, '"11A" is not a PIN code'],
    ["110001,-1,yes\n", 1, '"-1" is not a number of delivery days'],
    ["110001,61,yes\n", 1, '"61" is not a number of delivery days'],
    ["110001,1.5,yes\n", 1, '"1.5" is not a number of delivery days'],
    ["110001,1,maybe\n", 1, '"maybe" is not a COD value'],
    ["110001,1,yes\n\n110001,2,no\n", 3, "110001 is already on line 1."],
    ["pin,days,cod\nprefix,days,cod\n", 2, '"prefix" is not a PIN code'],
  ])("refuses %j at line %i", async (text, line, message) => {
    const parsed = await parseServiceability(text);
    expect(parsed).toMatchObject({ ok: false, line });
    expect(!parsed.ok && parsed.detail).toContain(`Line ${line}: ${message}`);
  });

  it("reads values as spreadsheets quote them: a comma or a quote inside quotes, CRLF lines, a BOM", async () => {
    const header = '\uFEFF"PIN, or prefix","delivery ""days""",cod\r\n';
    expect(await parseServiceability(`${header}"110001"," 2 ",yes\r\n4110,1,"no"\r\n`)).toEqual({
      ok: true,
      rows: [
        { prefix: "110001", deliveryDays: 2, cod: true },
        { prefix: "4110", deliveryDays: 1, cod: false },
      ],
    });
    expect(await parseServiceability(`${header}110001,2,yes\r\n4110,1,"no, cash only"\r\n`)).toMatchObject({
      ok: false,
      line: 3,
      code: "csv_cod_invalid",
      params: { line: 3, value: "no, cash only" },
    });
    expect(await parseServiceability(`${header}\r\n"""4110""",1,no\r\n`)).toMatchObject({
      ok: false,
      line: 3,
      code: "csv_prefix_invalid",
      params: { line: 3, value: '"4110"' },
    });
  });

  it("refuses quotes that do not pair up, naming the line where the value starts", async () => {
    for (const text of ['110001,1,yes\n\n"110002,2,no\n110003,3,no\n', '110001,1,yes\r\n\r\n"1100"02,2,no\r\n']) {
      expect(await parseServiceability(text)).toEqual({
        ok: false,
        line: 3,
        detail:
          "Line 3: the quotes do not pair up: put a value with a comma or a quote in double quotes, and write each quote in it twice.",
        code: "csv_quotes_unpaired",
        params: { line: 3 },
      });
    }
  });

  it("refuses a file without rows", async () => {
    for (const text of ["", "\n\n", "pin,deliveryDays,cod\n"]) {
      expect(await parseServiceability(text)).toMatchObject({
        ok: false,
        line: null,
        detail: expect.stringMatching(/^The file has no rows/),
      });
    }
  });

  it(`takes at most ${MAX_ROWS} rows (a header and blank lines are not rows), and refuses one more naming the limit`, async () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `${100000 + i},1,no`);
    const full = await parseServiceability(["pin,deliveryDays,cod", ...rows(MAX_ROWS), "", ""].join("\r\n"));
    expect(full.ok && full.rows.length).toBe(MAX_ROWS);
    const over = await parseServiceability(rows(MAX_ROWS + 1).join("\n"));
    expect(over).toEqual({ ok: false, line: null, detail: TOO_MANY_ROWS, code: "csv_too_many_rows", params: { max: MAX_ROWS } });
    expect(TOO_MANY_ROWS).toBe(
      "The file has more than 2,00,000 rows: a serviceability table may have at most 2,00,000 PIN codes or prefixes.",
    );
  });

  it("writes the table in the format it reads", async () => {
    const rows = [
      { prefix: "11", deliveryDays: 2, cod: true },
      { prefix: "560001", deliveryDays: 0, cod: false },
    ];
    const csv = serviceabilityCsv(rows);
    expect(csv).toBe("pin,deliveryDays,cod\n11,2,yes\n560001,0,no\n");
    expect(await parseServiceability(csv)).toEqual({ ok: true, rows });
  });
});
