import { useSyncExternalStore } from "react";
import { TOAST_DURATION_MS } from "../../shared/limits";

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  duration: number;
}

// Spec §9: one toast at a time; a new one replaces the current one.
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: Omit<ToastMessage, "id" | "duration"> & { duration?: number }) {
  current = { duration: TOAST_DURATION_MS, ...input, id: nextId++ };
  emit();
  return current.id;
}

export function dismissToast(id?: number) {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
