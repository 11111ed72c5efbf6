import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];

/** Longest wait for the first picture before the code starts anyway (a hidden tab never paints). */
export const HYDRATION_CAP_MS = 2500;

/**
 * Type of the inert script elements that carry React Router's module code in the page until it
 * may run. The code is page text, rendered with the server's script marker as its nonce, so the
 * server hashes it for the Content-Security-Policy (server/http/security-headers.ts) and the
 * inline module made from it runs under that hash. An element of this type that came into the
 * page otherwise gets no hash: the module made from it is refused.
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

interface ScriptElementProps {
  rel?: string;
  href?: string;
  type?: string;
  dangerouslySetInnerHTML?: { __html?: string };
  children?: ReactNode;
}

export interface SplitScripts {
  /** What must run at once (the server's hand-off of data), rendered as React Router does. */
  immediate: ReactElement[];
  /** The module files React Router would preload in <head>. */
  preloads: string[];
  /** The inline module that imports the route modules and starts hydration. */
  modules: string[];
}

/** Sorts what React Router's <Scripts> renders into what runs now and what may wait. */
export function splitScripts(node: ReactNode): SplitScripts {
  const result: SplitScripts = { immediate: [], preloads: [], modules: [] };
  const visit = (child: ReactNode) => {
    Children.forEach(child, (element) => {
      if (!isValidElement<ScriptElementProps>(element)) return;
      const { props } = element;
      if (element.type === Fragment) visit(props.children);
      else if (element.type === "link" && props.rel === "modulepreload" && props.href)
        result.preloads.push(props.href);
      else if (element.type === "script" && props.type === "module")
        result.modules.push(props.dangerouslySetInnerHTML?.__html ?? "");
      else result.immediate.push(element);
    });
  };
  visit(node);
  return result;
}

/**
 * Runs in the page (inlined with toString, so it must stay self-contained): once the
 * pictures fetched with high priority are in and a frame is painted, adds React Router's
 * module preloads and its inline module; after `capMs` at the latest.
 */
export function startAfterFirstPaint(preloads: string[], modules: string[], capMs: number) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    for (const code of modules) {
      const script = document.createElement("script");
      script.type = "module";
      script.textContent = code;
      document.body.appendChild(script);
    }
  };
  setTimeout(start, capMs);
  // rAF runs with the next frame (never before the stylesheet is in); the timeout, after it.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  const images = document.querySelectorAll('img[fetchpriority="high"]');
  let pending = 0;
  for (const image of Array.from(images) as HTMLImageElement[]) {
    if (image.complete) continue;
    pending++;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      if (--pending === 0) afterPaint();
    };
    image.addEventListener("load", done);
    image.addEventListener("error", done);
  }
  if (pending === 0) afterPaint();
}

/**
 * React Router's <Scripts>, but the page's code starts after its first paint (issue 5).
 * Preloaded at once, ~120 KB of modules share a slow link with the stylesheet and the main
 * picture and make the largest paint wait; links, the search form and the text all work
 * before hydration, so the code can come second. The data hand-off still runs at once.
 * `nonce` (the server's script marker, app/entry.server.tsx) goes on every script it writes.
 */
export function DeferredScripts(props: ScriptsProps) {
  // Called as a function (not rendered) to reuse its output: same hooks, every render.
  const output = Scripts(props);
  const { immediate, preloads, modules } = splitScripts(output);
  // Nothing to hold back: after hydration (<Scripts> renders nothing), or should a new
  // React Router render its module otherwise (then it loads as React Router does).
  if (modules.length === 0) return output;
  const moduleTexts = `Array.from(document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]'),function(s){return s.textContent})`;
  const start = `(${startAfterFirstPaint.toString()})(${jsonForScript(preloads)},${moduleTexts},${HYDRATION_CAP_MS});`;
  return (
    <>
      {immediate.map((element, i) => (
        <Fragment key={i}>{element}</Fragment>
      ))}
      {modules.map((code, i) => (
        // React Router's own module text, safe inside <script> as its <Scripts> renders it.
        <script
          key={`module-${i}`}
          nonce={props.nonce}
          type={DEFERRED_MODULE_TYPE}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: code }}
        />
      ))}
      <script
        nonce={props.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: start }}
      />
    </>
  );
}

/** JSON that cannot end the inline <script> it sits in. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
