import type { VocabularyGroup } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, aStaffSummary, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { DashboardScreen } from "./dashboard-screen.tsx";
import { SearchVocabulary } from "./search-vocabulary.tsx";

const KHAD: VocabularyGroup = { id: 1, words: ["khad", "खाद", "fertiliser"] };
const SPRAYER: VocabularyGroup = { id: 2, words: ["spray pump", "sprayer"] };
const VOCABULARY = "/api/staff/vocabulary/";

/** The editor with the groups `groups` answers; other calls get `other`. */
function renderVocabulary(other: (call: FakeCall) => FakeAnswer = () => ({ status: 500 }), groups = () => [KHAD, SPRAYER]) {
  const calls = fakeApi((call) => (call.method === "GET" && call.path === VOCABULARY ? { body: groups() } : other(call)));
  const rendered = renderApp(<SearchVocabulary />, { url: "/admin", path: "/admin", preloadedState: { auth: signedIn(aStaffUser()) } });
  return { ...rendered, calls };
}

const changes = (calls: FakeCall[]) => calls.filter((call) => !(call.method === "GET" && call.path === VOCABULARY));

afterEach(async () => {
  await setLanguage("en");
});

describe("Search words (dashboard)", () => {
  it("opens from the dashboard, on demand", async () => {
    const calls = fakeApi((call) =>
      call.path === "/api/staff/summary/" ? { body: aStaffSummary() } : call.path === VOCABULARY ? { body: [KHAD] } : { status: 500 },
    );
    const { user } = renderApp(<DashboardScreen />, { url: "/admin", path: "/admin", preloadedState: { auth: signedIn(aStaffUser()) } });
    const open = await screen.findByRole("button", { name: "Edit search words" });
    expect(calls.map((call) => call.path)).not.toContain(VOCABULARY);
    await user.click(open);
    expect(await screen.findByText("khad, खाद, fertiliser")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close search words" })).toHaveAttribute("aria-expanded", "true");
  });

  it("lists the groups, and adds one from words separated by commas", async () => {
    const { user, calls } = renderVocabulary((call) =>
      call.method === "POST" ? { status: 201, body: { id: 3, words: ["beej", "बीज", "seed"] } } : { status: 500 },
    );
    expect(await screen.findByText("spray pump, sprayer")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Add a group of search words" });
    await user.type(within(form).getByLabelText("Words"), " beej, बीज ,, seed ");
    await user.click(within(form).getByRole("button", { name: "Add group" }));
    expect(await within(form).findByText("Search words added.")).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      expect.objectContaining({ method: "POST", path: VOCABULARY, body: { words: ["beej", "बीज", "seed"] } }),
    ]);
    expect(within(form).getByLabelText("Words")).toHaveValue("");
  });

  it("asks for two words before sending, and shows the server's problem with a word under the field", async () => {
    const { user, calls } = renderVocabulary((call) =>
      call.method === "POST"
        ? {
            status: 400,
            body: anErrorBody("vocabulary_invalid", "words: “%%” has no letters or digits to search by.", {
              words: [
                { code: "vocabulary_word_unsearchable", message: "“%%” has no letters or digits to search by.", params: { word: "%%" } },
              ],
            }),
          }
        : { status: 500 },
    );
    const form = await screen.findByRole("form", { name: "Add a group of search words" });
    const field = within(form).getByLabelText("Words");
    await user.type(field, "khad");
    await user.click(within(form).getByRole("button", { name: "Add group" }));
    expect(await within(form).findByText("Write at least two words, separated by commas.")).toBeInTheDocument();
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(changes(calls)).toEqual([]);
    await user.type(field, ", %%");
    await user.click(within(form).getByRole("button", { name: "Add group" }));
    expect(await within(form).findByText("“%%” has no letters or digits to search by.")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
  });

  it("changes a group chosen in the list, and removes one once confirmed", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user, calls } = renderVocabulary((call) =>
      call.method === "PUT"
        ? { body: { id: 1, words: ["khad", "manure"] } }
        : call.method === "DELETE"
          ? { body: { detail: "Vocabulary group removed." } }
          : { status: 500 },
    );
    await user.click(await screen.findByRole("button", { name: "Edit khad" }));
    const form = screen.getByRole("form", { name: "Change the group khad" });
    const field = within(form).getByLabelText("Words");
    expect(field).toHaveValue("khad, खाद, fertiliser");
    await user.clear(field);
    await user.type(field, "khad, manure");
    await user.click(within(form).getByRole("button", { name: "Save group" }));
    expect(await screen.findByRole("form", { name: "Add a group of search words" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete spray pump" }));
    expect(window.confirm).toHaveBeenCalledWith("Delete the group of search words spray pump?");
    await vi.waitFor(() =>
      expect(changes(calls).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
        { method: "PUT", path: `${VOCABULARY}1/`, body: { words: ["khad", "manure"] } },
        { method: "DELETE", path: `${VOCABULARY}2/`, body: undefined },
      ]),
    );
  });

  it("speaks Hindi", async () => {
    await setLanguage("hi");
    renderVocabulary();
    expect(await screen.findByRole("heading", { name: "खोज के शब्दों के समूह" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "khad बदलें" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "खोज के शब्दों का समूह जोड़ें" })).toBeInTheDocument();
  });
});
