// A Vite build step: Node runs it while building (vite.config.ts); no page ever imports it.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { createRequire } from "node:module";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { dirname, join } from "node:path";
import type { Plugin } from "vite";
import { reactOnly } from "./switch";

/**
 * React's server renderer for Node writes an HTML page as thousands of small pieces (a tag's
 * name, ` class="`, the escaped value, `"` …): the fixed ones pre-encoded as Uint8Arrays, the
 * others encoded one by one into a 4 KB buffer (a `subarray` and a `TextEncoder.encodeInto`
 * call each, a `set` for each fixed piece). A category page makes ~13,000 such calls, and
 * the profile put them (`writeChunk`, `encodeInto`) at a fifth of React's render
 * (issue 13, docs/decisions/0020).
 *
 * This build step changes only how those pieces are joined, in the production server build:
 * the fixed pieces stay strings, every piece is appended to one string (V8 joins strings
 * without copying), and that string is encoded once per 4 K characters and at the end of
 * each flush. What React writes, and in which order, is unchanged: the server-render test
 * compares pages rendered with and without it. If React's code changes so that a piece is
 * no longer found, the build stops here rather than ship a half-applied change.
 */

export const REACT_DOM_SERVER = /\/react-dom\/cjs\/react-dom-server\.node\.production\.js$/;

const EDITS: { find: string; replace: string }[] = [
  {
    // Fixed pieces stay strings: they are joined like the others.
    find: "function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}",
    replace: "function stringToPrecomputedChunk(content) {\n  return content;\n}",
  },
  {
    // Strings are appended to the pending text; bytes (none left but the binary path's own)
    // go after it, through React's original function.
    find: "function writeChunk(destination, chunk) {\n",
    replace: `var pendingText = "";
function flushPendingText(destination) {
  if (0 !== pendingText.length) {
    var text = pendingText;
    pendingText = "";
    writeBinaryChunk(destination, Buffer.from(text, "utf8"));
  }
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingText += chunk;
    4096 < pendingText.length && flushPendingText(destination);
    return;
  }
  flushPendingText(destination);
  writeBinaryChunk(destination, chunk);
}
function writeBinaryChunk(destination, chunk) {
`,
  },
  {
    // Every flush ends here (React's own buffer is written out too): nothing stays behind
    // for the next request, as React's module-wide buffer doesn't.
    find: "function completeWriting(destination) {\n",
    replace: "function completeWriting(destination) {\n  flushPendingText(destination);\n",
  },
];

/** React's Node server renderer with its pieces joined as one string (see above). */
export function joinReactDomText(code: string): string {
  let out = code;
  for (const { find, replace } of EDITS) {
    const at = out.indexOf(find);
    if (at < 0 || out.indexOf(find, at + 1) >= 0) {
      throw new Error(
        `react-dom-text-writer: React's server renderer changed (${JSON.stringify(find.slice(0, 60))} ` +
          "not found exactly once). Review app/server-render/react-dom-text-writer.ts against the new version.",
      );
    }
    out = out.slice(0, at) + replace + out.slice(at + find.length);
  }
  return out;
}

/**
 * The Vite plugin, for the production server build only: `react-dom/server` becomes React's
 * production Node renderer itself, bundled (it is otherwise loaded from node_modules at run
 * time, out of reach of a build step) with `joinReactDomText` applied. Only this one file is
 * bundled: `react` and `react-dom` stay the app's single external copies.
 */
export function reactDomTextWriter(): Plugin {
  return {
    name: "tiangue:react-dom-text-writer",
    // Not with SERVER_RENDER=react (switch.ts): React's renderer as installed, to compare.
    apply: (_config, { command }) => command === "build" && !reactOnly(),
    enforce: "pre",
    resolveId(source, _importer, options) {
      if (source !== "react-dom/server" || !options?.ssr) return null;
      // Not among react-dom's package exports: found from its package.json.
      const root = dirname(createRequire(import.meta.url).resolve("react-dom/package.json"));
      return { id: join(root, "cjs", "react-dom-server.node.production.js"), external: false };
    },
    transform(code, id) {
      // The file itself, not the commonjs plugin's "\0…?commonjs-…" proxies of it.
      if (id.startsWith("\0") || !REACT_DOM_SERVER.test(id.split("?")[0])) return null;
      return { code: joinReactDomText(code), map: null };
    },
  };
}
