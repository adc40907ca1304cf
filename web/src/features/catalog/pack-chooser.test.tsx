import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aVariant } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { PackChooser } from "./pack-chooser.tsx";

const oneKg = aVariant({ id: 9, label: "1 kg", netQuantity: 1, unit: "kg", price: "55.00", mrp: "55.00" });
const fiveKg = aVariant({ id: 10, label: "5 kg", netQuantity: 5, unit: "kg", price: "265.00", mrp: "265.00" });

describe("PackChooser in Hindi", () => {
  it("names each pack's quantity in Hindi, beside the price per किलो", async () => {
    await setLanguage("hi");
    renderApp(<PackChooser packs={[oneKg, fiveKg]} chosen={oneKg} onChoose={() => undefined} />);
    expect(screen.getByRole("radio", { name: /^1 किलो₹55.00/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /^5 किलो₹265.00/ })).not.toBeChecked();
    expect(screen.queryByText(/\d kg/)).not.toBeInTheDocument();
  });

  it("names a product's one pack in Hindi", async () => {
    await setLanguage("hi");
    renderApp(<PackChooser packs={[fiveKg]} chosen={fiveKg} onChoose={() => undefined} />);
    expect(screen.getByText("पैक: 5 किलो")).toBeInTheDocument();
  });
});
