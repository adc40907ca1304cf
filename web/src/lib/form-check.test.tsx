import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TextField } from "../components/text-field.tsx";
import { setLanguage } from "../i18n/index.ts";
import { useFormCheck } from "./form-check.ts";

const sources = import.meta.glob<string>(["../**/*.tsx", "!../**/*.test.tsx", "!../testing/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Every `<form …>` opening tag of the app's code, with its file. */
function formTags(): { file: string; tag: string }[] {
  return Object.entries(sources).flatMap(([file, source]) =>
    [...source.matchAll(/<form\b[^>]*>/g)].map((match) => ({ file, tag: match[0].replace(/\s+/g, " ") })),
  );
}

describe("the app's forms", () => {
  it("are all checked by the shop, not by the browser's bubble (noValidate), but for the search boxes", () => {
    const tags = formTags();
    expect(tags.length).toBeGreaterThan(20);
    // A search form's only field is a search box nothing requires: the browser has nothing to say about it.
    const browserChecked = tags.filter(({ tag }) => !/noValidate|formProps\(/.test(tag) && !/role="search"/.test(tag));
    expect(browserChecked).toEqual([]);
  });
});

function Form({ onSend }: { onSend: () => void }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [note, setNote] = useState("");
  const { refused, formProps } = useFormCheck();
  return (
    <form
      {...formProps((event) => {
        event.preventDefault();
        onSend();
      })}
    >
      <TextField id="name" label="Name" required value={name} onChange={setName} errors={refused.name} />
      <TextField id="email" label="Email" type="email" value={email} onChange={setEmail} errors={refused.email} />
      <TextField id="note" label="Note" value={note} onChange={setNote} errors={refused.note} />
      <button type="submit">Send</button>
    </form>
  );
}

describe("useFormCheck", () => {
  afterEach(async () => {
    await setLanguage("en");
  });

  it("says under each refused field what is wrong, in the shop's words, moves to the first and sends nothing", async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<Form onSend={onSend} />);
    expect(screen.getByRole("button", { name: "Send" }).closest("form")).toHaveAttribute("novalidate");
    await user.type(screen.getByLabelText("Email"), "asha");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Please fill in this field.");
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Enter a valid email address.");
    expect(screen.getByLabelText("Note")).not.toHaveAccessibleDescription();
    expect(onSend).not.toHaveBeenCalled();
  });

  it("drops a field's message once it is corrected, and sends the form when every field passes", async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<Form onSend={onSend} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await user.type(screen.getByLabelText("Name"), "Asha");
    expect(screen.getByLabelText("Name")).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("speaks the shop's language: Hindi when the shop is in Hindi", async () => {
    await setLanguage("hi");
    const user = userEvent.setup();
    render(<Form onSend={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("कृपया यह जानकारी भरें।");
  });
});
