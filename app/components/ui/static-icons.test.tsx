import * as lucide from "lucide-react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { staticIcon, type StaticIconName } from "./static-icons";

const NAMES: StaticIconName[] = [
  "receipt",
  "heart",
  "shopping-cart",
  "menu",
  "x",
  "search",
  "map-pin",
  "package",
  "message-circle",
  "link-2",
  "share-2",
  "phone",
  "mail",
  "clock",
  "external-link",
  "arrow-right",
  "chevron-left",
  "chevron-right",
  "chevron-down",
];

function lucideIcon(name: string) {
  const pascal = name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  return (
    lucide as unknown as Record<
      string,
      ComponentType<{ className?: string; "aria-hidden"?: boolean }>
    >
  )[pascal]!;
}

describe("staticIcon", () => {
  it.each(NAMES)("draws %s exactly as lucide's component does", (name) => {
    const Icon = lucideIcon(name);
    expect(renderToStaticMarkup(staticIcon(name, "size-4 text-brand-700"))).toBe(
      renderToStaticMarkup(<Icon aria-hidden className="size-4 text-brand-700" />),
    );
    expect(renderToStaticMarkup(staticIcon(name))).toBe(renderToStaticMarkup(<Icon aria-hidden />));
  });
});
