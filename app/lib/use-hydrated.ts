import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and while hydrating, true once React runs the page. Forms
 * that only work through JavaScript stay disabled until then (the code loads after the
 * first paint, docs/decisions/0005), so an early click can never submit them natively
 * (a GET that would put a password in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
