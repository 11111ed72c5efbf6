import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useAsyncAction } from "./use-async-action";
import { deferred } from "../../shared/test/test-helpers";

describe("useAsyncAction", () => {
  it("is pending while the request runs, then holds its answer and calls onSuccess with it", async () => {
    const answer = deferred<string>();
    const onSuccess = vi.fn();
    const { result } = renderHook(() =>
      useAsyncAction((id: number) => answer.promise.then((text) => `${text} ${id}`), { onSuccess }),
    );
    expect(result.current.isPending).toBe(false);

    let running!: Promise<void>;
    act(() => {
      running = result.current.run(7);
    });
    expect(result.current.isPending).toBe(true);

    await act(async () => {
      answer.resolve("pedido");
      await running;
    });
    expect(result.current).toMatchObject({ isPending: false, isSuccess: true, data: "pedido 7" });
    expect(onSuccess).toHaveBeenCalledWith("pedido 7", 7);
  });

  it("keeps a failure as its error, calls onError, and never rejects the caller", async () => {
    const failure = new Error("sin red");
    const onError = vi.fn();
    const { result } = renderHook(() => useAsyncAction(() => Promise.reject(failure), { onError }));
    await act(() => result.current.run());
    expect(result.current).toMatchObject({ isError: true, isSuccess: false, error: failure });
    expect(onError).toHaveBeenCalledWith(failure);

    // A new run starts clean.
    const again = deferred<never>();
    const { result: second } = renderHook(() => useAsyncAction(() => again.promise));
    act(() => void second.current.run());
    await waitFor(() => expect(second.current.isPending).toBe(true));
    expect(second.current.error).toBeUndefined();
  });

  it("calls the handlers of the latest render", async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { result, rerender } = renderHook(
      ({ onSuccess }) => useAsyncAction(() => Promise.resolve(1), { onSuccess }),
      { initialProps: { onSuccess: first } },
    );
    rerender({ onSuccess: latest });
    await act(() => result.current.run());
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(1);
  });
});
