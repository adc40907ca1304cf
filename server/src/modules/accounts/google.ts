import * as oidc from "openid-client";

/**
 * Google sign-in behind a small interface: the accounts service asks for the identity behind an
 * authorisation code; this class does the OpenID Connect work with openid-client (discovery from
 * the configured issuer, the code exchange at the token endpoint with redirect URI
 * `{SITE_URL}/login`, and the ID token's signature, issuer, audience and expiry checks).
 * Tests run this very class against the fake provider of testing/fake-oidc.ts.
 */
export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface GoogleSignIn {
  readonly configured: boolean;
  /** The identity behind a code, or a GoogleSignInError. */
  identify(code: string): Promise<GoogleIdentity>;
}

export type GoogleFailure = "not_configured" | "rejected" | "invalid_token" | "unavailable";

export class GoogleSignInError extends Error {
  constructor(
    readonly failure: GoogleFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "GoogleSignInError";
  }
}

export interface GoogleSettings {
  clientId: string | null;
  clientSecret: string | null;
  issuer: string;
  /** Where Google sent the browser back with ?code=… ({SITE_URL}/login). */
  redirectUri: string;
}

/** Plain HTTP is allowed only for a provider on this machine (the fake one in tests). */
function isLocalHttp(issuer: URL): boolean {
  return issuer.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname);
}

const UNAVAILABLE_CODES = new Set(["OAUTH_TIMEOUT", "OAUTH_ABORT", "OAUTH_RESPONSE_IS_NOT_CONFORM", "OAUTH_RESPONSE_IS_NOT_JSON"]);

export class OpenIdGoogleSignIn implements GoogleSignIn {
  #configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: GoogleSettings) {}

  get configured(): boolean {
    return this.settings.clientId !== null;
  }

  async identify(code: string): Promise<GoogleIdentity> {
    const configuration = await this.#discover();
    const callback = new URL(this.settings.redirectUri);
    callback.search = "";
    callback.searchParams.set("code", code);

    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, { idTokenExpected: true });
      claims = tokens.claims();
    } catch (error) {
      throw classify(error);
    }
    if (!claims) throw new GoogleSignInError("invalid_token", "the provider answered without an ID token");
    const email = typeof claims.email === "string" && claims.email.includes("@") ? claims.email : null;
    return {
      sub: claims.sub,
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === "true",
      givenName: typeof claims.given_name === "string" ? claims.given_name : "",
      familyName: typeof claims.family_name === "string" ? claims.family_name : "",
    };
  }

  /** Discovery once; a failure is not kept, so the next sign-in tries again. */
  #discover(): Promise<oidc.Configuration> {
    const { clientId, clientSecret, issuer } = this.settings;
    if (!clientId) return Promise.reject(new GoogleSignInError("not_configured", "no Google client id is configured"));
    if (!this.#configuration) {
      const server = new URL(issuer);
      const execute = [oidc.enableNonRepudiationChecks];
      if (isLocalHttp(server)) execute.push(oidc.allowInsecureRequests);
      const pending = oidc
        .discovery(server, clientId, clientSecret ?? undefined, undefined, { execute, timeout: 10 })
        .catch((error: unknown) => {
          if (this.#configuration === pending) this.#configuration = null;
          throw new GoogleSignInError("unavailable", "the OpenID provider could not be discovered", { cause: error });
        });
      this.#configuration = pending;
    }
    return this.#configuration;
  }
}

function classify(error: unknown): GoogleSignInError {
  if (error instanceof GoogleSignInError) return error;
  if (error instanceof oidc.ResponseBodyError) {
    return new GoogleSignInError("rejected", `the provider refused the code (${error.error})`, { cause: error });
  }
  if (error instanceof TypeError || (error instanceof oidc.ClientError && UNAVAILABLE_CODES.has(error.code ?? ""))) {
    return new GoogleSignInError("unavailable", "the OpenID provider could not be reached", { cause: error });
  }
  return new GoogleSignInError("invalid_token", "the ID token did not pass validation", { cause: error });
}
