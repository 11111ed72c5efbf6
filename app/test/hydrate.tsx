import { act } from "@testing-library/react";
import type { ReactElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { vi } from "vitest";

/**
 * Renders `ui` as the server does and hydrates that HTML in this document, as the browser
 * does. `html` is the server's (React's text separators cut, to read its text);
 * `mismatches()` is what React reported so far (a differing text as a recoverable error, a
 * differing attribute on the console); `unmount()` removes it all.
 */
export async function hydrateServerRender(ui: ReactElement) {
  const html = renderToString(ui);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  const consoleErrors = vi.spyOn(console, "error");
  const root = await act(async () =>
    hydrateRoot(container, ui, { onRecoverableError: (error) => recoverable.push(error) }),
  );
  return {
    html: html.replaceAll("<!-- -->", ""),
    mismatches: () => [...recoverable, ...consoleErrors.mock.calls],
    unmount() {
      consoleErrors.mockRestore();
      act(() => root.unmount());
      container.remove();
    },
  };
}
