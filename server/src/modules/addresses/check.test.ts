import { describe, expect, it } from "vitest";
import { BAD_PHONE, BLANK, checkShippingAddress, PHONE_NEEDED, STATE_NEEDED, UNKNOWN_STATE } from "./check.ts";

const farm = {
  label: " Farm ",
  address: "Survey No. 42, Village Ozar",
  city: "Nashik",
  state: "maharashtra",
  pincode: "422 206",
  country: "India",
  phone: "+91 98765-43210",
};

describe("checkShippingAddress", () => {
  it("answers the address cleaned: trimmed, the PIN from its alias, the state spelled the shop's way, the phone as 10 digits", () => {
    expect(checkShippingAddress(farm, { taxMode: "gst" })).toEqual({
      ok: true,
      address: {
        label: "Farm",
        address: "Survey No. 42, Village Ozar",
        city: "Nashik",
        state: "Maharashtra",
        postalCode: "422206",
        landmark: "",
        country: "India",
        phone: "9876543210",
      },
    });
  });

  it("prefers postalCode to its alias", () => {
    const check = checkShippingAddress({ ...farm, postalCode: "411001" }, { taxMode: "flat" });
    expect(check.ok && check.address.postalCode).toBe("411001");
  });

  it.each([
    ["flat", { state: "", phone: "" }, null],
    ["flat", { phone: "12345" }, ["phone", BAD_PHONE, "phone_invalid"]],
    ["flat", { pincode: "022206" }, ["postalCode", "Enter a valid 6-digit PIN code.", "pin_invalid"]],
    ["flat", { city: "  " }, ["city", BLANK, "blank"]],
    ["gst", { state: "" }, ["state", STATE_NEEDED, "state_required"]],
    ["gst", { state: "Gondwana" }, ["state", UNKNOWN_STATE, "state_unknown"]],
    ["gst", { phone: "" }, ["phone", PHONE_NEEDED, "phone_required"]],
    ["gst", { phone: "5876543210" }, ["phone", BAD_PHONE, "phone_invalid"]],
    ["gst", { country: "Bhutan", state: "", phone: "", pincode: "11001" }, null],
  ] as const)("in %s mode, %j → %j", (taxMode, change, problem) => {
    const check = checkShippingAddress({ ...farm, ...change }, { taxMode });
    if (problem === null) expect(check.ok).toBe(true);
    else {
      const [field, message, code] = problem;
      expect(check).toMatchObject({ ok: false, field, message, fields: { [field]: [{ code, message }] } });
    }
  });

  it("lists every problem, the first as field and message", () => {
    const check = checkShippingAddress({ ...farm, label: "", state: "", phone: "" }, { taxMode: "gst" });
    expect(check).toEqual({
      ok: false,
      field: "label",
      message: BLANK,
      fields: {
        label: [{ code: "blank", message: BLANK }],
        state: [{ code: "state_required", message: STATE_NEEDED }],
        phone: [{ code: "phone_required", message: PHONE_NEEDED }],
      },
    });
  });
});
