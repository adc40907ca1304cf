import { badRequest, conflict, fieldError, type HttpError, notFound, problem } from "../../lib/errors.ts";
import {
  CIBRC_REQUIRED,
  IMAGE_NOT_FOUND,
  type ImageFailure,
  LABEL_TAKEN,
  MRP_BELOW_PRICE,
  PACK_NOT_FOUND,
  type ProductWriteFailure,
  SKU_TAKEN,
  STOCK_MOVED,
} from "./admin.ts";
import { ALREADY_REVIEWED, PRODUCT_NOT_FOUND, type ProductNotFound, type ReviewFailure } from "./service.ts";
import type { VocabularyFailure } from "./vocabulary.ts";

/** What the catalogue's refusals answer (its routes, answers.ts and the staff's routes). */

const BLANK = "This field may not be blank.";

/** A product asked for by id that is not there. */
export const productNotFound = (_failure?: ProductNotFound): HttpError => notFound("product_not_found", PRODUCT_NOT_FOUND);

export function reviewRefusal(failure: ReviewFailure): HttpError {
  switch (failure.kind) {
    case "product-not-found":
      return productNotFound();
    case "already-reviewed":
      return conflict("already_reviewed", ALREADY_REVIEWED);
  }
}

/** What staff are told when a product's edit is refused (`variants.{i}.…` names the pack sent). */
export function productEditRefusal(failure: ProductWriteFailure): HttpError {
  switch (failure.kind) {
    case "product-not-found":
      return productNotFound();
    case "name-blank":
      return fieldError("field_invalid", "name", problem("blank", BLANK));
    case "category-blank":
      return fieldError("field_invalid", "category", problem("blank", BLANK));
    case "category-not-found": {
      const { id } = failure;
      return badRequest(
        "category_not_found",
        `category: No category with id ${id}.`,
        { category: [problem("category_not_found", `No category with id ${id}.`, { category: id })] },
        { category: id },
      );
    }
    case "cibrc-required":
      return fieldError("field_invalid", "label.cibrcNumber", problem("cibrc_number_required", CIBRC_REQUIRED));
    case "pack-label-taken":
      return fieldError("field_invalid", `variants.${failure.index}.label`, problem("pack_label_taken", LABEL_TAKEN));
    case "pack-not-found":
      return fieldError("field_invalid", `variants.${failure.index}.id`, problem("pack_not_found", PACK_NOT_FOUND));
    case "mrp-below-price":
      return fieldError("field_invalid", `variants.${failure.index}.mrp`, problem("mrp_below_price", MRP_BELOW_PRICE));
    case "sku-taken": {
      // Without a pack's place: another edit took the SKU while this one was written.
      const field = failure.index === undefined ? "variants" : `variants.${failure.index}.sku`;
      return fieldError("field_invalid", field, problem("sku_taken", SKU_TAKEN));
    }
    case "stock-moved":
      return conflict("stock_moved", STOCK_MOVED);
    case "crop-unknown": {
      const detail = `There is no crop “${failure.value}”.`;
      return fieldError("field_invalid", failure.field, problem("crop_unknown", detail, { value: failure.value }));
    }
    case "problem-unknown": {
      const detail = `There is no problem “${failure.value}”.`;
      return fieldError("field_invalid", failure.field, problem("problem_unknown", detail, { value: failure.value }));
    }
    case "crop-problem-unknown": {
      const { crop, problem: pest } = failure;
      const detail = `“${pest}” is not one of the problems of “${crop}”.`;
      return fieldError("field_invalid", failure.field, problem("crop_problem_unknown", detail, { crop, problem: pest }));
    }
    case "label-claim-missing": {
      const { crop, problem: pest } = failure;
      const detail = `${failure.product}'s label claim does not name ${pest.name.toLowerCase()} on ${crop.name.toLowerCase()}.`;
      const params = { crop: crop.slug, problem: pest.slug };
      return badRequest("label_claim_missing", detail, { problems: [problem("label_claim_missing", detail, params)] }, params);
    }
  }
}

/** What staff are told when a product's image is not added, removed or reordered. */
export function imageRefusal(failure: ImageFailure): HttpError {
  switch (failure.kind) {
    case "product-not-found":
      return productNotFound();
    case "image-rejected":
      return badRequest("image_rejected", failure.message, { image: [problem(failure.code, failure.message)] });
    case "image-not-found":
      return notFound("image_not_found", IMAGE_NOT_FOUND);
    case "image-order-invalid": {
      const detail = "List every image of this product exactly once.";
      return badRequest("image_order_invalid", detail, { images: [problem("image_order_invalid", detail)] });
    }
  }
}

/** What staff are told when a change to the search vocabulary is refused. */
export function vocabularyRefusal(failure: VocabularyFailure): HttpError {
  switch (failure.kind) {
    case "word-unsearchable": {
      const detail = `“${failure.word}” has no letters or digits to search by.`;
      return fieldError("vocabulary_invalid", "words", problem("vocabulary_word_unsearchable", detail, { word: failure.word }));
    }
    case "too-few-words":
      return fieldError("vocabulary_invalid", "words", problem("vocabulary_too_few_words", "A group needs at least two different words."));
    case "too-many-groups": {
      const { max } = failure;
      const detail = `The vocabulary may have at most ${max} groups.`;
      return fieldError("vocabulary_invalid", "non_field_errors", problem("vocabulary_too_many_groups", detail, { max }));
    }
    case "group-not-found":
      return notFound("vocabulary_group_not_found", "No vocabulary group matches the given query.", { id: failure.id });
  }
}
