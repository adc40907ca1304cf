import { badRequest, type HttpError, notFound } from "../../lib/errors.ts";
import type { CropFailure } from "./service.ts";

/** What the crops module's refusals answer (its public pages' 404s and staff's edits). */
export function cropRefusal(failure: CropFailure): HttpError {
  switch (failure.kind) {
    case "crop-not-found":
      return notFound("crop_not_found", "No crop matches the given query.", { slug: failure.slug });
    case "problem-not-found":
      return notFound("problem_not_found", "No problem matches the given query.", { slug: failure.slug });
    case "invalid": {
      const first = Object.entries(failure.fields)[0];
      const detail = first ? `${first[0]}: ${first[1][0]?.message ?? ""}` : "Please check the crop.";
      return badRequest("crop_invalid", detail, failure.fields);
    }
  }
}
