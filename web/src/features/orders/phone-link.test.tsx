import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PhoneLink } from "./phone-link.tsx";

describe("PhoneLink", () => {
  it("calls a delivery number (10 digits) in India with a tap", () => {
    render(<PhoneLink phone="9876543210" />);
    expect(screen.getByRole("link", { name: "Call +91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
    const chat = screen.getByRole("link", { name: "WhatsApp +91 98765 43210 (opens in a new tab)" });
    expect(chat).toHaveAttribute("href", "https://wa.me/919876543210");
    expect(chat).toHaveAttribute("target", "_blank");
  });

  it("calls a sign-in number as it is kept (E.164), from abroad too", () => {
    render(<PhoneLink phone="+447700900123" />);
    expect(screen.getByRole("link", { name: "Call +447700900123" })).toHaveAttribute("href", "tel:+447700900123");
  });

  it("shows a number it cannot read as it is, without a link", () => {
    render(<PhoneLink phone="12345" />);
    expect(screen.getByText("12345")).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
