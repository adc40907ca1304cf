import { formatRupees, toPaise } from "@krishi/contract";
import { useState } from "react";
import Button from "react-bootstrap/Button";
import ListGroup from "react-bootstrap/ListGroup";
import { Message } from "../../components/message.tsx";
import { localized, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { dateTimeOf } from "../../lib/dates.ts";
import { formatPrice } from "../../lib/price.ts";
import { KIND_NAMES, PromotionForm } from "./promotion-form.tsx";
import { type StaffPromotion, useDeletePromotionMutation, useGetPromotionsQuery } from "./promotions-api.ts";
import { RequireStaff } from "./require-staff.tsx";
import { GoBack } from "./staff-form.tsx";
import { QueryState } from "./staff-list.tsx";
import "./promotions.css";

/**
 * /admin/promotions (staff): the offers and coupons, newest first — each with its code (or that it
 * applies by itself), words, what it gives, uses against its limit, dates and the discount its
 * orders carry — changed or deleted one by one, and the form to add one. A list, not a wide table:
 * it reads on a 390 px phone.
 */
export function PromotionsScreen() {
  const [editing, setEditing] = useState<StaffPromotion | null>(null);
  return (
    <RequireStaff>
      <title>{`${t("Offers and coupons")} | Krishi Bazaar`}</title>
      <GoBack to="/admin" />
      <h1>{t("Offers and coupons")}</h1>
      <Promotions onEdit={setEditing} />
      <section className="card mt-4">
        <div className="card-body">
          {/* A form of its own for each promotion edited: its fields start from that promotion. */}
          <PromotionForm key={editing?.id ?? "new"} promotion={editing} onDone={() => setEditing(null)} />
        </div>
      </section>
    </RequireStaff>
  );
}

function Promotions({ onEdit }: { onEdit: (promotion: StaffPromotion) => void }) {
  const { currentData, error, isFetching } = useGetPromotionsQuery();
  return (
    <QueryState data={currentData} error={error} isFetching={isFetching}>
      {(promotions) => <PromotionList promotions={promotions} onEdit={onEdit} />}
    </QueryState>
  );
}

/** What a promotion gives, in a few words: "10% off", "₹25.00 off", "₹5.00 off each from 10", "Free delivery". */
export function termsOf(promotion: StaffPromotion): string {
  switch (promotion.kind) {
    case "percent_off":
      return t("{percent}% off", { percent: promotion.percent });
    case "amount_off":
      return t("{amount} off", { amount: formatPrice(promotion.amount) });
    case "unit_off":
      return promotion.tiers
        .map((tier) => t("{amount} off each from {count}", { amount: formatPrice(tier.amount), count: tier.minQty }))
        .join("; ");
    case "free_shipping":
      return t(KIND_NAMES.free_shipping);
  }
}

/** When it runs: from, to, both, or always. */
function datesOf({ startsAt, endsAt }: StaffPromotion): string {
  if (startsAt && endsAt) return t("{from} to {to}", { from: dateTimeOf(startsAt), to: dateTimeOf(endsAt) });
  if (startsAt) return t("From {from}", { from: dateTimeOf(startsAt) });
  if (endsAt) return t("Until {to}", { to: dateTimeOf(endsAt) });
  return t("Always");
}

function PromotionList({ promotions, onEdit }: { promotions: StaffPromotion[]; onEdit: (promotion: StaffPromotion) => void }) {
  const [remove, { error, isLoading }] = useDeletePromotionMutation();
  if (promotions.length === 0) return <p>{t("No offers or coupons yet.")}</p>;
  return (
    <>
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      <ListGroup as="ul" aria-label={t("Offers and coupons")}>
        {promotions.map((promotion) => {
          const name = promotion.code ?? promotion.description;
          return (
            <ListGroup.Item as="li" key={promotion.id} className="promotion-item">
              <p className="mb-1">
                <strong className="me-2">{promotion.code ?? t("Offer (no code)")}</strong>
                {localized(promotion.description, promotion.descriptionHi)}
              </p>
              <p className="mb-1 small">
                {termsOf(promotion)}
                {promotion.firstOrderOnly ? ` · ${t("First order only")}` : ""}
              </p>
              <dl className="promotion-item__facts small mb-2">
                <div>
                  <dt>{t("Uses")}</dt>
                  <dd>
                    {promotion.usageLimit === null
                      ? promotion.uses
                      : t("{uses} of {limit}", { uses: promotion.uses, limit: promotion.usageLimit })}
                  </dd>
                </div>
                <div>
                  <dt>{t("Runs")}</dt>
                  <dd>{datesOf(promotion)}</dd>
                </div>
                <div>
                  <dt>{t("Discount given")}</dt>
                  <dd>{formatRupees(toPaise(promotion.discountGiven))}</dd>
                </div>
              </dl>
              <div className="promotion-item__actions">
                <Button variant="light" className="border staff-tap" onClick={() => onEdit(promotion)}>
                  {t("Edit {name}", { name })}
                </Button>
                <Button
                  variant="danger"
                  className="staff-tap"
                  disabled={isLoading}
                  onClick={() => {
                    if (window.confirm(t("Delete the offer {name}? Orders placed keep their discount.", { name }))) {
                      void remove(promotion.id);
                    }
                  }}
                >
                  {t("Delete {name}", { name })}
                </Button>
              </div>
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </>
  );
}
