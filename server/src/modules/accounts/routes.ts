import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  AddEmailBody,
  DetailSchema,
  EmailBody,
  EmptyObject,
  ErrorBody,
  GoogleBody,
  LanguageBody,
  LoginBody,
  LoginInfoSchema,
  LogoutBody,
  NoticePreferencesBody,
  OtpRequestAnswer,
  OtpRequestBody,
  OtpVerifyAnswer,
  OtpVerifyBody,
  PasswordChangeAnswer,
  PasswordChangeBody,
  PasswordResetConfirmBody,
  ProfileUpdateBody,
  RefreshBody,
  RegistrationAnswer,
  RegistrationBody,
  TokenPairSchema,
  TokenVerifyBody,
  UserNamesBody,
  UserSchema,
  VerifyEmailBody,
} from "@krishi/contract/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import { readCookie, setCookie } from "../../lib/cookies.ts";
import { type RateLimitGuards, throttled } from "../../lib/rate-limit.ts";
import { valueOr } from "../../lib/result.ts";
import { accountRefusal } from "./failures.ts";
import { type AccountsService, MESSAGES } from "./service.ts";
import { RECOGNITION_MS } from "./sign-in-guard.ts";

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  auth: AuthGuards;
  limits: RateLimitGuards;
  /** Leave these routes out of the API reference (the second spelling of the prefix). */
  hidden?: boolean;
  /**
   * Called when a request signs someone in (any method), before the answer goes: other modules
   * attach to it (the cart merges the guest's cart into the account's). Default: nothing.
   */
  signedIn?: SignedInHook;
}

export type SignedInHook = (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;

/** The answer of a sign-in, after the signedIn hook has seen it (an answer without tokens signed no one in). */
async function welcomed<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  hook: SignedInHook | undefined,
  answer: T,
): Promise<T> {
  if (hook && "access" in answer && "user" in answer) await hook(request, reply, (answer.user as { id: number }).id);
  return answer;
}

/** The cookie that lets the shop recognise a device that signed in before (HttpOnly; its random id). */
const DEVICE_COOKIE = "kb_device";

/** The token of `Authorization: Bearer <token>`, if the header is exactly that. */
function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token, ...rest] = (request.headers.authorization ?? "").trim().split(/\s+/);
  return scheme?.toLowerCase() === "bearer" && token && rest.length === 0 ? token : undefined;
}

const E400 = { 400: ErrorBody };
const E401 = { 401: ErrorBody };
const E429 = { 429: ErrorBody };

/** Where a sign-in comes from: the client's IP and its device cookie. */
const signInSource = (request: FastifyRequest) => ({ ip: request.ip, device: readCookie(request, DEVICE_COOKIE) });

/** The device is recognised at its next sign-in to this account (see SignInGuard). */
function rememberDevice(request: FastifyRequest, reply: FastifyReply, device: string): void {
  setCookie(request, reply, DEVICE_COOKIE, device, { path: "/api/users/", maxAgeSeconds: RECOGNITION_MS / 1000 });
}

/**
 * The dj-rest-auth compatible API, registered under /api/users/dj-rest-auth and
 * /api/users/dj_rest_auth. The rate-limit guards are shared by both, so are their counters.
 */
