import type { Problem, StaffCrop, StaffCrops } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { CropsScreen } from "./crops-screen.tsx";
import { DashboardScreen } from "./dashboard-screen.tsx";

const whitefly: Problem = {
  slug: "whitefly",
  kind: "pest",
  name: "Whitefly",
  nameHi: "सफ़ेद मक्खी",
  symptoms: "Yellowing leaves, sticky honeydew.",
  symptomsHi: "पत्तियाँ पीली, चिपचिपा रस।",
  image: "",
  aliases: ["safed makhi"],
};
const bollworm: Problem = { ...whitefly, slug: "pink-bollworm", name: "Pink bollworm", nameHi: "गुलाबी सुंडी", aliases: [] };
const cotton: StaffCrop = {
  slug: "cotton",
  name: "Cotton",
  nameHi: "कपास",
  image: "crops/cotton.webp",
  seasons: ["kharif"],
  stages: [
    { slug: "vegetative", name: "Vegetative", nameHi: "वानस्पतिक" },
    { slug: "boll-formation", name: "Boll formation", nameHi: "टिंडे बनना" },
  ],
  aliases: ["kapas", "narma"],
  position: 3,
  problems: [{ problem: "whitefly", stage: "vegetative" }],
};
const CROPS: StaffCrops = { crops: [cotton], problems: [whitefly, bollworm] };

function renderScreen(answer: (call: FakeCall) => FakeAnswer = (call) => ({ body: call.method === "GET" ? CROPS : cotton })) {
  const calls = fakeApi(answer);
  const rendered = renderApp(<CropsScreen />, {
    url: "/admin/crops",
    path: "/admin/crops",
    preloadedState: { auth: signedIn(aStaffUser()) },
  });
  return { ...rendered, calls };
}

