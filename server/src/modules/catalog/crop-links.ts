import type { CropProblemInput, CropProblemRef, CropRef, ProductKind } from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Writer } from "./columns.ts";

/**
 * A product's crops, problems and label claim, kept by the crops module (it owns the link tables):
 * the catalogue owns products and asks through this port, which app.ts fills. Without it (a test
 * or a tool that builds the catalogue alone) a product has no links (noCropLinks).
 */

/** What the product form says of its crops: each absent field is kept. */
export interface CropLinksInput {
  /** The crops it serves, by slug. */
  crops?: readonly string[] | undefined;
  /** The crops' problems it treats ({crop, problem} slugs): each pair one of the crop's problems; its crop is added to `crops`. */
  problems?: readonly CropProblemInput[] | undefined;
  /** A pesticide's label claim: the crop–pest pairs its registration names (crop and problem must exist). */
  labelClaims?: readonly CropProblemInput[] | undefined;
}

/** A product's links as its page shows them. */
export interface ProductLinks {
  crops: CropRef[];
  problems: CropProblemRef[];
  labelClaims: CropProblemRef[];
}

/** The product being written, as the links' rules need it. */
export interface LinkedProduct {
  id: number;
  name: string;
  kind: ProductKind;
}

/**
 * Why a product's links are refused (a part of the catalogue's ProductWriteFailure): `field` is the
 * input's (`crops`, `problems`, `labelClaims`).
 */
export type CropLinkFailure =
  | { kind: "crop-unknown"; field: string; value: string }
  | { kind: "problem-unknown"; field: string; value: string }
  | { kind: "crop-problem-unknown"; field: string; crop: string; problem: string }
  | {
      kind: "label-claim-missing";
      product: string;
      crop: { slug: string; name: string };
      problem: { slug: string; name: string };
    };

export interface ProductCropLinks {
  /**
   * Writes a product's links in its write's transaction (the product row locked) and checks them:
   * a pesticide may be linked only to the pairs of its label claim. A refusal is thrown as a
   * Refusal<CropLinkFailure>, so that the whole write rolls back.
   */
  write(trx: Transaction<Database>, product: LinkedProduct, input: CropLinksInput): Promise<void>;
  /** The links of these products (those without any are not in the map). */
  linksOf(db: Writer, productIds: readonly number[]): Promise<Map<number, ProductLinks>>;
  /**
   * The words these products' links add to their search text: each crop's and problem's name,
   * Hindi name and aliases (a problem's crop's too). Products without links are not in the map.
   */
  wordsOf(db: Writer, productIds: readonly number[]): Promise<Map<number, string[]>>;
}

/** No crops module: nothing is linked (what a write asks of links is left unwritten). */
export const noCropLinks: ProductCropLinks = {
  async write() {},
  linksOf: async () => new Map(),
  wordsOf: async () => new Map(),
};

/** A product without links. */
export const noLinks = (): ProductLinks => ({ crops: [], problems: [], labelClaims: [] });
