import type { ErrorCode, FieldErrorCode } from "@krishi/contract";
import { badRequest, conflict, type FieldErrors, fieldError, HttpError, notFound, problem } from "../../lib/errors.ts";
import { PHONE_MESSAGES } from "./phone-sign-in.ts";
import { type AccountFailure, MESSAGES } from "./service.ts";
import { EMAIL_TAKEN, SELF_DELETE, SELF_DEMOTE, type UserAdminFailure } from "./user-admin.ts";

const nonField = (code: ErrorCode & FieldErrorCode, message: string) => fieldError(code, "non_field_errors", problem(code, message));

/** A 400 whose detail is the first refused field's first message. */
function firstProblem(code: (field: string, first: FieldErrors[string][number]) => ErrorCode, fields: FieldErrors): HttpError {
  const [field, problems] = Object.entries(fields)[0] ?? [];
  const first = problems?.[0];
  if (!field || !first) throw new Error("a refusal of fields names none");
  return badRequest(code(field, first), first.message, fields);
}

/** What a refused account request answers: dj-rest-auth's and allauth's words (docs/storefront.md, "Messages"). */
export function accountRefusal(failure: AccountFailure): HttpError {
  switch (failure.kind) {
    case "registration-invalid":
      return firstProblem(() => (failure.fields.email ? "email_taken" : "password_invalid"), failure.fields);
    case "passwords-differ":
      return badRequest("password_mismatch", MESSAGES.passwordMismatch, {
        [failure.field]: [problem("password_mismatch", MESSAGES.passwordMismatch)],
      });
    case "password-weak":
      return firstProblem(() => "password_invalid", { [failure.field]: failure.problems });
    case "profile-invalid":
      // The code of the first refused field: the password's, the current password's own, or any other field's.
      return firstProblem((field, first) => {
        if (field === "password") return "password_invalid";
        return first.code === "current_password_required" || first.code === "current_password_wrong" ? first.code : "field_invalid";
      }, failure.fields);
    case "verification-link-invalid":
      return notFound("verification_link_invalid", MESSAGES.notFound);
    case "email-taken":
      return conflict("email_taken", MESSAGES.duplicateEmail);
    case "credentials-invalid":
      return nonField("credentials_invalid", MESSAGES.badCredentials);
    case "email-not-verified":
      return nonField("email_not_verified", MESSAGES.emailNotVerified);
    case "old-password-wrong":
      return badRequest("old_password_wrong", MESSAGES.oldPasswordWrong, {
        old_password: [problem("old_password_wrong", MESSAGES.oldPasswordWrong)],
      });
    case "reset-link-invalid":
      return badRequest("reset_link_invalid", MESSAGES.resetLinkInvalid, {
        [failure.field]: [problem("link_invalid", MESSAGES.invalidValue)],
      });
    case "account-disabled":
      return badRequest("account_disabled", MESSAGES.accountDisabled);
    case "staff-password-required":
      return new HttpError(403, "staff_password_required", PHONE_MESSAGES.staffPassword);
    case "phone-taken":
      return conflict("phone_taken", PHONE_MESSAGES.taken);
    case "email-already-set":
      return badRequest("email_already_set", MESSAGES.emailAlreadySet);
    case "user-not-found":
      return notFound("user_not_found", MESSAGES.notFound);
    case "google-not-configured":
      return badRequest("google_not_configured", MESSAGES.googleNotConfigured);
    case "google-rejected":
      return badRequest("google_rejected", MESSAGES.googleRejected);
    case "google-token-invalid":
      return badRequest("google_token_invalid", MESSAGES.googleInvalidToken);
    case "google-unavailable":
      return new HttpError(503, "google_unavailable", MESSAGES.googleUnavailable);
    case "google-no-email":
      return badRequest("google_no_email", MESSAGES.googleNoEmail);
    case "google-email-unverified":
      return badRequest("google_email_unverified", MESSAGES.googleEmailUnverified);
    case "google-other-account":
      return badRequest("google_other_account", MESSAGES.googleOtherAccount);
    case "phone-unreadable": {
      const message = failure.reason === "phone_invalid" ? PHONE_MESSAGES.invalid : PHONE_MESSAGES.countryUnsupported;
      return badRequest(failure.reason, message, { phone: [problem(failure.reason, message)] });
    }
    case "code-expired":
      return fieldError("otp_expired", "code", problem("otp_expired", PHONE_MESSAGES.expired));
    case "code-wrong": {
      const params = { tries_left: failure.triesLeft };
      return fieldError("otp_invalid", "code", problem("otp_invalid", PHONE_MESSAGES.wrongCode, params), params);
    }
    case "token-invalid":
      return new HttpError(401, "token_not_valid", "Token is invalid or expired");
    case "token-reused":
      return new HttpError(401, "token_not_valid", "Token is blacklisted");
  }
}

/** What staff are told when a change to a user is refused. */
export function userAdminRefusal(failure: UserAdminFailure): HttpError {
  switch (failure.kind) {
    case "page-not-found":
      return notFound("page_not_found", "Invalid page.");
    case "self-demote":
      return badRequest("self_demote", SELF_DEMOTE, { isAdmin: [problem("self_demote", SELF_DEMOTE)] });
    case "email-required":
      return badRequest("field_invalid", MESSAGES.blank, { email: [problem("blank", MESSAGES.blank)] });
    case "email-taken":
      return new HttpError(409, "email_taken", EMAIL_TAKEN, { email: [problem("email_taken", EMAIL_TAKEN)] });
    case "user-not-found":
      return notFound("user_not_found", MESSAGES.notFound);
    case "self-delete":
      return badRequest("self_delete", SELF_DELETE);
  }
}
