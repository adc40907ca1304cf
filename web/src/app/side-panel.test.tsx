import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogApi } from "../base/catalog-api.ts";
import { setLanguage } from "../i18n/index.ts";
import { renderApp } from "../testing/render-app.tsx";
import { SidePanel } from "./side-panel.tsx";

const categories = [
  { id: 1, name: "Seeds", nameHi: "बीज" },
  { id: 2, name: "Fertilisers", nameHi: "उर्वरक" },
];

function renderPanel(url: string) {
  return renderApp(<SidePanel />, {
    url,
    seed: (store) =>
      store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getCategories", arg: undefined, value: categories }])),
  });
}

describe("SidePanel", () => {
  it("marks All Products on the unfiltered list", () => {
    renderPanel("/?sort=price_asc");
    expect(screen.getByRole("button", { name: "All Products" })).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("button", { name: "Seeds" })).not.toHaveAttribute("aria-current");
  });

  it("marks the chosen category, whatever the letter case, and goes to its keyword", async () => {
    const { user, location } = renderPanel("/?keyword=seeds");
    expect(screen.getByRole("button", { name: "Seeds" })).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("button", { name: "All Products" })).not.toHaveAttribute("aria-current");
    await user.click(screen.getByRole("button", { name: "Fertilisers" }));
    expect(location().search).toBe("?keyword=Fertilisers");
    expect(await screen.findByRole("button", { name: "Fertilisers" })).toHaveAttribute("aria-current", "true");
  });

  it("leaves the categories to the home page's tiles: hidden on phones, out of the Tab order and unread beside them", () => {
    const { container } = renderPanel("/");
    expect(screen.queryByRole("navigation")).toBeNull();
    const panel = container.querySelector("nav");
    expect(panel).toHaveClass("d-none", "d-md-block");
    expect(panel).toHaveAttribute("aria-hidden", "true");
    const buttons = screen.getAllByRole("button", { hidden: true });
    expect(buttons.length).toBe(3);
    for (const button of buttons) expect(button).toHaveAttribute("tabindex", "-1");
  });

  it("is read and in the Tab order with a search", async () => {
    const { user } = renderPanel("/?keyword=urea");
    const panel = screen.getByRole("navigation", { name: "Categories" });
    expect(panel).not.toHaveClass("d-none");
    expect(panel).not.toHaveAttribute("aria-hidden");
    await user.tab();
    expect(screen.getByRole("button", { name: "All Products" })).toHaveFocus();
  });

  it("marks nothing on other pages (cart, profile, staff)", () => {
    renderPanel("/cart");
    for (const button of screen.getAllByRole("button")) expect(button).not.toHaveAttribute("aria-current");
  });

  it("names the categories in Hindi, still searching for their English names", async () => {
    await setLanguage("hi");
    const { user, location } = renderPanel("/cart");
    await user.click(screen.getByRole("button", { name: "बीज" }));
    expect(location().search).toBe("?keyword=Seeds");
  });
});
