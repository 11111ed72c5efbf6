import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoadingMascot, MASCOT_MESSAGES } from "./loading-mascot";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const status = () => screen.getByRole("status");

describe("LoadingMascot", () => {
  it("announces its message politely", () => {
    render(<LoadingMascot />);
    expect(status().getAttribute("aria-live")).toBe("polite");
    expect(status().textContent).toBe(MASCOT_MESSAGES[0]);
  });

  it("shows the next message every 2 seconds, not sooner", () => {
    render(<LoadingMascot messages={["uno", "dos", "tres"]} />);
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(status().textContent).toBe("uno");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status().textContent).toBe("dos");
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(status().textContent).toBe("tres");
  });

  it("starts over after the last message", () => {
    render(<LoadingMascot messages={["uno", "dos"]} />);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(status().textContent).toBe("uno");
  });

  it("stops its timer when it goes away", () => {
    const { unmount } = render(<LoadingMascot />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
