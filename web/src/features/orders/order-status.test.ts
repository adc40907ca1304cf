import { ORDER_EVENTS, ORDER_STATUSES, ORDER_STEPS, STAFF_EVENTS } from "@krishi/contract";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage, t } from "../../i18n/index.ts";
import { eventMessage, STAFF_MOVES, STEP_LABELS, statusLabel, statusMeaning } from "./order-status.tsx";

const DEVANAGARI = /[\u0900-\u097F]/;

/** Every state, step, event and staff move of the contract's tables has its words, in English and in Hindi. */
describe("the order's words", () => {
  afterEach(() => setLanguage("en"));

  it("name every state, step, timeline event and staff move in English", () => {
    for (const status of ORDER_STATUSES) expect(statusLabel(status), status).toMatch(/^[A-Z]/);
    for (const status of ORDER_STATUSES) expect(["waiting", "moving", "done", "stopped"], status).toContain(statusMeaning(status));
    for (const step of ORDER_STEPS) expect(t(STEP_LABELS[step]), step).toMatch(/^[A-Z]/);
    for (const event of ORDER_EVENTS) expect(t(eventMessage({ event, actor: "staff" })), event).toMatch(/^[A-Z]/);
    for (const event of STAFF_EVENTS) expect(t(STAFF_MOVES[event]), event).toMatch(/^[A-Z]/);
  });

  it("name every state, step, timeline event and staff move in Hindi", async () => {
    await setLanguage("hi");
    for (const status of ORDER_STATUSES) expect(statusLabel(status), status).toMatch(DEVANAGARI);
    for (const step of ORDER_STEPS) expect(t(STEP_LABELS[step]), step).toMatch(DEVANAGARI);
    for (const event of ORDER_EVENTS) {
      for (const actor of ["customer", "staff", "system"] as const) expect(t(eventMessage({ event, actor })), event).toMatch(DEVANAGARI);
    }
    for (const event of STAFF_EVENTS) expect(t(STAFF_MOVES[event]), event).toMatch(DEVANAGARI);
  });
});
