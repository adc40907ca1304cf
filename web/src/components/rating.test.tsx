import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../testing/render-app.tsx";
import { ProductRating, Rating, STAR_OUTLINE } from "./rating.tsx";

describe("Rating", () => {
  it("shows the rating and the review count", async () => {
    renderApp(<Rating value={3.5} text="12 reviews" />);
    expect(await screen.findByRole("img", { name: "Rated 3.5 out of 5" })).toBeInTheDocument();
    expect(screen.getByText("12 reviews")).toBeInTheDocument();
  });

  it("draws five stars, one of them half", async () => {
    renderApp(<Rating value={3.5} />);
    const stars = (await screen.findByRole("img")).querySelectorAll("svg");
    expect(stars).toHaveLength(5);
    expect(stars[3]?.querySelectorAll("polygon")).toHaveLength(2);
  });

  it("keeps the spec's star colour and outlines every star in dark amber (3:1 or more on white)", async () => {
    renderApp(<Rating value={2} />);
    const outlines = [...(await screen.findByRole("img")).querySelectorAll("polygon[stroke]")];
    expect(outlines).toHaveLength(5);
    expect(outlines.every((star) => star.getAttribute("stroke") === STAR_OUTLINE)).toBe(true);
    expect(outlines[0]).toHaveAttribute("fill", "#f8e825");
    expect(STAR_OUTLINE).toBe("#8a6d00");
  });

  it("counts reviews in words: one review, several, or none yet without stars", async () => {
    const { unmount } = renderApp(<ProductRating rating={5} numReviews={1} />);
    expect(await screen.findByText("1 review")).toBeInTheDocument();
    unmount();
    const next = renderApp(<ProductRating rating={4.5} numReviews={1250} />);
    expect(await screen.findByText("1,250 reviews")).toBeInTheDocument();
    next.unmount();
    renderApp(<ProductRating rating={0} numReviews={0} />);
    expect(await screen.findByText("No reviews yet")).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });
});
