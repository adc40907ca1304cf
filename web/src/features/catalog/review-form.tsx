import type { Review } from "@krishi/contract";
import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { Link } from "react-router";
import { useCreateReviewMutation } from "../../base/catalog-api.ts";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { useFormCheck } from "../../lib/form-check.ts";
import type { User } from "../auth/index.ts";

/** The rating scale (docs/storefront.md, "Validation"). */
export const RATINGS: MessageId[] = ["1 - Poor", "2 - Fair", "3 - Good", "4 - Very Good", "5 - Excellent"];

/** The longest comment the API takes (ReviewBody in contract/). */
export const COMMENT_MAX = 2000;

/** Whether `user` has reviewed already (the server refuses a second review anyway). */
export function hasReviewed(reviews: Review[], user: User): boolean {
  return reviews.some((review) => review.user === user.id);
}

interface ReviewFormProps {
  productId: number;
  /** Called once the review is saved (the product reloads with it). */
  onSubmitted?: () => void;
}

/** "Review Submitted", the form reset and the product reloaded; errors shown (docs/storefront.md, "Product"). */
export function ReviewForm({ productId, onSubmitted }: ReviewFormProps) {
  const [createReview, { error, isLoading, isSuccess, reset }] = useCreateReviewMutation();
  const [rating, setRating] = useState("");
  const [comment, setComment] = useState("");
  const { refused, formProps } = useFormCheck();
  const ratingRefused = refused["review-rating"]?.[0];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    const result = await createReview({ productId, rating: Number(rating), comment });
    if (result.data) {
      setRating("");
      setComment("");
      onSubmitted?.();
    }
  }

  const status = error && "status" in error ? error.status : null;
  return (
    <>
      {isSuccess && <Message variant="success">{t("Review Submitted")}</Message>}
      {status === 401 ? <SignInPrompt productId={productId} /> : error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      <form {...formProps(submit)}>
        <div className="mb-3">
          <label htmlFor="review-rating" className="form-label">
            {t("Rating")}
          </label>
          <select
            id="review-rating"
            className={ratingRefused ? "form-select is-invalid" : "form-select"}
            required
            aria-invalid={ratingRefused ? true : undefined}
            aria-describedby={ratingRefused ? "review-rating-refused" : undefined}
            value={rating}
            onChange={(event) => setRating(event.target.value)}
          >
            <option value="">{t("Select...")}</option>
            {RATINGS.map((text, i) => (
              <option key={text} value={i + 1}>
                {t(text)}
              </option>
            ))}
          </select>
          {ratingRefused && (
            <div id="review-rating-refused" className="invalid-feedback">
              {ratingRefused}
            </div>
          )}
        </div>
        <TextField id="review-comment" label={t("Comment")} rows={3} maxLength={COMMENT_MAX} value={comment} onChange={setComment} />
        <Button type="submit" variant="primary" disabled={isLoading}>
          {t("Submit")}
        </Button>
      </form>
    </>
  );
}

/** What guests see instead of the form: "Please sign in to write a review", "sign in" a link. */
export function SignInPrompt({ productId }: { productId: number }) {
  const [before, after] = t("Please {link} to write a review", { link: "\u0000" }).split("\u0000");
  return (
    <Message>
      {before}
      <Link to={`/login?redirect=/product/${productId}`} className="alert-link">
        {t("sign in")}
      </Link>
      {after}
    </Message>
  );
}