export const authRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (
  app,
  { accounts, auth, limits, hidden = false, signedIn },
) => {
  const tags = ["auth"];
  const hide = hidden ? { hide: true } : {};

  app.post(
    "/registration/",
    {
      preHandler: limits.registration,
      schema: {
        operationId: "register",
        ...hide,
        tags,
        summary: "Register with e-mail and password (sends the verification e-mail)",
        body: RegistrationBody,
        response: { 201: RegistrationAnswer, ...E400, ...E429 },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await welcomed(
            request,
            reply,
            signedIn,
            valueOr(await accounts.register(request.body, { mail: !request.mailCapped }), accountRefusal),
          ),
        ),
  );

  app.post(
    "/registration/verify-email/",
    {
      schema: {
        operationId: "verifyEmail",
        ...hide,
        tags,
        summary:
          "Confirm an e-mail address with the key from the e-mailed link (409 email_taken when another account has verified it meanwhile)",
        body: VerifyEmailBody,
        response: { 200: DetailSchema, ...E400, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      valueOr(await accounts.verifyEmail(request.body.key), accountRefusal);
      return { detail: MESSAGES.ok };
    },
  );

  app.post(
    "/registration/resend-email/",
    {
      preHandler: limits.resendEmail,
      schema: {
        operationId: "resendVerificationEmail",
        ...hide,
        tags,
        summary: "Send the verification e-mail again (same answer for every address)",
        body: EmailBody,
        response: { 200: DetailSchema, ...E400, ...E429 },
      },
    },
    async (request) => {
      await accounts.resendVerification(request.body.email, { mail: !request.mailCapped });
      return { detail: MESSAGES.ok };
    },
  );

  app.post(
    "/login/",
    {
      preHandler: limits.login,
      schema: {
        operationId: "logIn",
        ...hide,
        tags,
        summary: "Sign in: answers {access, refresh, user}",
        body: LoginBody,
        response: { 200: LoginInfoSchema, ...E400, ...E429 },
      },
    },
    async (request, reply) => {
      const result = valueOr(await accounts.login(request.body.email, request.body.password, signInSource(request)), accountRefusal);
      if ("retryAfterSeconds" in result) throw throttled(reply, result.retryAfterSeconds);
      rememberDevice(request, reply, result.device);
      return welcomed(request, reply, signedIn, result.info);
    },
  );

  app.post(
    "/logout/",
    {
      // A client may post no body at all: the session of its access token still ends.
      preValidation: async (request) => {
        request.body ??= {};
      },
      config: { optionalBody: true },
      schema: {
        operationId: "logOut",
        ...hide,
        tags,
        summary: "Sign out: revokes the session of the refresh token given and that of the bearer access token",
        // The bearer token is optional: without one, only the refresh token's session ends.
        security: [{}, ...bearer],
        body: LogoutBody,
        response: { 200: DetailSchema, ...E400 },
      },
    },
    async (request) => {
      await accounts.logout(request.body.refresh, bearerToken(request));
      return { detail: MESSAGES.loggedOut };
    },
  );

  const userSchema = (operationId: string, summary: string, body?: typeof UserNamesBody) => ({
    operationId,
    ...hide,
    tags,
    summary,
    security: bearer,
    ...(body ? { body } : {}),
    response: { 200: UserSchema, ...E400, ...E401 },
  });
  app.get("/user/", { onRequest: auth.requireUser, schema: userSchema("getAuthUser", "The signed-in user") }, async (request) =>
    valueOr(await accounts.profile(currentUser(request).id), accountRefusal),
  );
  for (const [method, operationId] of [
    ["PUT", "updateAuthUser"],
    ["PATCH", "patchAuthUser"],
  ] as const) {
    app.route({
      method,
      url: "/user/",
      onRequest: auth.requireUser,
      schema: userSchema(operationId, "Change the signed-in user's first and last name", UserNamesBody),
      handler: async (request) =>
        valueOr(
          await accounts.updateNames(currentUser(request).id, request.body as { first_name?: string; last_name?: string }),
          accountRefusal,
        ),
    });
  }

  app.post(
    "/token/verify/",
    {
      schema: {
        operationId: "verifyToken",
        ...hide,
        tags,
        summary: "Check a token (access, or a live refresh token): 200 {} or 401",
        body: TokenVerifyBody,
        response: { 200: EmptyObject, ...E400, ...E401 },
      },
    },
    async (request) => {
      valueOr(await accounts.verifyToken(request.body.token), accountRefusal);
      return {};
    },
  );

  app.post(
    "/token/refresh/",
    {
      preHandler: limits.tokenRefresh,
      schema: {
        operationId: "refreshToken",
        ...hide,
        tags,
        summary: "Exchange a refresh token for a new pair (the old one is used up; reusing it revokes the session)",
        body: RefreshBody,
        response: { 200: TokenPairSchema, ...E400, ...E401, ...E429 },
      },
    },
    async (request) => valueOr(await accounts.refresh(request.body.refresh), accountRefusal),
  );

  app.post(
    "/password/change/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "changePassword",
        ...hide,
        tags,
        summary: "Change the password (revokes every session; answers a fresh token pair)",
        security: bearer,
        body: PasswordChangeBody,
        response: { 200: PasswordChangeAnswer, ...E400, ...E401 },
      },
    },
    async (request) => {
      const { old_password, new_password1, new_password2 } = request.body;
      const pair = valueOr(
        await accounts.changePassword(currentUser(request).id, old_password, new_password1, new_password2),
        accountRefusal,
      );
      return { detail: MESSAGES.passwordSaved, ...pair };
    },
  );

  app.post(
    "/password/reset/",
    {
      preHandler: limits.passwordReset,
      schema: {
        operationId: "requestPasswordReset",
        ...hide,
        tags,
        summary: "Mail a password reset link (same answer for every address)",
        body: EmailBody,
        response: { 200: DetailSchema, ...E400, ...E429 },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email, { mail: !request.mailCapped });
      return { detail: MESSAGES.resetSent };
    },
  );

  app.post(
    "/password/reset/confirm/",
    {
      schema: {
        operationId: "confirmPasswordReset",
        ...hide,
        tags,
        summary: "Set a new password with the uid and token of the reset link",
        body: PasswordResetConfirmBody,
        response: { 200: DetailSchema, ...E400 },
      },
    },
    async (request) => {
      valueOr(await accounts.confirmPasswordReset(request.body), accountRefusal);
      return { detail: MESSAGES.resetDone };
    },
  );

  app.post(
    "/google/",
    {
      schema: {
        operationId: "logInWithGoogle",
        ...hide,
        tags,
        summary: "Sign in with the authorisation code Google sent back to {SITE_URL}/login",
        body: GoogleBody,
        response: { 200: LoginInfoSchema, ...E400, 503: ErrorBody },
      },
    },
    async (request, reply) => welcomed(request, reply, signedIn, valueOr(await accounts.googleLogin(request.body.code), accountRefusal)),
  );
};

/** The profile routes, sign-in with a mobile number's code, and the staff's view of one user, under /api/users. */
export const userRoutes: FastifyPluginAsyncTypebox<Omit<AccountsRoutesOptions, "hidden">> = async (
  app,
  { accounts, auth, limits, signedIn },
) => {
  const tags = ["users"];

  app.post(
    "/otp/request/",
    {
      preHandler: limits.otpRequest,
      schema: {
        operationId: "requestPhoneCode",
        tags,
        summary: "Send a 6-digit sign-in code to a mobile number by SMS or WhatsApp; the same answer whether or not it has an account",
        body: OtpRequestBody,
        response: { 200: OtpRequestAnswer, ...E400, ...E429 },
      },
    },
    async (request, reply) => {
      const { phone, channel = "sms", language } = request.body;
      const result = valueOr(await accounts.requestPhoneCode(phone, channel, language, signInSource(request)), accountRefusal);
      if ("retryAfterSeconds" in result) throw throttled(reply, result.retryAfterSeconds);
      return result;
    },
  );

  app.post(
    "/otp/verify/",
    {
      preHandler: limits.otpVerify,
      onRequest: auth.optionalUser,
      schema: {
        operationId: "verifyPhoneCode",
        tags,
        summary:
          "Sign in with a mobile number's code: answers {access, refresh, user} (a new customer account for a new number); with a bearer token, adds the number to that account and answers {user}",
        security: [{}, ...bearer],
        body: OtpVerifyBody,
        response: { 200: OtpVerifyAnswer, ...E400, ...E401, 403: ErrorBody, 409: ErrorBody, ...E429 },
      },
    },
    async (request, reply) => {
      const result = valueOr(await accounts.verifyPhoneCode(request.body, signInSource(request), request.user?.id), accountRefusal);
      if ("retryAfterSeconds" in result) throw throttled(reply, result.retryAfterSeconds);
      if ("user" in result) return result;
      rememberDevice(request, reply, result.device);
      return welcomed(request, reply, signedIn, result.info);
    },
  );

  app.put(
    "/profile/email/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "addEmail",
        tags,
        summary:
          "Ask to add an e-mail address to an account made with a mobile number: it becomes the account's when the link mailed to it is opened; the same answer whether or not the address has an account. Answers the user",
        security: bearer,
        body: AddEmailBody,
        response: { 200: UserSchema, ...E400, ...E401 },
      },
    },
    async (request) => valueOr(await accounts.addEmail(currentUser(request).id, request.body.email), accountRefusal),
  );

  app.put(
    "/profile/notices/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "setNoticePreferences",
        tags,
        summary: "Order news on WhatsApp as well as SMS (opt-in); answers the user",
        security: bearer,
        body: NoticePreferencesBody,
        response: { 200: UserSchema, ...E400, ...E401 },
      },
    },
    async (request) => valueOr(await accounts.setNoticePreferences(currentUser(request).id, request.body), accountRefusal),
  );

  app.get(
    "/profile/",
    {
      onRequest: auth.requireUser,
      schema: { operationId: "getProfile", tags, summary: "The signed-in user", security: bearer, response: { 200: UserSchema, ...E401 } },
    },
    async (request) => valueOr(await accounts.profile(currentUser(request).id), accountRefusal),
  );

  app.put(
    "/profile/update/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "updateProfile",
        tags,
        summary: "Update first and last name and optionally the password; answers fresh login info",
        security: bearer,
        body: ProfileUpdateBody,
        response: { 200: LoginInfoSchema, ...E400, ...E401 },
      },
    },
    async (request) => valueOr(await accounts.updateProfile(currentUser(request).id, request.body), accountRefusal),
  );

  app.put(
    "/profile/language/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "setLanguage",
        tags,
        summary: "Set the language of the signed-in user's e-mails (en or hi); answers the user",
        security: bearer,
        body: LanguageBody,
        response: { 200: UserSchema, ...E400, ...E401 },
      },
    },
    async (request) => valueOr(await accounts.updateLanguage(currentUser(request).id, request.body.language), accountRefusal),
  );
};
