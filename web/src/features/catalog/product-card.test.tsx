import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aProduct } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductCard } from "./product-card.tsx";

describe("ProductCard", () => {
  it("shows the name linking to the product, the rating and the rupee price", async () => {
    renderApp(<ProductCard product={aProduct()} />);
    expect(await screen.findByRole("link", { name: "Hybrid paddy seeds 10 kg" })).toHaveAttribute("href", "/product/7");
    expect(screen.getByText("12 reviews")).toBeInTheDocument();
    expect(screen.getByText("₹1,249.50")).toBeInTheDocument();
  });

  it("loads responsive WebP variants from the configured image base", async () => {
    renderApp(<ProductCard product={aProduct()} priority />, { config: { imageBaseUrl: "https://cdn.example.in/m" } });
    const image = await screen.findByRole("img", { name: "Hybrid paddy seeds 10 kg" });
    expect(image).toHaveAttribute("src", "https://cdn.example.in/m/paddy.webp");
    expect(image.getAttribute("srcset")).toContain("https://cdn.example.in/m/paddy-w320.webp 320w");
    expect(image).toHaveAttribute("fetchpriority", "high");
    expect(image).toHaveAttribute("width", "640");
    expect(image).toHaveAttribute("height", "480");
  });

  it("shows an image without a source when the product has none", async () => {
    renderApp(<ProductCard product={aProduct({ images: [] })} />);
    const image = await screen.findByRole("img", { name: "Hybrid paddy seeds 10 kg" });
    expect(image).not.toHaveAttribute("src");
    expect(image).toHaveAttribute("loading", "lazy");
  });
});
