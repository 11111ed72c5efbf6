import { describe, expect, it } from "vitest";
import type { UserDto } from "../../../shared/api-types";
import { loader as loginLoader } from "./login";
import { loader as panelLoader } from "./panel";

const user = (role: UserDto["role"]) => ({ id: "u1", role }) as UserDto;

/** Runs a loader with only what these two read: the signed-in user. */
async function run(loader: (args: never) => Promise<unknown>, who: UserDto | null) {
  const context = { currentUser: async () => who };
  try {
    return await loader({ context } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("admin pages' server-side gate", () => {
  it("lets only an administrator into the panel; a merchant's session goes to the login", async () => {
    expect(await run(panelLoader, user("admin"))).toBeNull();
    for (const who of [null, user("merchant")]) {
      const answer = await run(panelLoader, who);
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).headers.get("Location")).toBe("/admin/login");
    }
  });

  it("sends a signed-in administrator from the login to the panel, but not a merchant (no loop)", async () => {
    const admin = await run(loginLoader, user("admin"));
    expect((admin as Response).headers.get("Location")).toBe("/admin");
    expect(await run(loginLoader, user("merchant"))).toBeNull();
    expect(await run(loginLoader, null)).toBeNull();
  });
});
