import type { ProductLabel, SheetColumnName } from "@krishi/contract";

/** The sheet's label columns and the fields of the product's label they hold (export and import alike). */
export const LABEL_COLUMNS = {
  label_kind: "kind",
  manufacturer: "manufacturer",
  manufacturer_address: "manufacturerAddress",
  country_of_origin: "countryOfOrigin",
  generic_name: "genericName",
  best_before: "bestBefore",
  customer_care: "customerCare",
  cibrc_number: "cibrcNumber",
  seed_variety: "seedVariety",
  seed_lot: "seedLot",
  germination_percent: "germinationPercent",
  seed_test_date: "seedTestDate",
  fco_grade: "fcoGrade",
  generic_name_hi: "genericNameHi",
  country_of_origin_hi: "countryOfOriginHi",
  best_before_hi: "bestBeforeHi",
  customer_care_hi: "customerCareHi",
} as const satisfies Partial<Record<SheetColumnName, keyof ProductLabel>>;
