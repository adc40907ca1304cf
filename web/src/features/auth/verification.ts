import { showMessage } from "../../base/alert.ts";
import type { AppThunk } from "../../base/store.ts";
import { errorNotice } from "../../lib/api-error.ts";
import { authRequest } from "./auth-http.ts";

/**
 * POST registration/resend-email/ {email}: sends the verification link again (the server answers
 * the same for every address), then says so in the top alert; or why it could not.
 */
export function resendVerification(email: string): AppThunk {
  return async (dispatch) => {
    try {
      const answer = await authRequest("registration/resend-email/", { body: { email } });
      dispatch(
        answer.status === 200
          ? showMessage("We sent a new link to {email}. Please check your inbox, and the spam folder too.", "success", { email })
          : showMessage(errorNotice(answer), "danger"),
      );
    } catch (error) {
      dispatch(showMessage(errorNotice(error), "danger"));
    }
  };
}
