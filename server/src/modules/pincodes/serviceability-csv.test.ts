import { describe, expect, it } from "vitest";
import { parseServiceability, serviceabilityCsv } from "./serviceability-csv.ts";

describe("parseServiceability", () => {
  it("reads lines of pin or prefix, days and COD, with or without a header, quotes, blank lines and Windows line ends", () => {
    const text = '\uFEFFpin,deliveryDays,cod\r\n110001,1,yes\r\n\r\n"4110", 3 ,FALSE\r\n5,7,1\r\n56,4,No\r\n';
    expect(parseServiceability(text)).toEqual({
      ok: true,
      rows: [
        { prefix: "110001", deliveryDays: 1, cod: true },
        { prefix: "4110", deliveryDays: 3, cod: false },
        { prefix: "5", deliveryDays: 7, cod: true },
        { prefix: "56", deliveryDays: 4, cod: false },
      ],
    });
    expect(parseServiceability("110001,2,true")).toEqual({ ok: true, rows: [{ prefix: "110001", deliveryDays: 2, cod: true }] });
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
  ])("refuses %j at line %i", (text, line, message) => {
    const parsed = parseServiceability(text);
    expect(parsed).toMatchObject({ ok: false, line });
    expect(!parsed.ok && parsed.detail).toContain(`Line ${line}: ${message}`);
  });

  it("refuses a file without rows", () => {
    for (const text of ["", "\n\n", "pin,deliveryDays,cod\n"]) {
      expect(parseServiceability(text)).toMatchObject({ ok: false, line: null, detail: expect.stringMatching(/^The file has no rows/) });
    }
  });

  it("writes the table in the format it reads", () => {
    const rows = [
      { prefix: "11", deliveryDays: 2, cod: true },
      { prefix: "560001", deliveryDays: 0, cod: false },
    ];
    const csv = serviceabilityCsv(rows);
    expect(csv).toBe("pin,deliveryDays,cod\n11,2,yes\n560001,0,no\n");
    expect(parseServiceability(csv)).toEqual({ ok: true, rows });
  });
});
