import type { ProductImage } from "@krishi/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, aProduct, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { fakeXhr } from "../../testing/fake-xhr.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductEditScreen } from "./product-edit-screen.tsx";
import { DELETE_IMAGE } from "./product-images-editor.tsx";

const FRONT = { id: 1, image: "images/paddy.webp" };
const BACK = { id: 2, image: "images/paddy-2.webp" };
const BAG = { id: 3, image: "images/paddy-3.webp" };

function renderEdit() {
  return renderApp(<ProductEditScreen />, {
    url: "/admin/product/7/edit",
    path: "/admin/product/:id/edit",
    preloadedState: { auth: signedIn(aStaffUser()) },
  });
}

/** The product (with `images`, which `change` may replace) and the categories; other calls get `other`. */
function fakeProductApi(images: ProductImage[], other: (call: FakeCall) => FakeAnswer = () => ({ status: 500 })) {
  let current = images;
  const calls = fakeApi((call) => {
    if (call.path === "/api/products/category/") return { body: [{ id: 2, name: "Seeds" }] };
    if (call.method === "GET") return { body: aProduct({ images: current }) };
    return other(call);
  });
  return { calls, change: (next: ProductImage[]) => (current = next) };
}

const P1 = "/media/paddy-w320.webp";
const P2 = "/media/paddy-2-w320.webp";
const P3 = "/media/paddy-3-w320.webp";

/** Waits until the previews' addresses are `expected`, in order. */
async function expectPreviews(expected: string[]) {
  await vi.waitFor(() => {
    const images = screen.queryAllByRole("img", { name: /^Image \d of / });
    expect(images.map((img) => img.getAttribute("src"))).toEqual(expected);
  });
}

const png = (name: string) => new File(["not really a png"], name, { type: "image/png" });

describe("product images", () => {
  it("shows the images in order, as previews from the image base", async () => {
    fakeProductApi([FRONT, BACK]);
    renderEdit();
    await expectPreviews([P1, P2]);
    const first = screen.getByRole("group", { name: "Image 1" });
    expect(within(first).getByRole("button", { name: "Move up" })).toBeDisabled();
    expect(within(screen.getByRole("group", { name: "Image 2" })).getByRole("button", { name: "Move down" })).toBeDisabled();
  });

  it("moves an image down with the new order of every image, then shows it", async () => {
    const api = fakeProductApi([FRONT, BACK], () => {
      api.change([BACK, FRONT]);
      return { body: { product: 7, images: [BACK, FRONT] } };
    });
    const { user } = renderEdit();
    await expectPreviews([P1, P2]);
    await user.click(within(screen.getByRole("group", { name: "Image 1" })).getByRole("button", { name: "Move down" }));
    await expectPreviews([P2, P1]);
    expect(api.calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/products/7/images/order/",
      body: { images: [2, 1] },
      authorization: "Bearer access-1",
    });
  });

  it("deletes an image once the question is answered OK, and keeps it otherwise", async () => {
    const api = fakeProductApi([FRONT, BACK], () => {
      api.change([FRONT]);
      return { body: { product: 7, images: [FRONT] } };
    });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderEdit();
    await expectPreviews([P1, P2]);
    const deleteSecond = () => within(screen.getByRole("group", { name: "Image 2" })).getByRole("button", { name: "Delete image" });
    await user.click(deleteSecond());
    expect(confirm).toHaveBeenLastCalledWith(DELETE_IMAGE);
    expect(api.calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(deleteSecond());
    await expectPreviews([P1]);
    expect(api.calls.find((call) => call.method === "DELETE")).toMatchObject({ path: "/api/products/images/2/" });
  });

  it("uploads an image with a preview and a progress bar, then shows it and reads the product again", async () => {
    const sent = fakeXhr();
    const api = fakeProductApi([FRONT]);
    const { user } = renderEdit();
    await expectPreviews([P1]);
    await user.upload(screen.getByLabelText("Upload image"), png("bag.png"));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const request = sent[0];
    if (!request) throw new Error("nothing sent");
    expect(request).toMatchObject({ method: "POST", url: "/api/products/upload/", headers: { Authorization: "Bearer access-1" } });
    expect(request.field("product_id")).toBe("7");
    expect(request.field("image")).toBe("bag.png");
    expect(await screen.findByRole("img", { name: "Preview of bag.png" })).toHaveAttribute("src", expect.stringMatching(/^blob:/));

    request.progress(30, 60);
    expect(await screen.findByRole("progressbar", { name: "Uploading bag.png" })).toHaveAttribute("aria-valuenow", "50");

    api.change([FRONT, BAG]);
    await request.respond(201, { product: 7, images: [FRONT, BAG] });
    await expectPreviews([P1, P3]);
    await vi.waitFor(() => expect(screen.queryByRole("progressbar")).not.toBeInTheDocument());
    await vi.waitFor(() => expect(api.calls.filter((call) => call.path === "/api/products/7/")).toHaveLength(2));
  });

  it("uploads several files one after another", async () => {
    const sent = fakeXhr();
    fakeProductApi([FRONT]);
    const { user } = renderEdit();
    await expectPreviews([P1]);
    await user.upload(screen.getByLabelText("Upload image"), [png("one.png"), png("two.png")]);
    expect(await screen.findByText("Uploading one.png (1 of 2)")).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await sent[0]?.respond(201, { product: 7, images: [FRONT, BACK] });
    expect(await screen.findByText("Uploading two.png (2 of 2)")).toBeInTheDocument();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.field("image")).toBe("two.png");
  });

  it("shows the server's detail when an upload is refused", async () => {
    const sent = fakeXhr();
    fakeProductApi([FRONT]);
    const { user } = renderEdit();
    await expectPreviews([P1]);
    await user.upload(screen.getByLabelText("Upload image"), png("huge.png"));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await sent[0]?.respond(
      413,
      anErrorBody("image_rejected", "The image is larger than 5 MB.", {
        image: [{ code: "image_too_large", message: "The image is larger than 5 MB." }],
      }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("huge.png: The image is larger than 5 MB.");
  });

  it("renews an expired session once and sends the image again", async () => {
    const sent = fakeXhr();
    const api = fakeProductApi([FRONT], (call) =>
      call.path === "/api/users/dj-rest-auth/token/refresh/" ? { body: { access: "access-2", refresh: "refresh-2" } } : { status: 500 },
    );
    const { user, store } = renderEdit();
    await expectPreviews([P1]);
    await user.upload(screen.getByLabelText("Upload image"), png("bag.png"));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await sent[0]?.respond(401, anErrorBody("token_not_valid", "Given token not valid for any token type"));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.headers.Authorization).toBe("Bearer access-2");
    expect(api.calls.find((call) => call.method === "POST")?.body).toEqual({ refresh: "refresh-1" });
    expect(store.getState().auth.access).toBe("access-2");
    api.change([FRONT, BAG]);
    await sent[1]?.respond(201, { product: 7, images: [FRONT, BAG] });
    await expectPreviews([P1, P3]);
  });

  it("refuses a file that is not a JPEG, PNG or WebP image without sending it", async () => {
    const sent = fakeXhr();
    fakeProductApi([FRONT]);
    renderEdit();
    await expectPreviews([P1]);
    const notes = new File(["%PDF"], "notes.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByLabelText("Upload image"), { target: { files: [notes] } });
    expect(await screen.findByRole("alert")).toHaveTextContent("notes.pdf is not a JPEG, PNG or WebP image.");
    expect(sent).toEqual([]);
  });
});
