import { useSyncExternalStore } from "react";

/**
 * 'Sonido de pedidos nuevos' (issue 35): a short beep written with the Web Audio API (no
 * audio file, nothing from another host), switched on once by the merchant and remembered
 * in this browser. Browsers play sound only after a user gesture: the switch is one, and
 * after a reload the first tap or key anywhere on the page wakes the sound again.
 */
export const ORDER_SOUND_KEY = "tiangue:order-sound";

type AudioContextClass = typeof AudioContext;

const listeners = new Set<() => void>();
let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === "undefined") return undefined;
  return (
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext
  );
}

function readSetting(): boolean {
  try {
    return localStorage.getItem(ORDER_SOUND_KEY) === "on";
  } catch {
    // Storage refused (private mode, a policy): the sound simply starts off.
    return false;
  }
}

/** Creates or resumes the audio context; only works from a user gesture's task. */
function wakeAudio(): void {
  const Context = audioContextClass();
  if (!Context) return;
  context ??= new Context();
  if (context.state === "suspended") void context.resume().catch(() => {});
}

let waitingForGesture = false;

/** After a reload the setting is on but the context needs a gesture: wait for the first one. */
function wakeOnFirstGesture(): void {
  if (waitingForGesture || typeof document === "undefined") return;
  waitingForGesture = true;
  const wake = () => {
    waitingForGesture = false;
    document.removeEventListener("pointerdown", wake, true);
    document.removeEventListener("keydown", wake, true);
    if (readSetting()) wakeAudio();
  };
  document.addEventListener("pointerdown", wake, true);
  document.addEventListener("keydown", wake, true);
}

export function setOrderSound(on: boolean): void {
  try {
    if (on) localStorage.setItem(ORDER_SOUND_KEY, "on");
    else localStorage.removeItem(ORDER_SOUND_KEY);
  } catch {
    // Not remembered, but still on for this visit's gesture below.
  }
  if (on) wakeAudio();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const storage = (event: StorageEvent) => {
    if (event.key === ORDER_SOUND_KEY) listener();
  };
  // Another tab of the portal switched it.
  window.addEventListener("storage", storage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", storage);
  };
}

/** Whether the sound is on, and the switch; off in the server's render. */
export function useOrderSound(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, readSetting, () => false);
  return [on, setOrderSound];
}

/** Two short tones, when the merchant switched the sound on. */
export function playOrderBeep(): void {
  if (!readSetting()) return;
  if (!context || context.state !== "running") {
    wakeAudio();
    wakeOnFirstGesture();
  }
  if (!context || context.state !== "running") return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    // A quick fade in and out: no click at either end.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.16);
  }
}

/** Tests: forget the audio context between cases. */
export function resetOrderSoundForTests(): void {
  context = null;
  waitingForGesture = false;
}
