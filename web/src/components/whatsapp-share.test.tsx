import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../testing/render-app.tsx";
import { useShopUrl, WhatsAppShare, whatsappShareUrl } from "./whatsapp-share.tsx";

function Shared({ path }: { path: string }) {
  return <WhatsAppShare lines={["Neem oil 1 L & more", "₹266.50", useShopUrl(path)]} />;
}

describe("Share on WhatsApp", () => {
  it("opens wa.me with the text encoded, rupee sign, ampersand and line breaks included", () => {
    expect(whatsappShareUrl("Neem oil 1 L & more\n₹266.50")).toBe("https://wa.me/?text=Neem%20oil%201%20L%20%26%20more%0A%E2%82%B9266.50");
  });

  it("links to the shop's own address from its settings, in a new tab that cannot reach back to the page", () => {
    renderApp(<Shared path="/product/7" />, { config: { siteUrl: "https://shop.krishi.test" } });
    const link = screen.getByRole("link", { name: "Share on WhatsApp (opens in a new tab)" });
    expect(link).toHaveAttribute("href", whatsappShareUrl("Neem oil 1 L & more\n₹266.50\nhttps://shop.krishi.test/product/7"));
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener");
  });

  it("uses the page's own address when the settings name none", () => {
    renderApp(<Shared path="/order/42" />);
    expect(screen.getByRole("link", { name: /Share on WhatsApp/ })).toHaveAttribute(
      "href",
      whatsappShareUrl(`Neem oil 1 L & more\n₹266.50\n${window.location.origin}/order/42`),
    );
  });
});
