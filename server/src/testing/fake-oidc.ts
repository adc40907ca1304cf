import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/**
 * A small OpenID provider on 127.0.0.1 standing in for Google in tests: discovery
 * document, JWKS with a real RSA key, an authorisation endpoint that consents at once, and a token
 * endpoint that issues RS256 ID tokens for the codes a test registers. Codes can be made to
 * misbehave: wrong audience or issuer, expired, signed with a key that is not in the JWKS.
 *
 *   const google = await FakeOidcProvider.start({ clientId: "shop", clientSecret: "s3cret" });
 *   const code = google.issueCode({ sub: "1234", email: "a@b.in", email_verified: true });
 *   // GOOGLE_ISSUER=google.issuer, GOOGLE_CLIENT_ID=shop, GOOGLE_CLIENT_SECRET=s3cret
 */
export interface IdentityClaims {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface CodeOptions {
  /** Default: the client id. */
  audience?: string;
  /** Default: this provider's issuer. */
  issuer?: string;
  /** Seconds until the ID token expires (negative: already expired). Default 3600. */
  expiresIn?: number;
  /** Sign with a key that has the JWKS key's id but is not the JWKS key. */
  foreignKey?: boolean;
}

export interface ProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Default: a random free port. */
  port?: number;
}

interface Grant {
  claims: IdentityClaims;
  options: CodeOptions;
}

const KID = "fake-google-key-1";

export class FakeOidcProvider {
  /** The form parameters of every token request, in order (tests check redirect_uri). */
  readonly tokenRequests: URLSearchParams[] = [];
  /** The identity the authorisation endpoint consents for (browser tests set it). */
  consentIdentity: IdentityClaims = {
    sub: "100000000000000000001",
    email: "google.user@example.in",
    email_verified: true,
    given_name: "Google",
    family_name: "User",
  };

  readonly #codes = new Map<string, Grant>();

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
    private readonly options: ProviderOptions,
    private readonly key: CryptoKey,
    private readonly foreignKey: CryptoKey,
    private readonly jwk: JWK,
  ) {}

  static async start(options: ProviderOptions): Promise<FakeOidcProvider> {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { modulusLength: 2048 });
    const foreign = await generateKeyPair("RS256", { modulusLength: 2048 });
    const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: "RS256", use: "sig" };

    let provider: FakeOidcProvider | undefined;
    const server = createServer((request, response) => {
      provider?.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "server_error", error_description: String(error) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    provider = new FakeOidcProvider(server, `http://127.0.0.1:${port}`, options, privateKey, foreign.privateKey, jwk);
    return provider;
  }

  /** Registers a one-time authorisation code for these claims. */
  issueCode(claims: IdentityClaims, options: CodeOptions = {}): string {
    const code = `4/${randomBytes(24).toString("base64url")}`;
    this.#codes.set(code, { claims, options });
    return code;
  }

  stop(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()));
      this.server.closeAllConnections();
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", this.issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(JSON.stringify(body));
    };

    if (request.method === "GET" && url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/o/oauth2/v2/auth`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/oauth2/v3/certs`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        claims_supported: ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat", "iss", "name", "sub"],
      });
    }

    if (request.method === "GET" && url.pathname === "/oauth2/v3/certs") {
      return json(200, { keys: [this.jwk] });
    }

    if (request.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
      // Consent at once, as a signed-in Google user who already agreed would see it.
      const redirect = url.searchParams.get("redirect_uri");
      if (!redirect || url.searchParams.get("client_id") !== this.options.clientId) {
        return json(400, { error: "invalid_request", error_description: "unknown client or missing redirect_uri" });
      }
      const back = new URL(redirect);
      back.searchParams.set("code", this.issueCode(this.consentIdentity));
      const state = url.searchParams.get("state");
      if (state) back.searchParams.set("state", state);
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }

    if (request.method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(await readBody(request));
      this.tokenRequests.push(form);
      const [basicId, basicSecret] = basicCredentials(request.headers.authorization);
      const clientId = basicId ?? form.get("client_id");
      const clientSecret = basicSecret ?? form.get("client_secret");
      if (clientId !== this.options.clientId || clientSecret !== this.options.clientSecret) {
        return json(401, { error: "invalid_client", error_description: "The OAuth client was not found." });
      }
      if (form.get("grant_type") !== "authorization_code") return json(400, { error: "unsupported_grant_type" });
      const code = form.get("code") ?? "";
      const grant = this.#codes.get(code);
      this.#codes.delete(code);
      if (!grant) return json(400, { error: "invalid_grant", error_description: "Malformed auth code." });
      return json(200, {
        access_token: `ya29.${randomBytes(24).toString("base64url")}`,
        token_type: "Bearer",
        expires_in: 3599,
        scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
        id_token: await this.idToken(grant),
      });
    }

    json(404, { error: "not_found" });
  }

  private idToken({ claims, options }: Grant): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims, azp: this.options.clientId })
      .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience ?? this.options.clientId)
      .setSubject(claims.sub)
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(options.foreignKey ? this.foreignKey : this.key);
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString()));
    request.on("error", reject);
  });
}

function basicCredentials(header: string | undefined): [string, string] | [undefined, undefined] {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? "");
  if (!match?.[1]) return [undefined, undefined];
  const decoded = Buffer.from(match[1], "base64").toString();
  const colon = decoded.indexOf(":");
  if (colon < 0) return [undefined, undefined];
  return [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
}
