import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../testing/render-app.tsx";
import { Rating } from "./rating.tsx";

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
});
