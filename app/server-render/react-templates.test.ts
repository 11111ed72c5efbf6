import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cutTemplate, fillTemplate, TemplateKinds } from "./react-templates";

describe("cutTemplate", () => {
  it("cuts at each marker, earliest first, and fills back the same text", () => {
    const html = '<a href="/p/SLUG">NAME · NAME</a>';
    const template = cutTemplate(
      html,
      [
        ["name", "NAME"],
        ["slug", "SLUG"],
      ],
      /NAME|SLUG/,
    );
    expect(template.holes).toEqual(["slug", "name", "name"]);
    expect(template.statics).toEqual(['<a href="/p/', '">', " · ", "</a>"]);
    expect(fillTemplate(template, (hole) => (hole === "name" ? "Pupusa" : "pupusa"))).toBe(
      '<a href="/p/pupusa">Pupusa · Pupusa</a>',
    );
  });

  it("refuses a marker that React changed on the way", () => {
    expect(() => cutTemplate("<b>N&amp;ME</b>", [["name", "N&ME"]], /N&(amp;)?ME/)).toThrow(
      /a marker was changed/,
    );
  });

  it("refuses an empty marker instead of looping for ever", () => {
    // An empty marker is found at every position; before this check the cut never ended.
    expect(() =>
      cutTemplate(
        "<b>4</b>",
        [
          ["stars", ""],
          ["count", "4"],
        ],
        /^$/,
      ),
    ).toThrow(/"stars" is empty/);
  });
});

describe("TemplateKinds", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  const sample = () => ({
    element: createElement("b", null, "NAME"),
    markers: [["name", "NAME"]] as const,
    leftover: /NAME/,
  });

  it("leaves a kind whose sample cannot be cut to React, and keeps the others", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const kinds = new TemplateKinds<string, "name">(
      (kind) => kind,
      (kind) => ({
        element: createElement("b", null, "NAME"),
        markers: [["name", kind === "broken" ? "" : "NAME"]],
        leftover: /NAME/,
      }),
    );
    kinds.prepare(["plain", "broken"]);
    expect(kinds.get("plain")?.holes).toEqual(["name"]);
    expect(kinds.get("broken")).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("renders nothing with SERVER_RENDER=react: every card goes through React", () => {
    vi.stubEnv("SERVER_RENDER", "react");
    const off = new TemplateKinds<string, "name">((kind) => kind, sample);
    off.prepare(["plain"]);
    expect(off.get("plain")).toBeNull();
    vi.stubEnv("SERVER_RENDER", "");
    const on = new TemplateKinds<string, "name">((kind) => kind, sample);
    on.prepare(["plain"]);
    expect(on.get("plain")?.holes).toEqual(["name"]);
  });
});
