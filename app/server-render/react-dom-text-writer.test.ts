// @vitest-environment node
/* eslint-disable @typescript-eslint/no-restricted-imports -- the build step's test runs Node, as the build does */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { joinReactDomText } from "./react-dom-text-writer";

const original = join(
  dirname(createRequire(import.meta.url).resolve("react-dom/package.json")),
  "cjs",
  "react-dom-server.node.production.js",
);

/**
 * Renders one page with React's renderer as installed and as the build ships it, in a
 * production Node process (the renderer needs React's production build, and tests run
 * with React's development one). The page: cards with attributes, escaped text, accents,
 * and a part streamed after the shell (like React Router's data scripts).
 */
const RENDER_BOTH = String.raw`
const { createElement: h, Suspense, use } = require("react");
const { PassThrough } = require("node:stream");
const [original, joined] = process.argv.slice(2);

function render(renderer, element) {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const chunks = [];
    let writes = 0;
    const write = sink.write.bind(sink);
    sink.write = (...args) => (writes++, write(...args));
    sink.on("data", (chunk) => chunks.push(chunk));
    sink.on("end", () => resolve({ html: Buffer.concat(chunks).toString("utf8"), writes }));
    const stream = renderer.renderToPipeableStream(element, {
      onShellReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

function Later({ text }) {
  return h("p", { className: "text-sm" }, use(text));
}

function page() {
  const text = new Promise((resolve) => setTimeout(() => resolve("después ✓"), 5));
  const cards = Array.from({ length: 40 }, (_, i) =>
    h("li", { key: i },
      h("article", { className: "group relative flex", "data-open": i % 2 === 0 },
        h("img", { src: "/uploads/" + i + ".webp", alt: "", width: 640, height: 360, loading: "lazy" }),
        h("h2", null, h("a", { href: "/merchants/comercio-" + i }, "Pupusería «Doña Ñeca» " + i + " & <hijos>")),
        h("span", { role: "img", "aria-label": "4.5 de 5", dangerouslySetInnerHTML: { __html: "<svg></svg>" } }),
        h("p", { style: { width: i + "%" } }, "Abre a las ", i, ":00 a. m."))));
  return h("html", { lang: "es" },
    h("head", null, h("title", null, "Comercios — Tiangue")),
    h("body", null, h("ul", null, cards), h(Suspense, { fallback: "Cargando…" }, h(Later, { text }))));
}

(async () => {
  const before = await render(require(original), page());
  const after = await render(require(joined), page());
  process.stdout.write(JSON.stringify({
    same: before.html === after.html,
    length: after.html.length,
    streamed: after.html.includes("después ✓") && after.html.includes("Doña Ñeca"),
    writesBefore: before.writes,
    writesAfter: after.writes,
  }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

describe("react-dom-text-writer (issue 13, docs/decisions/0020)", () => {
  it("writes the same page, the streamed part included, in no more writes", () => {
    // Beside the project's node_modules, so that the copies' require("react") finds it.
    const dir = join(process.cwd(), "node_modules", ".cache", "react-dom-text-writer-test");
    mkdirSync(dir, { recursive: true });
    const joined = join(dir, `renderer-${process.pid}.cjs`);
    const script = join(dir, `render-both-${process.pid}.cjs`);
    writeFileSync(joined, joinReactDomText(readFileSync(original, "utf8")));
    writeFileSync(script, RENDER_BOTH);
    let output: string;
    try {
      output = execFileSync(process.execPath, [script, original, joined], {
        env: { ...process.env, NODE_ENV: "production" },
        encoding: "utf8",
      });
    } finally {
      rmSync(joined, { force: true });
      rmSync(script, { force: true });
    }
    const result = JSON.parse(output) as {
      same: boolean;
      length: number;
      streamed: boolean;
      writesBefore: number;
      writesAfter: number;
    };
    expect(result.same).toBe(true);
    expect(result.streamed).toBe(true);
    expect(result.length).toBeGreaterThan(8000);
    expect(result.writesAfter).toBeLessThanOrEqual(result.writesBefore);
  });

  it("stops the build when React's code no longer has what it changes", () => {
    expect(() => joinReactDomText("function writeChunk(destination, chunk) {\n}")).toThrow(
      /React's server renderer changed/,
    );
  });
});
