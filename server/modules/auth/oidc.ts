import * as client from "openid-client";

/** Values kept between /api/login and /api/callback (in a short-lived signed cookie). */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
}

/** The claims of the external account that Tiangue uses. */
export interface OidcClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/**
 * The account's e-mail (lower-case) when the provider says it verified it, else null.
 * Only `email_verified === true` counts: a missing or non-boolean claim is not a yes,
 * or anyone who can set an unverified address at the provider could claim an allowed one.
 */
export function verifiedEmail(claims: OidcClaims): string | null {
  if (claims.email_verified !== true || !claims.email) return null;
  return claims.email.toLowerCase();
}

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Plain-HTTP issuers (a provider on localhost in development and tests). */
  allowHttp: boolean;
}

/** True for a plain-HTTP issuer on this machine, the only one allowed outside production. */
export function isLocalHttpIssuer(issuerUrl: string): boolean {
  const url = new URL(issuerUrl);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/**
 * Authorization-code sign-in with PKCE (S256), state and nonce against the configured
 * provider. Discovery happens on first use and is cached (and retried after a failure).
 */
export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        settings.clientSecret,
        // Basic is the method every provider must support (RFC 6749 §2.3.1).
        client.ClientSecretBasic(settings.clientSecret),
        { execute: settings.allowHttp ? [client.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    /** The provider's authorization URL to send the browser to, and what to keep until it returns. */
    async begin(): Promise<{ url: string; pending: OidcPending }> {
      const config = await configuration();
      const pending: OidcPending = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: "openid email profile",
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: "S256",
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    /**
     * Checks the provider's answer (state, nonce, PKCE, ID token signature) and returns
     * the account's claims; throws on anything wrong.
     */
    async complete(callbackUrl: URL, pending: OidcPending): Promise<OidcClaims> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error("El proveedor no entregó un id_token");
      let claims: Record<string, unknown> = { ...idToken };
      // Many providers put the e-mail only in the UserInfo answer of a code flow.
      if (typeof claims.email !== "string") {
        const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
      }
      return {
        sub: idToken.sub,
        email: text(claims.email, 254),
        email_verified:
          typeof claims.email_verified === "boolean" ? claims.email_verified : undefined,
        given_name: text(claims.given_name, 100),
        family_name: text(claims.family_name, 100),
        picture: httpUrl(claims.picture),
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

/** Only http(s) picture URLs reach an <img src>. */
function httpUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2000) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The pending values as a cookie value (base64url JSON; the cookie itself is signed). */
export function encodePending(pending: OidcPending): string {
  return Buffer.from(JSON.stringify(pending)).toString("base64url");
}

export function decodePending(value: string | undefined | null): OidcPending | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    const { state, nonce, verifier } = parsed;
    const ok = [state, nonce, verifier].every(
      (v) => typeof v === "string" && v.length >= 16 && v.length <= 200,
    );
    return ok
      ? { state: state as string, nonce: nonce as string, verifier: verifier as string }
      : null;
  } catch {
    return null;
  }
}
