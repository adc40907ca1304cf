import type {
  Credentials,
  LoginInfo,
  PasswordChange,
  PasswordResetConfirm,
  ProfileUpdate,
  Registration,
  RegistrationAnswer,
} from "@krishi/contract";
import { api } from "../../base/api.ts";
import type { Message } from "../../i18n/index.ts";
import { errorCode, formErrorNotice } from "../../lib/api-error.ts";
import { loginFailed, loginInfoReplaced, loginSucceeded } from "./auth-slice.ts";

/** The auth service; the spec's register screen uses the underscore spelling. */
const AUTH = "/users/dj-rest-auth";
const REGISTRATION = "/users/dj_rest_auth/registration/";

type Detail = { detail: string };

/** The messages of the account operations (docs/storefront.md, "Messages"), word for word, shown in the top alert. */
export const ACCOUNT_MESSAGES = {
  signupSuccess: "Please check your Inbox and verify your Email",
  signupFail: "Signup fail",
  verifySuccess: "Your account has been verified",
  verifyFail: "Verification account has failed",
  changePasswordSuccess: "Change password success",
  changePasswordFail: "Change password fail",
  resetPasswordSuccess: "Reset password success",
  resetPasswordFail: "Reset password fail",
  setPasswordSuccess: "New password has been set",
  setPasswordFail: "Set new password failed",
} as const satisfies Record<string, Message>;

/** The auth screens' calls; loaded with those screens (the session's own calls are in session.ts). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Success stores the login info ("Login successful"); failure clears it, showing the error
     * (docs/storefront.md, "Auth state"). An address not verified yet gets one message that says
     * what to do, and the alert offers to send the link again.
     */
    login: build.mutation<LoginInfo, Credentials>({
      query: (body) => ({ url: `${AUTH}/login/`, method: "POST", body }),
      async onQueryStarted({ email }, { dispatch, queryFulfilled }) {
        try {
          dispatch(loginSucceeded((await queryFulfilled).data));
        } catch (failure) {
          const error = (failure as { error?: unknown }).error;
          dispatch(
            loginFailed(
              errorCode(error) === "email_not_verified"
                ? {
                    message: "E-mail is not verified. Please open the link we sent to {email} to verify your account, then sign in.",
                    values: { email },
                    resendTo: email,
                  }
                : formErrorNotice(error),
            ),
          );
        }
      },
    }),
    register: build.mutation<RegistrationAnswer, Registration>({
      query: (body) => ({ url: REGISTRATION, method: "POST", body }),
    }),
    verifyEmail: build.mutation<Detail, { key: string }>({
      query: (body) => ({ url: `${AUTH}/registration/verify-email/`, method: "POST", body }),
    }),
    changePassword: build.mutation<Detail, PasswordChange>({
      query: (body) => ({ url: `${AUTH}/password/change/`, method: "POST", body }),
    }),
    resetPassword: build.mutation<Detail, { email: string }>({
      query: (body) => ({ url: `${AUTH}/password/reset/`, method: "POST", body }),
    }),
    confirmPasswordReset: build.mutation<Detail, PasswordResetConfirm>({
      query: (body) => ({ url: `${AUTH}/password/reset/confirm/`, method: "POST", body }),
    }),
    /** The answer is fresh login info (older refresh tokens are revoked): it replaces the stored one. */
    updateProfile: build.mutation<LoginInfo, ProfileUpdate>({
      query: (body) => ({ url: "/users/profile/update/", method: "PUT", body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(loginInfoReplaced(data));
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useVerifyEmailMutation,
  useChangePasswordMutation,
  useResetPasswordMutation,
  useConfirmPasswordResetMutation,
  useUpdateProfileMutation,
} = authApi;
