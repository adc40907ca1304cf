import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { Link } from "react-router";
import { Message } from "../../components/message.tsx";
import { errorText } from "../../lib/api-error.ts";
import { useCreateReviewMutation } from "./catalog-api.ts";

/** The rating scale (spec §5). */
export const RATINGS = ["1 - Poor", "2 - Fair", "3 - Good", "4 - Very Good", "5 - Excellent"];

/** Spec §2: "Review Submitted", the form reset and the product reloaded; errors shown. */
export function ReviewForm({ productId }: { productId: number }) {
  const [createReview, { error, isLoading, isSuccess, reset }] = useCreateReviewMutation();
  const [rating, setRating] = useState("");
  const [comment, setComment] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    const result = await createReview({ productId, rating: Number(rating), comment });
    if (result.data) {
      setRating("");
      setComment("");
    }
  }

  const status = error && "status" in error ? error.status : null;
  return (
    <>
      {isSuccess && <Message variant="success">Review Submitted</Message>}
      {status === 401 ? <SignInPrompt productId={productId} /> : error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      <form onSubmit={submit}>
        <div className="mb-3">
          <label htmlFor="review-rating" className="form-label">
            Rating
          </label>
          <select id="review-rating" className="form-select" required value={rating} onChange={(event) => setRating(event.target.value)}>
            <option value="">Select...</option>
            {RATINGS.map((text, i) => (
              <option key={text} value={i + 1}>
                {text}
              </option>
            ))}
          </select>
        </div>
        <div className="mb-3">
          <label htmlFor="review-comment" className="form-label">
            Comment
          </label>
          <textarea
            id="review-comment"
            className="form-control"
            rows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        <Button type="submit" variant="primary" disabled={isLoading}>
          Submit
        </Button>
      </form>
    </>
  );
}

/** What guests see instead of the form. */
export function SignInPrompt({ productId }: { productId: number }) {
  return (
    <Message>
      Please{" "}
      <Link to={`/login?redirect=/product/${productId}`} className="alert-link">
        sign in
      </Link>{" "}
      to write a review
    </Message>
  );
}
