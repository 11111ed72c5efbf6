import { useCallback, useRef, useState } from "react";

export interface AsyncActionHandlers<TArgs extends unknown[], TResult> {
  onSuccess?: (result: TResult, ...args: TArgs) => void | Promise<void>;
  onError?: (error: unknown, ...args: TArgs) => void | Promise<void>;
}

export interface AsyncAction<TArgs extends unknown[], TResult> {
  /** Sends the request; resolves once its handlers ran, never rejects (the error is state). */
  run: (...args: TArgs) => Promise<void>;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  /** The last run's error, until the next run. */
  error: unknown;
  data: TResult | undefined;
}

type State<TResult> =
  | { status: "idle" | "pending"; data?: undefined; error?: undefined }
  | { status: "success"; data: TResult; error?: undefined }
  | { status: "error"; data?: undefined; error: unknown };

/**
 * A request a button or a form sends (a mutation), for the pages that do not load TanStack
 * Query at first (issue 27: the order pages, the sign-in and look-up forms, a product's
 * button): pending while it runs, then its answer or its error. The handlers are the latest
 * render's, as with TanStack's useMutation.
 */
export function useAsyncAction<TArgs extends unknown[], TResult>(
  action: (...args: TArgs) => Promise<TResult>,
  handlers: AsyncActionHandlers<TArgs, TResult> = {},
): AsyncAction<TArgs, TResult> {
  const [state, setState] = useState<State<TResult>>({ status: "idle" });
  const latest = useRef({ action, handlers });
  latest.current = { action, handlers };

  const run = useCallback(async (...args: TArgs) => {
    setState({ status: "pending" });
    let result: TResult;
    try {
      result = await latest.current.action(...args);
    } catch (error) {
      setState({ status: "error", error });
      await latest.current.handlers.onError?.(error, ...args);
      return;
    }
    setState({ status: "success", data: result });
    await latest.current.handlers.onSuccess?.(result, ...args);
  }, []);

  return {
    run,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
    error: state.error,
    data: state.data,
  };
}
