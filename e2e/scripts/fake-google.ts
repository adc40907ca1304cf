// A local fake Google (OpenID provider) for the browser journeys: discovery, JWKS, a consent page
// that agrees at once, and a token endpoint. The shop is started with GOOGLE_ISSUER pointing here.
import { FakeOidcProvider } from "@krishi/server/src/testing/fake-oidc.ts";

const port = Number(process.env.FAKE_GOOGLE_PORT ?? 8124);
const provider = await FakeOidcProvider.start({ clientId: "krishi-e2e", clientSecret: "e2e-secret", port });
console.log(`fake Google at ${provider.issuer}`);
const stop = () => void provider.stop().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
