import { session } from "../../base/api.ts";
import type { AppStore } from "../../base/store.ts";
import { errorNotice } from "../../lib/api-error.ts";
import type { Notice } from "../../lib/notice.ts";
import type { ProductImages } from "./admin-api.ts";

/** What the server takes (it checks again): JPEG, PNG or WebP, 5 MB at most. */
export const IMAGE_TYPES = "image/jpeg,image/png,image/webp";
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const UPLOAD_URL = "/api/products/upload/";

/** Why `file` cannot be uploaded, or null when it can. */
export function imageProblem(file: File): Notice | null {
  if (!IMAGE_TYPES.split(",").includes(file.type))
    return { message: "{file} is not a JPEG, PNG or WebP image.", values: { file: file.name } };
  if (file.size > MAX_IMAGE_BYTES) return { message: "{file} is larger than 5 MB.", values: { file: file.name } };
  return null;
}

/** An upload the server refused, or that could not be sent: what to tell. */
export class UploadFailed extends Error {
  constructor(readonly notice: Notice) {
    super(notice.message);
    this.name = "UploadFailed";
  }
}

type SessionStore = Pick<AppStore, "getState" | "dispatch">;

/**
 * POST /api/products/upload/ (multipart: product_id and image) → 201 {product, images}.
 * `onProgress` hears the percentage sent. As the base query does, a 401 renews the session once
 * and the upload starts again with the new token. Throws UploadFailed saying why it failed.
 */
export async function uploadImage(store: SessionStore, product: number, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append("product_id", String(product));
  form.append("image", file);
  const sentWith = store.getState().auth.access;
  let answer = await send(form, sentWith, onProgress);
  if (answer.status === 401 && (await session.renew(store, sentWith)) === "renewed") {
    onProgress(0);
    answer = await send(form, store.getState().auth.access, onProgress);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.data as ProductImages;
  throw new UploadFailed(errorNotice(answer, "detail"));
}

interface Answer {
  status: number;
  data: unknown;
}

/** XMLHttpRequest rather than fetch: fetch cannot report how much of a request body has been sent. */
function send(form: FormData, access: string | null, onProgress: (percent: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_URL);
    request.setRequestHeader("Accept", "application/json");
    if (access) request.setRequestHeader("Authorization", `Bearer ${access}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve({ status: request.status, data: parseJson(request.responseText) });
    request.onerror = () => reject(new UploadFailed(errorNotice({ status: "FETCH_ERROR" })));
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
