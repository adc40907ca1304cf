import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aLabel, aVariant } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductLabelDetails } from "./product-label.tsx";

/** The label's rows as name → value. */
function rows(): Record<string, string> {
  const list = screen.getByRole("region", { name: /Product details|उत्पाद का विवरण/ });
  return Object.fromEntries(
    within(list)
      .getAllByRole("term")
      .map((term) => [term.textContent ?? "", term.nextElementSibling?.textContent ?? ""]),
  );
}

describe("ProductLabelDetails", () => {
  it("writes the pack's net quantity in the shopper's language", async () => {
    renderApp(<ProductLabelDetails gstRate={5} label={aLabel()} pack={aVariant({ netQuantity: 45, unit: "kg", label: "45 kg" })} />);
    expect(rows()["Net quantity"]).toBe("45 kg");
  });

  it("writes the pack's net quantity in Hindi on a Hindi page", async () => {
    await setLanguage("hi");
    renderApp(<ProductLabelDetails gstRate={5} label={aLabel()} pack={aVariant({ netQuantity: 500, unit: "ml", label: "500 ml" })} />);
    expect(rows()["शुद्ध मात्रा"]).toBe("500 मि.ली.");
  });

  const urea = aLabel({
    kind: "fertiliser",
    genericName: "Urea (46% N)",
    countryOfOrigin: "India",
    bestBefore: "24 months from manufacture",
    customerCare: "1800 572 4455, care@krishibazaar.in",
    fcoGrade: "46-0-0",
    genericNameHi: "यूरिया (46% नाइट्रोजन)",
    bestBeforeHi: "निर्माण से 24 महीने",
    customerCareHi: "कृषि बाज़ार ग्राहक सेवा, 1800 572 4455",
  });

  it("shows the label's values in English on an English page", () => {
    renderApp(<ProductLabelDetails gstRate={5} label={urea} pack={undefined} />);
    expect(rows()).toMatchObject({
      "Generic name": "Urea (46% N)",
      "Country of origin": "India",
      "Best before": "24 months from manufacture",
      "Customer care": "1800 572 4455, care@krishibazaar.in",
    });
  });

  it("shows the values staff gave in Hindi on a Hindi page, a listed country in Hindi, and the English where none was given", async () => {
    await setLanguage("hi");
    renderApp(<ProductLabelDetails gstRate={5} label={{ ...urea, customerCareHi: "" }} pack={undefined} />);
    expect(rows()).toMatchObject({
      "सामान्य नाम": "यूरिया (46% नाइट्रोजन)",
      "मूल देश": "भारत",
      "इससे पहले उपयोग करें": "निर्माण से 24 महीने",
      "ग्राहक सेवा": "1800 572 4455, care@krishibazaar.in",
    });
  });

  it("shows the country of origin as staff wrote it in Hindi, or as written when the shop does not list it", async () => {
    await setLanguage("hi");
    const { unmount } = renderApp(
      <ProductLabelDetails gstRate={5} label={aLabel({ countryOfOrigin: "Mexico", countryOfOriginHi: "मेक्सिको" })} pack={undefined} />,
    );
    expect(rows()["मूल देश"]).toBe("मेक्सिको");
    unmount();
    renderApp(<ProductLabelDetails gstRate={5} label={aLabel({ countryOfOrigin: "Mexico" })} pack={undefined} />);
    expect(rows()["मूल देश"]).toBe("Mexico");
  });
});
