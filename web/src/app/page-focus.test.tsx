import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useRef, useState } from "react";
import { Link, type Location, MemoryRouter, Route, Routes, useLocation, useNavigate, useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { usePageFocus } from "./page-focus.ts";

/** A list with its search field, sort box and page links. */
function List() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>{`Products, page ${params.get("page") ?? 1}`}</h1>
      <label>
        Keyword
        <input value={params.get("keyword") ?? ""} onChange={(event) => setParams({ keyword: event.target.value })} />
      </label>
      <Link to="/product/1">Neem oil</Link>
      <Link to="/?page=2">Page 2</Link>
    </>
  );
}

/** A product whose heading comes with its answer, after a loading heading. */
function Product() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? (
    <h1 key="product">Neem oil</h1>
  ) : (
    <>
      <h1 key="loading">Product details</h1>
      <button type="button" onClick={() => setLoaded(true)}>
        Answer
      </button>
    </>
  );
}

/** A screen that puts the focus on its own field. */
function SignIn() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <>
      <h1>Sign In</h1>
      <label>
        Email
        <input ref={field} />
      </label>
    </>
  );
}

function Shell() {
  usePageFocus();
  return <Screens />;
}

/** The hook where the layout has it: its code comes after the first page ("Start" brings it). */
function LateShell() {
  const location = useLocation();
  const [openedAt] = useState(location);
  const [started, setStarted] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setStarted(true)}>
        Start
      </button>
      {started && <PageFocus openedAt={openedAt} />}
      <Screens />
    </>
  );
}

function PageFocus({ openedAt }: { openedAt: Location }) {
  usePageFocus(openedAt);
  return null;
}

function Screens() {
  const navigate = useNavigate();
  return (
    <>
      <header>
        <Link to="/cart">Cart</Link>
        <Link to="/login">Login</Link>
        <Link to="#main">Skip</Link>
        <button type="button" onClick={() => navigate(-1)}>
          Back
        </button>
      </header>
      <main>
        <Routes>
          <Route path="/" element={<List />} />
          <Route path="/product/:id" element={<Product />} />
          <Route path="/cart" element={<h1>Shopping Cart</h1>} />
          <Route path="/login" element={<SignIn />} />
        </Routes>
      </main>
    </>
  );
}

function renderAt(url = "/", shell = <Shell />) {
  const user = userEvent.setup();
  render(<MemoryRouter initialEntries={[url]}>{shell}</MemoryRouter>);
  return user;
}

const heading = (name: string) => screen.getByRole("heading", { level: 1, name });

describe("usePageFocus", () => {
  it("leaves the first page's focus alone", () => {
    renderAt("/");
    expect(document.body).toHaveFocus();
    expect(heading("Products, page 1")).not.toHaveAttribute("tabindex");
  });

  it("after a page change, puts the focus on the new screen's heading, made focusable out of the Tab order", async () => {
    const user = renderAt("/");
    await user.click(screen.getByRole("link", { name: "Cart" }));
    expect(heading("Shopping Cart")).toHaveFocus();
    expect(heading("Shopping Cart")).toHaveAttribute("tabindex", "-1");
  });

  it("follows a heading that arrives later, and comes back to the list's heading after Back", async () => {
    const user = renderAt("/");
    await user.click(screen.getByRole("link", { name: "Neem oil" }));
    expect(heading("Product details")).toHaveFocus();
    // The product's answer replaces the loading heading: the focus goes to the product's name.
    await act(async () => screen.getByRole("button", { name: "Answer" }).click());
    expect(heading("Neem oil")).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(heading("Products, page 1")).toHaveFocus();
  });

  it("leaves the focus where a screen puts it itself", async () => {
    const user = renderAt("/");
    await user.click(screen.getByRole("link", { name: "Login" }));
    expect(screen.getByLabelText("Email")).toHaveFocus();
  });

  it("keeps the focus in a field whose typing changes the list's query", async () => {
    const user = renderAt("/");
    await user.type(screen.getByLabelText("Keyword"), "urea");
    expect(screen.getByLabelText("Keyword")).toHaveFocus();
    expect(screen.getByLabelText("Keyword")).toHaveValue("urea");
  });

  it("moves the focus from a page link of the list to its heading", async () => {
    const user = renderAt("/");
    await user.click(screen.getByRole("link", { name: "Page 2" }));
    expect(heading("Products, page 2")).toHaveFocus();
  });

  it("leaves a move to a hash on the same page (the skip link's) to the browser", async () => {
    const user = renderAt("/");
    await user.click(screen.getByRole("link", { name: "Skip" }));
    expect(screen.getByRole("link", { name: "Skip" })).toHaveFocus();
  });

  it("puts the focus on the heading of a page changed to before its code came", async () => {
    const user = renderAt("/", <LateShell />);
    await user.click(screen.getByRole("link", { name: "Cart" }));
    expect(heading("Shopping Cart")).not.toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(heading("Shopping Cart")).toHaveFocus();
  });

  it("leaves the focus alone when its code comes on the first page", async () => {
    const user = renderAt("/", <LateShell />);
    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(screen.getByRole("button", { name: "Start" })).toHaveFocus();
    expect(heading("Products, page 1")).not.toHaveAttribute("tabindex");
  });

  it("stops following the heading once the user acts", async () => {
    const user = renderAt("/");
    await user.click(screen.getByRole("link", { name: "Neem oil" }));
    expect(heading("Product details")).toHaveFocus();
    await user.keyboard("{Shift}");
    await act(async () => screen.getByRole("button", { name: "Answer" }).click());
    expect(heading("Neem oil")).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });
});
