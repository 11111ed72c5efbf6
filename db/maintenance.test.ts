import { afterEach, describe, expect, it, vi } from "vitest";
import { embeddedMaintenance } from "./client";

describe("embedded database maintenance", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("vacuums a minute after opening, then every six hours, and stops on close", async () => {
    vi.useFakeTimers();
    const exec = vi.fn(async () => undefined);
    const maintenance = embeddedMaintenance({ exec });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(exec).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(exec).toHaveBeenCalledWith("VACUUM ANALYZE");
    await vi.advanceTimersByTimeAsync(6 * 60 * 60 * 1000);
    expect(exec).toHaveBeenCalledTimes(2);
    await maintenance.stop();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(exec).toHaveBeenCalledTimes(2);
  });

  it("never runs two vacuums at once, and close waits for the running one", async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const exec = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const maintenance = embeddedMaintenance({ exec });
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(6 * 60 * 60 * 1000 - 60_000);
    expect(exec).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = maintenance.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });
});
