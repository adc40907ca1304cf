import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../i18n/index.ts";
import { TextField } from "./text-field.tsx";

function Field({ maxLength, start = "" }: { maxLength?: number; start?: string }) {
  const [value, setValue] = useState(start);
  return <TextField id="note" label="Note" maxLength={maxLength} value={value} onChange={setValue} hint="For the courier." />;
}

function Bare({ maxLength }: { maxLength: number }) {
  const [value, setValue] = useState("");
  return <TextField id="pin" label="PIN" maxLength={maxLength} value={value} onChange={setValue} />;
}

/** The polite live region that tells screen readers how many characters are left. */
const liveRegion = () => document.querySelector("[aria-live='polite']");

describe("TextField's character counter", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows no counter while the text is short of 80 % of the limit: an empty field says nothing of it", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Field maxLength={100} />);
    const input = screen.getByLabelText("Note");
    expect(input).toHaveAttribute("maxlength", "100");
    expect(screen.queryByText(/\d+ \/ 100/)).not.toBeInTheDocument();
    expect(screen.queryByText("Up to 100 characters")).not.toBeInTheDocument();
    expect(input).toHaveAccessibleDescription("For the courier.");
    await user.type(input, "x".repeat(79));
    expect(screen.queryByText(/\d+ \/ 100/)).not.toBeInTheDocument();
  });

  it("from 80 % of the limit, shows the count and the limit under the field, and tells the limit with the field", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Field maxLength={200} start={"x".repeat(159)} />);
    const input = screen.getByLabelText("Note");
    expect(screen.queryByText("159 / 200")).not.toBeInTheDocument();
    await user.type(input, "y");
    expect(screen.getByText("160 / 200")).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription("For the courier. Up to 200 characters");
    await user.clear(input);
    expect(screen.queryByText(/\d+ \/ 200/)).not.toBeInTheDocument();
    expect(input).toHaveAccessibleDescription("For the courier.");
  });

  it("shows nothing under a field without a hint until the counter shows", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { container } = render(<Bare maxLength={10} />);
    expect(container.querySelector(".form-text")).toBeNull();
    await user.type(screen.getByLabelText("PIN"), "41100001");
    expect(container.querySelector(".form-text")).toHaveTextContent("8 / 10");
  });

  it("tells screen readers nothing while far from the limit", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Field maxLength={200} />);
    await user.type(screen.getByLabelText("Note"), "Leave at the gate");
    act(() => vi.advanceTimersByTime(2000));
    expect(liveRegion()).toHaveTextContent("");
  });

  it("near the limit, tells how many characters are left once typing pauses, not at each key", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Field maxLength={20} start="Leave at the" />);
    const input = screen.getByLabelText("Note");
    await user.type(input, " ga");
    expect(liveRegion()).toHaveTextContent("");
    act(() => vi.advanceTimersByTime(1000));
    expect(liveRegion()).toHaveTextContent("5 characters left");
    await user.type(input, "tes");
    expect(liveRegion()).toHaveTextContent("5 characters left");
    act(() => vi.advanceTimersByTime(1000));
    expect(liveRegion()).toHaveTextContent("2 characters left");
    await user.type(input, "!!!");
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("20 / 20")).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent("No characters left");
  });

  it("at the limit, shows the count in the text's colour and the field as valid: a full field is no error", () => {
    render(<Field maxLength={6} start="Nashik" />);
    const count = screen.getByText("6 / 6");
    expect(count.className).not.toMatch(/danger|invalid|warning/);
    expect(count).toHaveClass("text-body");
    expect(screen.getByLabelText("Note")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Note")).not.toHaveClass("is-invalid");
  });

  it("counts in Hindi too", async () => {
    await setLanguage("hi");
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Field maxLength={20} start="गेट पर छोड़ दें" />);
    expect(screen.getByLabelText("Note")).toHaveAccessibleDescription("For the courier.");
    await user.type(screen.getByLabelText("Note"), "!");
    expect(screen.getByText("16 / 20")).toBeInTheDocument();
    expect(screen.getByLabelText("Note")).toHaveAccessibleDescription("For the courier. ज़्यादा से ज़्यादा 20 अक्षर");
    act(() => vi.advanceTimersByTime(1000));
    expect(liveRegion()).toHaveTextContent("4 अक्षर बचे हैं");
  });

  it("has no counter without a limit", () => {
    render(<Field />);
    expect(screen.queryByText(/\d+ \/ \d+/)).not.toBeInTheDocument();
    expect(liveRegion()).toBeNull();
    expect(document.querySelector(".form-text")).toHaveTextContent("For the courier.");
  });
});
