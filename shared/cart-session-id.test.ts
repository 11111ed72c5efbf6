import { describe, expect, it } from "vitest";
import { newCartSessionId } from "./cart-session-id";
import source from "./cart-session-id.ts?raw";
import cookiesSource from "./cookies.ts?raw";
import { cartSessionIdSchema, newCartSessionId as reExported } from "./schemas/cart";

describe("newCartSessionId", () => {
  it("is 'session', a timestamp and a random string, and passes the schema", () => {
    const id = newCartSessionId();
    expect(id).toMatch(/^session_\d{13}_[a-z0-9]{16}$/);
    expect(cartSessionIdSchema.safeParse(id).success).toBe(true);
  });

  it("is the same function the cart schemas module exports", () => {
    expect(reExported).toBe(newCartSessionId);
  });

  it("imports only the import-free cookie reader, so zod stays out of the layout's JavaScript", () => {
    const imports = [...source.matchAll(/^\s*import\s[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
    expect(imports).toEqual(["./cookies"]);
    expect(cookiesSource).not.toMatch(/^\s*import\s/m);
  });
});
