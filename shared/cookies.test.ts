import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookies";

describe("cookieValue", () => {
  it("reads the first cookie of that name, raw, whatever its neighbours", () => {
    expect(cookieValue("a=1; tiangue-favorites=m:x|p:y; b=2", "tiangue-favorites")).toBe("m:x|p:y");
    expect(cookieValue("x=1;x=2", "x")).toBe("1");
    expect(cookieValue("t=a=b", "t")).toBe("a=b");
    expect(cookieValue("t=", "t")).toBe("");
  });

  it("is undefined without it, or for a name that only ends or starts alike", () => {
    expect(cookieValue(null, "t")).toBeUndefined();
    expect(cookieValue("", "t")).toBeUndefined();
    expect(cookieValue("xt=1; tx=2; t", "t")).toBeUndefined();
  });
});
