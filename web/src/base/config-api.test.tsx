import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody } from "../testing/factories.ts";
import { fakeApi } from "../testing/fake-api.ts";
import { renderApp } from "../testing/render-app.tsx";
import { configApi, useImageConfig } from "./config-api.ts";

function Images({ name }: { name: string }) {
  const images = useImageConfig();
  return <p>{images ? `${name}: ${images.base}` : `${name}: loading`}</p>;
}

function Screen() {
  const [more, setMore] = useState(false);
  return (
    <>
      <Images name="first" />
      {more && <Images name="second" />}
      <button type="button" onClick={() => setMore(true)}>
        more
      </button>
    </>
  );
}

describe("useImageConfig", () => {
  it("keeps the defaults after /api/config failed, while a newly mounted reader asks again", async () => {
    // The first answer fails; the next one does not come while the test looks.
    const calls = fakeApi((call) =>
      calls.length > 1 && call.path === "/api/config"
        ? new Promise(() => {})
        : { status: 500, body: anErrorBody("server_error", "A server error occurred.") },
    );
    const { user } = renderApp(<Screen />, {
      seed: (s) => s.dispatch(configApi.util.resetApiState()),
    });
    expect(await screen.findByText("first: /media/")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "more" }));
    await vi.waitFor(() => expect(calls.filter((call) => call.path === "/api/config")).toHaveLength(2));
    expect(await screen.findByText("second: /media/")).toBeInTheDocument();
    expect(screen.getByText("first: /media/")).toBeInTheDocument();
  });
});