describe("the staff's crops and problems", () => {
  it("lists the crops with their seasons, stages and problems, and the problems with their crops", async () => {
    renderScreen();
    const crops = await screen.findByRole("list", { name: "Crops" });
    const [crop] = within(crops).getAllByRole("listitem") as [HTMLElement];
    expect(crop).toHaveTextContent("Cotton/crop/cotton");
    expect(crop).toHaveTextContent("SeasonsKharif (monsoon sowing)");
    expect(crop).toHaveTextContent("Growth stagesVegetative, Boll formation");
    expect(crop).toHaveTextContent("Its problemsWhitefly");
    const problems = within(screen.getByRole("list", { name: "Problems" })).getAllByRole("listitem");
    expect(problems.map((item) => item.textContent)).toEqual([
      "WhiteflyPest (insect, mite)CropsCottonEdit WhiteflyDelete Whitefly",
      "Pink bollwormPest (insect, mite)CropsNoneEdit Pink bollwormDelete Pink bollworm",
    ]);
  });

  it("adds a crop with its names, seasons, stages, other names, place and problems at their stages", async () => {
    const { calls, user } = renderScreen();
    const form = await screen.findByRole("form", { name: "Add a crop" });
    await user.type(within(form).getByLabelText("Address (slug)"), "Wheat");
    await user.type(within(form).getByLabelText("Name"), "Wheat");
    await user.type(within(form).getByLabelText("Name in Hindi"), "गेहूँ");
    await user.type(within(form).getByLabelText("Image path"), "crops/wheat.webp");
    await user.click(within(form).getByLabelText("Rabi (winter sowing)"));
    await user.click(within(form).getByRole("button", { name: "Add a stage" }));
    await user.type(within(form).getByLabelText("Stage 1: slug"), "tillering");
    await user.type(within(form).getByLabelText("Stage 1: name"), "Tillering");
    await user.type(within(form).getByLabelText("Stage 1: name in Hindi"), "कल्ले निकलना");
    await user.click(within(form).getByRole("button", { name: "Add a stage" }));
    await user.type(within(form).getByLabelText("Stage 2: slug"), "heading");
    await user.click(within(form).getByRole("button", { name: "Remove stage 2" }));
    await user.type(within(form).getByLabelText("Other names"), "gehu, gehun ,");
    await user.type(within(form).getByLabelText("Place in lists"), "1");
    await user.click(within(form).getByLabelText("Pink bollworm"));
    await user.click(within(form).getByLabelText("Whitefly"));
    await user.selectOptions(within(form).getByLabelText("Stage of Whitefly"), "Tillering");
    await user.click(within(form).getByRole("button", { name: "Add crop" }));
    expect(await within(form).findByText("Crop saved.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")).toEqual(
      expect.objectContaining({
        path: "/api/staff/crops/",
        body: {
          slug: "wheat",
          name: "Wheat",
          nameHi: "गेहूँ",
          image: "crops/wheat.webp",
          seasons: ["rabi"],
          stages: [{ slug: "tillering", name: "Tillering", nameHi: "कल्ले निकलना" }],
          aliases: ["gehu", "gehun"],
          position: 1,
          // In the problems' order, whatever the order ticked.
          problems: [
            { problem: "whitefly", stage: "tillering" },
            { problem: "pink-bollworm", stage: "" },
          ],
        },
      }),
    );
    expect(within(form).getByLabelText("Name")).toHaveValue("");
  });

  it("shows the server's refusals under their fields: an address taken, a stage's slug malformed", async () => {
    const refusal = anErrorBody("crop_invalid", "slug: Another crop already has this address.", {
      slug: [{ code: "crop_slug_taken", message: "Another crop already has this address." }],
      "stages.0.slug": [{ code: "slug_invalid", message: "Use lower-case letters." }],
    });
    const { user } = renderScreen((call) => (call.method === "POST" ? { status: 400, body: refusal } : { body: CROPS }));
    const form = await screen.findByRole("form", { name: "Add a crop" });
    await user.type(within(form).getByLabelText("Address (slug)"), "cotton");
    await user.type(within(form).getByLabelText("Name"), "Cotton again");
    await user.click(within(form).getByRole("button", { name: "Add a stage" }));
    await user.type(within(form).getByLabelText("Stage 1: slug"), "boll_formation");
    await user.click(within(form).getByRole("button", { name: "Add crop" }));
    const slug = within(form).getByLabelText("Address (slug)");
    await vi.waitFor(() => expect(slug).toHaveAttribute("aria-invalid", "true"));
    expect(slug).toHaveAccessibleDescription(expect.stringContaining("Another crop already has this address."));
    expect(within(form).getByLabelText("Stage 1: slug")).toHaveAccessibleDescription(
      "Use lower-case letters, digits and single hyphens (2 to 60), as in “stem-borer”.",
    );
    expect(within(form).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(form).queryByText("Crop saved.")).not.toBeInTheDocument();
  });

  it("edits a crop from its fields under its old address, and deletes one once confirmed", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { calls, user } = renderScreen();
    await user.click(await screen.findByRole("button", { name: "Edit Cotton" }));
    const form = await screen.findByRole("form", { name: "Change Cotton" });
    expect(within(form).getByLabelText("Other names")).toHaveValue("kapas, narma");
    expect(within(form).getByLabelText("Kharif (monsoon sowing)")).toBeChecked();
    expect(within(form).getByLabelText("Stage of Whitefly")).toHaveDisplayValue("Vegetative");
    await user.clear(within(form).getByLabelText("Address (slug)"));
    await user.type(within(form).getByLabelText("Address (slug)"), "kapas");
    // The stage a problem appears at follows its slug.
    await user.clear(within(form).getByLabelText("Stage 1: slug"));
    await user.type(within(form).getByLabelText("Stage 1: slug"), "veg");
    await user.click(within(form).getByRole("button", { name: "Save crop" }));
    await screen.findByRole("form", { name: "Add a crop" });
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/staff/crops/cotton/",
      body: { slug: "kapas", position: 3, problems: [{ problem: "whitefly", stage: "veg" }] },
    });

    await user.click(screen.getByRole("button", { name: "Delete Cotton" }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === "DELETE" && call.path === "/api/staff/crops/cotton/")).toBe(true));
  });

  it("adds a problem with its kind, names, symptoms and other names", async () => {
    const { calls, user } = renderScreen((call) => ({ body: call.method === "GET" ? CROPS : whitefly }));
    const form = await screen.findByRole("form", { name: "Add a problem" });
    await user.type(within(form).getByLabelText("Address (slug)"), "yellow-rust");
    await user.selectOptions(within(form).getByLabelText("Kind of problem"), "Disease (fungus, bacterium, virus)");
    await user.type(within(form).getByLabelText("Name"), "Yellow rust");
    await user.type(within(form).getByLabelText("Name in Hindi"), "पीला रतुआ");
    await user.type(within(form).getByLabelText("Symptoms"), "Yellow stripes of powder on the leaves.");
    await user.type(within(form).getByLabelText("Symptoms in Hindi"), "पत्तियों पर पीले चूर्ण की धारियाँ।");
    await user.type(within(form).getByLabelText("Other names"), "ratua, peela ratua");
    await user.click(within(form).getByRole("button", { name: "Add problem" }));
    expect(await within(form).findByText("Problem saved.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: "/api/staff/problems/",
      body: {
        slug: "yellow-rust",
        kind: "disease",
        name: "Yellow rust",
        nameHi: "पीला रतुआ",
        symptoms: "Yellow stripes of powder on the leaves.",
        symptomsHi: "पत्तियों पर पीले चूर्ण की धारियाँ।",
        image: "",
        aliases: ["ratua", "peela ratua"],
      },
    });
  });

  it("is reached from the dashboard", async () => {
    fakeApi(() => ({ status: 403, body: anErrorBody("permission_denied", "No.") }));
    renderApp(<DashboardScreen />, { url: "/admin", path: "/admin", preloadedState: { auth: signedIn(aStaffUser()) } });
    expect(await screen.findByRole("link", { name: "Crops and problems" })).toHaveAttribute("href", "/admin/crops");
  });
});
