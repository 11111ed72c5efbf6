import type { Resolver } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { lazyResolver } from "./lazy-resolver";

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

const accept: Resolver<Values, unknown, Values> = (values) => ({ values, errors: {} });

describe("lazyResolver", () => {
  it("downloads the real resolver at the first validation only, then delegates to it", async () => {
    const load = vi.fn(async () => accept);
    const { resolver } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ name: "Ana" }, undefined, options)).toEqual({
      values: { name: "Ana" },
      errors: {},
    });
    await resolver({ name: "Luis" }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("can start the download before the first validation", async () => {
    const load = vi.fn(async () => accept);
    const { resolver, preload } = lazyResolver(load);
    preload();
    preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ name: "Ana" }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("fails the validation when the download fails, and tries again the next time", async () => {
    const load = vi
      .fn<() => Promise<typeof accept>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(accept);
    const { resolver } = lazyResolver(load);
    await expect(resolver({ name: "Ana" }, undefined, options)).rejects.toThrow("offline");
    expect(await resolver({ name: "Ana" }, undefined, options)).toEqual({
      values: { name: "Ana" },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("tries again at the first validation after a failed early download", async () => {
    const load = vi
      .fn<() => Promise<typeof accept>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(accept);
    const { resolver, preload } = lazyResolver(load);
    preload();
    expect(load).toHaveBeenCalledTimes(1);
    // The failure settles (and is not reported) before the first validation.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await resolver({ name: "Ana" }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
