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
    renderApp(<ProductLabelDetails label={aLabel()} pack={aVariant({ netQuantity: 45, unit: "kg", label: "45 kg" })} />);
    expect(rows()["Net quantity"]).toBe("45 kg");
  });

  it("writes the pack's net quantity in Hindi on a Hindi page", async () => {
    await setLanguage("hi");
    renderApp(<ProductLabelDetails label={aLabel()} pack={aVariant({ netQuantity: 500, unit: "ml", label: "500 ml" })} />);
    expect(rows()["शुद्ध मात्रा"]).toBe("500 मि.ली.");
  });
});
