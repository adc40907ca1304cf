import type { AddEmail, NoticePreferences, OtpRequest, OtpRequestAnswer, OtpVerify, OtpVerifyAnswer, User } from "@krishi/contract";
import { api } from "../../base/api.ts";
import { loginSucceeded, userLoaded } from "./auth-slice.ts";

/** The user an answer brings replaces the stored one (the header, the profile and checkout read it). */
async function keepUser(dispatch: (action: ReturnType<typeof userLoaded>) => unknown, answer: Promise<{ data: User }>): Promise<void> {
  const { data } = await answer.catch(() => ({ data: null }));
  if (data) dispatch(userLoaded(data));
}

/**
 * A mobile number's sign-in codes, and the account's phone-first settings. Loaded with the screens
 * that use them (sign in, profile, place order), not with the first page.
 */
const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A phone-only account's e-mail address; a verification link goes to it. */
    addEmail: build.mutation<User, AddEmail>({
      query: (body) => ({ url: "/users/profile/email/", method: "PUT", body }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) => keepUser(dispatch, queryFulfilled),
    }),
    /** Order news on WhatsApp too (opt-in). */
    setNotices: build.mutation<User, NoticePreferences>({
      query: (body) => ({ url: "/users/profile/notices/", method: "PUT", body }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) => keepUser(dispatch, queryFulfilled),
    }),
  }),
});

export const phoneApi = settingsApi.injectEndpoints({
  endpoints: (build) => ({
    requestPhoneCode: build.mutation<OtpRequestAnswer, OtpRequest>({
      query: (body) => ({ url: "/users/otp/request/", method: "POST", body }),
    }),
    /**
     * Signed out, the answer is login info, kept as the e-mail sign-in keeps it ("Login
     * successful"); signed in (the bearer token goes with it), the number joins the account and the
     * answer is the user.
     */
    verifyPhoneCode: build.mutation<OtpVerifyAnswer, OtpVerify>({
      query: (body) => ({ url: "/users/otp/verify/", method: "POST", body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        if (!("access" in data)) {
          dispatch(userLoaded(data.user));
          return;
        }
        dispatch(loginSucceeded(data));
      },
    }),
  }),
});

export const { useRequestPhoneCodeMutation, useVerifyPhoneCodeMutation, useAddEmailMutation, useSetNoticesMutation } = phoneApi;
