import {
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  type ServerBuild,
} from "react-router";
import * as entryServer from "../../app/entry.server";

/** A route of a test build: its module (the real app/routes file), parent and path. */
export interface TestRoute {
  parentId?: string;
  path?: string;
  /** The parent's index route (home under the public layout). */
  index?: boolean;
  module: object;
}

/** A route module as the build hands it over: its components given their props (loaderData…). */
function built(module: Record<string, unknown>) {
  type Component = Parameters<typeof UNSAFE_withComponentProps>[0];
  type Boundary = Parameters<typeof UNSAFE_withErrorBoundaryProps>[0];
  return {
    ...module,
    default: UNSAFE_withComponentProps(module.default as Component),
    ...(module.ErrorBoundary
      ? { ErrorBoundary: UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as Boundary) }
      : {}),
  };
}

/**
 * What `react-router build` makes of app/, cut down to the given routes (by id: "root",
 * "routes/public/layout", a page…), for tests that render real pages through React Router's
 * handler and the app's services. The tests mock the stylesheet's built URL themselves
 * (`vi.mock("../../app/app.css?url", …)`: Vite gives none to a test).
 */
export function testServerBuild(routes: Record<string, TestRoute>): ServerBuild {
  const entries = Object.entries(routes);
  const modules = Object.fromEntries(
    entries.map(([id, route]) => [
      id,
      { id, ...route, module: built(route.module as Record<string, unknown>) },
    ]),
  );
  const manifest = Object.fromEntries(
    entries.map(([id, route]) => [
      id,
      {
        id,
        parentId: route.parentId,
        path: route.path,
        hasAction: "action" in route.module,
        hasLoader: "loader" in route.module,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasDefaultExport: true,
        hasErrorBoundary: "ErrorBoundary" in route.module,
        module: `/assets/${id.replace(/\//g, "-")}.js`,
        imports: ["/assets/shell.js"],
        css: [],
      },
    ]),
  );
  return {
    entry: { module: entryServer },
    routes: modules,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/shell.js"], css: [] },
      routes: manifest,
      url: "/assets/manifest-test.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    future: {
      unstable_optimizeDeps: false,
      v8_passThroughRequests: false,
      v8_trailingSlashAwareDataRequests: false,
      unstable_previewServerPrerendering: false,
      v8_middleware: false,
      v8_splitRouteModules: false,
      v8_viteEnvironmentApi: false,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
