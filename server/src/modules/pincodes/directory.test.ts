import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PackagePinDirectory, placesOf } from "./directory.ts";

describe("placesOf", () => {
  it("spells states the shop's way, and puts Leh and Kargil in Ladakh", () => {
    const places = placesOf({
      "194101": ["Leh", "Jammu & Kashmir"],
      "194103": ["Kargil", "Jammu & Kashmir"],
      "190001": ["Srinagar", "Jammu & Kashmir"],
      "751001": ["Khorda", "Orissa"],
      "605001": ["Pondicherry", "Pondicherry"],
      "999001": ["Nowhere", "Atlantis"],
    });
    expect(Object.fromEntries(places)).toEqual({
      "194101": { district: "Leh", state: "Ladakh" },
      "194103": { district: "Kargil", state: "Ladakh" },
      "190001": { district: "Srinagar", state: "Jammu and Kashmir" },
      "751001": { district: "Khorda", state: "Odisha" },
      "605001": { district: "Pondicherry", state: "Puducherry" },
      "999001": { district: "Nowhere", state: "Atlantis" },
    });
  });
});

describe("PackagePinDirectory", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kb-pins-"));
  const cacheFile = path.join(dir, "cache", "pins.json");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const logged = () => {
    const messages: string[] = [];
    return {
      messages,
      log: { info: (_: object, message: string) => messages.push(message), warn: (_: object, m: string) => messages.push(m) },
    };
  };

  it("extracts the package's data once in a child process, for concurrent first lookups, into an atomically written cache file", async () => {
    const { messages, log } = logged();
    const directory = new PackagePinDirectory({ log, cacheFile });
    const [delhi, leh, unknown, again] = await Promise.all([
      directory.find("110001"),
      directory.find("194101"),
      directory.find("999999"),
      directory.find("110001"),
    ]);
    expect(delhi).toEqual({ district: "Central Delhi", state: "Delhi" });
    expect(again).toEqual(delhi);
    expect(leh).toEqual({ district: "Leh", state: "Ladakh" });
    expect(unknown).toBeNull();
    expect(messages).toEqual(["extracted the PIN directory"]);
    // The whole file and no temporary left behind.
    expect(readdirSync(path.dirname(cacheFile))).toEqual(["pins.json"]);
    const raw = JSON.parse(readFileSync(cacheFile, "utf8"));
    expect(Object.keys(raw).length).toBeGreaterThan(19_000);
    expect(raw["560001"]).toEqual(["Bengaluru", "Karnataka"]);
  });

  it("reads the cache file after that, without a child process", async () => {
    const { messages, log } = logged();
    const directory = new PackagePinDirectory({ log, cacheFile });
    expect(await directory.warm()).toBeGreaterThan(19_000);
    expect(await directory.find("403001")).toEqual({ district: "North Goa", state: "Goa" });
    expect(messages).toEqual([]);
  });
});
