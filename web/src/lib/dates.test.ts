import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../i18n/index.ts";
import { calendarDay, dateOf, dateTimeOf, dayOf, localWeekDay, longDay, shortDay } from "./dates.ts";

afterEach(async () => {
  await setLanguage("en");
});

describe("dates in English", () => {
  it("write a table's day as the spec does (2026-11-22), the day it is in India", () => {
    expect(dateOf("2026-11-22T10:00:00.000Z")).toBe("2026-11-22");
    // 19:00 UTC is half past midnight in India: already the next day there, wherever the browser is.
    expect(dateOf("2026-11-22T19:00:00.000Z")).toBe("2026-11-23");
    expect(dayOf("2026-11-01")).toBe("2026-11-01");
  });

  it("write a moment with its Indian time, and days short, long and with the weekday", () => {
    expect(dateTimeOf("2026-11-22T13:07:00.000Z")).toBe("22 Nov 2026, 6:37 pm");
    expect(shortDay("2026-11-24T20:00:00.000Z")).toBe("25 Nov");
    expect(longDay("2026-11-30T18:29:59.000Z")).toBe("30 November 2026");
    expect(calendarDay("2026-11-24")).toBe("Tuesday, 24 November");
    expect(localWeekDay(new Date(2026, 10, 26))).toBe("Thu 26 Nov");
  });

  it("show nothing for no moment, and a timestamp they cannot read as it came", () => {
    expect(dateOf(null)).toBe("");
    expect(dateTimeOf(undefined)).toBe("");
    expect(dateOf("soon")).toBe("soon");
    expect(dateTimeOf("soon")).toBe("soon");
    expect(calendarDay("someday")).toBe("someday");
    expect(dayOf("someday")).toBe("someday");
  });
});

describe("dates in Hindi", () => {
  it("name the month in Hindi, with the same Indian day as in English", async () => {
    await setLanguage("hi");
    expect(dateOf("2026-11-25T10:00:00.000Z")).toBe("25 नव॰ 2026");
    expect(dateOf("2024-01-10T19:00:00.000Z")).toBe("11 जन॰ 2024");
    expect(dayOf("2026-11-01")).toBe("1 नव॰ 2026");
    expect(dateTimeOf("2026-11-22T13:07:00.000Z")).toBe("22 नव॰ 2026, शाम 6:37");
    expect(shortDay("2026-11-24T10:00:00.000Z")).toBe("24 नव॰");
    expect(longDay("2026-11-30T10:00:00.000Z")).toBe("30 नवंबर 2026");
    expect(calendarDay("2026-11-24")).toBe("मंगलवार, 24 नवंबर");
    expect(localWeekDay(new Date(2026, 10, 26))).toBe("गुरु 26 नव॰");
  });

  it("write a time with its part of the day in Hindi words, never English's am and pm", async () => {
    await setLanguage("hi");
    expect(dateTimeOf("2026-11-22T04:30:00.000Z")).toBe("22 नव॰ 2026, सुबह 10:00");
    expect(dateTimeOf("2026-11-22T08:30:00.000Z")).toBe("22 नव॰ 2026, दोपहर 2:00");
    expect(dateTimeOf("2026-11-22T16:13:00.000Z")).toBe("22 नव॰ 2026, रात 9:43");
    expect(dateTimeOf("2026-11-22T16:13:00.000Z")).not.toMatch(/[ap]m/i);
  });

  it("switch back to English with the language", async () => {
    await setLanguage("hi");
    expect(dateOf("2026-11-25T10:00:00.000Z")).toBe("25 नव॰ 2026");
    await setLanguage("en");
    expect(dateOf("2026-11-25T10:00:00.000Z")).toBe("2026-11-25");
  });
});
