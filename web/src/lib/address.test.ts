import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../i18n/index.ts";
import { addressLine } from "./address.ts";

const farm = {
  label: "Farm",
  address: "Gat No. 42",
  landmark: "Near the mandi",
  city: "Nashik",
  postalCode: "422001",
  state: "Maharashtra",
  country: "India",
};

afterEach(async () => {
  await setLanguage("en");
});

describe("addressLine", () => {
  it("writes the address on one line", () => {
    expect(addressLine(farm)).toBe("Gat No. 42, Near the mandi, Nashik, Maharashtra 422001, India");
  });

  it("names the state and the country in Hindi on a Hindi page, the city as the customer wrote it", async () => {
    await setLanguage("hi");
    expect(addressLine(farm)).toBe("Gat No. 42, Near the mandi, Nashik, महाराष्ट्र 422001, भारत");
    expect(addressLine({ ...farm, city: "नासिक", state: "jammu and kashmir", country: "Bharat" })).toBe(
      "Gat No. 42, Near the mandi, नासिक, जम्मू और कश्मीर 422001, भारत",
    );
  });

  it("keeps a state or country the shop does not list as written", async () => {
    await setLanguage("hi");
    expect(addressLine({ ...farm, city: "Kathmandu", postalCode: "44600", state: "Bagmati", country: "Nepal" })).toBe(
      "Gat No. 42, Near the mandi, Kathmandu, Bagmati 44600, नेपाल",
    );
    expect(addressLine({ ...farm, state: "", country: "Atlantis" })).toBe("Gat No. 42, Near the mandi, Nashik, 422001, Atlantis");
  });
});
