import type { ReactElement } from "react";
// Not "react-dom/server": the server build turns that into React's streaming renderer alone
// (app/server-render/react-dom-text-writer.ts), which has no renderToString.
import { renderToString } from "react-dom/server.node";
import { reactOnly } from "./switch";

/**
 * Cards the server writes from templates cut out of React's own HTML (issue 13,
 * docs/decisions/0023): each kind of card is rendered once by React with marker values and cut
 * at the markers; a card is then its kind's template with its own values, escaped as React
 * escapes them. Server only: the browser renders the components themselves.
 */

/** Static text around holes: `statics[0]`, `holes[0]`, `statics[1]`, …, the last static. */
export interface Template<Hole extends string> {
  statics: string[];
  holes: Hole[];
}

/**
 * Cuts `html` at every marker, the earliest first (the longer one where two start at the same
 * place). `leftover` matches what must not remain in a static part: a marker React changed on
 * the way (escaped, shortened), which would otherwise be sent as if it were the card's text.
 */
export function cutTemplate<Hole extends string>(
  html: string,
  markers: readonly (readonly [Hole, string])[],
  leftover: RegExp,
): Template<Hole> {
  // An empty marker is found at every position: the loop below would never end.
  const empty = markers.find(([, marker]) => marker === "");
  if (empty) throw new Error(`react-templates: the marker of "${empty[0]}" is empty`);
  const statics: string[] = [];
  const holes: Hole[] = [];
  let at = 0;
  for (;;) {
    let found: { hole: Hole; index: number; length: number } | undefined;
    for (const [hole, marker] of markers) {
      const index = html.indexOf(marker, at);
      if (index < 0) continue;
      if (!found || index < found.index || (index === found.index && marker.length > found.length))
        found = { hole, index, length: marker.length };
    }
    if (!found) break;
    statics.push(html.slice(at, found.index));
    holes.push(found.hole);
    at = found.index + found.length;
  }
  statics.push(html.slice(at));
  if (statics.some((part) => leftover.test(part))) {
    throw new Error(`react-templates: a marker was changed in ${JSON.stringify(html)}`);
  }
  return { statics, holes };
}

export function fillTemplate<Hole extends string>(
  { statics, holes }: Template<Hole>,
  valueOf: (hole: Hole) => string,
): string {
  let html = statics[0]!;
  for (let i = 0; i < holes.length; i++) html += valueOf(holes[i]!) + statics[i + 1]!;
  return html;
}

/**
 * React's escaping of text and attribute values (escapeTextForBrowser). Not
 * shared/escape-html.ts: that one writes `'` as `&#39;`, React as `&#x27;`, and a template's
 * values must be React's bytes exactly.
 */
const ESCAPED: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};
const TO_ESCAPE = /["&'<>]/g;
export const escapeAsReact = (text: string) => text.replace(TO_ESCAPE, (c) => ESCAPED[c]!);

/** A picture URL React writes as it is (it rewrites `javascript:` ones). */
export const isPlainPictureUrl = (url: string) => /^(?:\/|https?:)/i.test(url);

/**
 * The templates of one component's kinds, rendered when first asked for. Never inside a
 * component's render: React's renderer keeps the component being rendered in module state,
 * which a nested render would reset. So a kind asked for during a page is rendered right
 * after it (that page's card goes through React), or all at once with `prepare`.
 */
export class TemplateKinds<Kind, Hole extends string> {
  private readonly templates = new Map<string, Template<Hole> | null>();
  private readonly pending = new Map<string, Kind>();
  /** `SERVER_RENDER=react`: no templates, every card is React's (switch.ts). */
  private readonly off = reactOnly();

  constructor(
    private readonly keyOf: (kind: Kind) => string,
    /** The kind's card with marker values, and those markers. */
    private readonly sample: (kind: Kind) => {
      element: ReactElement;
      markers: readonly (readonly [Hole, string])[];
      leftover: RegExp;
    },
  ) {}

  /** The kind's template; null (for React to write the card) until it has been rendered. */
  get(kind: Kind): Template<Hole> | null {
    if (this.off) return null;
    const key = this.keyOf(kind);
    const template = this.templates.get(key);
    if (template !== undefined) return template;
    if (this.pending.size === 0) setImmediate(() => this.renderPending());
    this.pending.set(key, kind);
    return null;
  }

  /** Renders these kinds now (at the server's start, in tests). */
  prepare(kinds: Iterable<Kind>) {
    if (this.off) return;
    for (const kind of kinds) this.pending.set(this.keyOf(kind), kind);
    this.renderPending();
  }

  private renderPending() {
    for (const [key, kind] of this.pending) {
      try {
        const { element, markers, leftover } = this.sample(kind);
        this.templates.set(key, cutTemplate(renderToString(element), markers, leftover));
      } catch (error) {
        // That kind stays with React.
        console.error(error);
        this.templates.set(key, null);
      }
    }
    this.pending.clear();
  }
}
