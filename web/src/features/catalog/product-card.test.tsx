import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aProduct, aVariant } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductCard } from "./product-card.tsx";

describe("ProductCard", () => {
  it("shows the name linking to the product, the rating and the rupee price", async () => {
    renderApp(<ProductCard product={aProduct()} />);
    expect(await screen.findByRole("link", { name: "Hybrid paddy seeds 10 kg" })).toHaveAttribute("href", "/product/7");
    expect(screen.getByText("12 reviews")).toBeInTheDocument();
    expect(screen.getByText("₹1,249.50")).toBeInTheDocument();
  });

  it("shows the cheapest pack's price 'from' when the packs' prices differ, and the one price when they do not", async () => {
    const seed = aProduct({
      variants: [aVariant({ id: 71, price: "270.00" }), aVariant({ id: 72, price: "1250.00" }), aVariant({ id: 73, price: "80.00" })],
    });
    const { unmount } = renderApp(<ProductCard product={seed} />);
    expect(await screen.findByText("from ₹80.00")).toBeInTheDocument();
    unmount();
    renderApp(
      <ProductCard product={aProduct({ variants: [aVariant({ id: 71, price: "266.50" }), aVariant({ id: 72, price: "266.50" })] })} />,
    );
    expect(await screen.findByText("₹266.50")).toBeInTheDocument();
  });

  it("is out of stock only when no pack has any", async () => {
    const { unmount } = renderApp(
      <ProductCard product={aProduct({ variants: [aVariant({ id: 71, countInStock: 0 }), aVariant({ id: 72, countInStock: 4 })] })} />,
    );
    await screen.findByRole("link", { name: "Hybrid paddy seeds 10 kg" });
    expect(screen.queryByText("Out of Stock")).not.toBeInTheDocument();
    unmount();
    renderApp(
      <ProductCard product={aProduct({ variants: [aVariant({ id: 71, countInStock: 0 }), aVariant({ id: 72, countInStock: 0 })] })} />,
    );
    expect(await screen.findByText("Out of Stock")).toBeInTheDocument();
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

  it("says '1 review' for one review, and 'No reviews yet' without empty stars for none", async () => {
    const { unmount } = renderApp(<ProductCard product={aProduct({ numReviews: 1, rating: 4 })} />);
    expect(await screen.findByText("1 review")).toBeInTheDocument();
    unmount();
    renderApp(<ProductCard product={aProduct({ numReviews: 0, rating: 0 })} />);
    expect(await screen.findByText("No reviews yet")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /^Rated/ })).not.toBeInTheDocument();
  });

  it("says when the product is out of stock", async () => {
    const { unmount } = renderApp(<ProductCard product={aProduct()} />);
    expect(await screen.findByText("₹1,249.50")).toBeInTheDocument();
    expect(screen.queryByText("Out of Stock")).not.toBeInTheDocument();
    unmount();
    renderApp(<ProductCard product={aProduct({ countInStock: 0 })} />);
    expect(await screen.findByText("Out of Stock")).toBeInTheDocument();
  });

  it("shows the Hindi name in Hindi, and the English one when there is none", async () => {
    await setLanguage("hi");
    const { unmount } = renderApp(<ProductCard product={aProduct({ nameHi: "संकर धान के बीज 10 किलो", countInStock: 0 })} />);
    expect(await screen.findByRole("link", { name: "संकर धान के बीज 10 किलो" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "संकर धान के बीज 10 किलो" })).toBeInTheDocument();
    expect(screen.getByText("12 समीक्षाएँ")).toBeInTheDocument();
    expect(screen.getByText("स्टॉक में नहीं")).toBeInTheDocument();
    unmount();
    renderApp(<ProductCard product={aProduct({ nameHi: "" })} />);
    expect(await screen.findByRole("link", { name: "Hybrid paddy seeds 10 kg" })).toBeInTheDocument();
  });
});
