import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { JsonLd, jsonLdText } from "./json-ld";

describe("JsonLd", () => {
  it("cannot be closed by text inside the data", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });

  it("renders one ld+json script", () => {
    const { container } = render(<JsonLd data={{ "@type": "WebSite", name: "Tiangue" }} />);
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script!.innerHTML)).toEqual({ "@type": "WebSite", name: "Tiangue" });
  });
});
