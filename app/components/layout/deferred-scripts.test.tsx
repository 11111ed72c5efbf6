import { type ContextType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
} from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DeferredScripts,
  HYDRATION_CAP_MS,
  splitScripts,
  startAfterFirstPaint,
} from "./deferred-scripts";

// A frame (16 ms) and the timeout after it.
const FRAME_MS = 20;

/** A page whose root renders <DeferredScripts>, rendered as the server does. */
async function serverHtml(): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "/", Component: DeferredScripts }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("respuesta inesperada");
  const router = createStaticRouter(handler.dataRoutes, context);
  const framework = {
    manifest: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/shell.js"] },
      routes: {
        root: {
          id: "root",
          path: "/",
          module: "/assets/root.js",
          imports: ["/assets/shell.js", "/assets/catalog.js"],
          css: [],
          hasAction: false,
          hasLoader: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
          hasDefaultExport: true,
        },
      },
      url: "/assets/manifest-1.js",
      version: "1",
    },
    routeModules: {},
    serverHandoffString: '{"ssr":true}',
    future: {},
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    renderMeta: {},
  } as unknown as NonNullable<ContextType<typeof FrameworkContext>>;
  return renderToString(
    <FrameworkContext.Provider value={framework}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </FrameworkContext.Provider>,
  );
}

function highPriorityImage(): HTMLImageElement {
  const image = document.createElement("img");
  image.setAttribute("fetchpriority", "high");
  Object.defineProperty(image, "complete", { value: false });
  document.body.appendChild(image);
  return image;
}

const preloaded = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map(
    (link) => link.getAttribute("href"),
  );
const moduleScripts = () =>
  Array.from(document.querySelectorAll('script[type="module"]')).map((s) => s.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame"] });
});
afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("splitScripts", () => {
  it("separates the preloads and the module from what runs at once", () => {
    const split = splitScripts(
      <>
        <script dangerouslySetInnerHTML={{ __html: "window.a = 1" }} />
        <link rel="modulepreload" href="/assets/a.js" />
        {[<link key="b" rel="modulepreload" href="/assets/b.js" />]}
        <>
          <script type="module" dangerouslySetInnerHTML={{ __html: 'import "/assets/a.js";' }} />
        </>
      </>,
    );
    expect(split.preloads).toEqual(["/assets/a.js", "/assets/b.js"]);
    expect(split.modules).toEqual(['import "/assets/a.js";']);
    expect(split.immediate).toHaveLength(1);
    expect(split.immediate[0].type).toBe("script");
  });
});

describe("startAfterFirstPaint", () => {
  it("waits for the high-priority picture and a painted frame", () => {
    const image = highPriorityImage();
    startAfterFirstPaint(["/assets/entry.js", "/assets/shell.js"], ["import 'x';"], 2500);
    vi.advanceTimersByTime(500);
    expect(preloaded()).toEqual([]);
    expect(moduleScripts()).toEqual([]);

    image.dispatchEvent(new Event("load"));
    expect(moduleScripts()).toEqual([]);
    vi.advanceTimersByTime(FRAME_MS);
    expect(preloaded()).toEqual(["/assets/entry.js", "/assets/shell.js"]);
    expect(moduleScripts()).toEqual(["import 'x';"]);

    // The cap, later, does not add them twice.
    vi.advanceTimersByTime(5000);
    expect(moduleScripts()).toHaveLength(1);
    expect(preloaded()).toHaveLength(2);
  });

  it("starts after the first frame when no picture is pending, and a failed picture counts", () => {
    startAfterFirstPaint(["/assets/entry.js"], ["import 'x';"], 2500);
    vi.advanceTimersByTime(FRAME_MS);
    expect(moduleScripts()).toEqual(["import 'x';"]);

    document.body.innerHTML = "";
    document.head.innerHTML = "";
    const image = highPriorityImage();
    startAfterFirstPaint(["/assets/entry.js"], ["import 'y';"], 2500);
    image.dispatchEvent(new Event("error"));
    vi.advanceTimersByTime(FRAME_MS);
    expect(moduleScripts()).toEqual(["import 'y';"]);
  });

  it("starts anyway after the cap when the picture never arrives", () => {
    highPriorityImage();
    startAfterFirstPaint(["/assets/entry.js"], ["import 'x';"], 2500);
    vi.advanceTimersByTime(2499);
    expect(moduleScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(moduleScripts()).toEqual(["import 'x';"]);
  });
});

describe("DeferredScripts", () => {
  it("renders no preload or module, only the hand-off and a script that adds them later", async () => {
    const html = await serverHtml();
    expect(html).not.toContain("<link");
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('window.__reactRouterContext = {"ssr":true}');

    // Run the page's scripts as the browser would.
    document.body.innerHTML = html;
    for (const script of Array.from(document.querySelectorAll("script"))) {
      if (script.textContent?.includes("startAfterFirstPaint")) window.eval(script.textContent);
    }
    expect(moduleScripts()).toEqual([]);
    vi.advanceTimersByTime(FRAME_MS);
    expect(preloaded()).toEqual([
      "/assets/entry.client.js",
      "/assets/shell.js",
      "/assets/root.js",
      "/assets/catalog.js",
    ]);
    const [code] = moduleScripts();
    expect(code).toContain('import * as route0 from "/assets/root.js";');
    expect(code).toContain('import("/assets/entry.client.js");');
    expect(HYDRATION_CAP_MS).toBeGreaterThan(1000);
  });
});
