import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { compileEnglish } from "./english.ts";

const catalogs = import.meta.glob<Record<string, string>>("./hi/*.json", { import: "default", eager: true });
const ids = Object.values(catalogs).flatMap((catalog) => Object.keys(catalog));

describe("compileEnglish", () => {
  it("compiles every message of the app as Lingui's compiler does", () => {
    for (const id of ids) expect(compileEnglish(id), id).toEqual(compileMessage(id));
  });

  it.each([
    "Plain text",
    "Only {count} left",
    "{count, plural, =0 {No reviews yet} one {# review} other {# reviews}}",
    "{gender, select, female {She paid {amount}} other {They paid {amount}}}",
    "Paid {amount, number} on {when, date, short}",
    "{n, plural, offset:1 =0 {nobody} one {# other} other {# others}}",
    "It''s {name}''s turn",
  ])("agrees with Lingui on %s", (message) => {
    expect(compileEnglish(message)).toEqual(compileMessage(message));
  });
});
