import { renderHook } from "@testing-library/react";
import { expect, it } from "vitest";
import { clearTabQueries, useTabQueryClient } from "./query-client";

it("keeps one client per tab, and a sign-in forgets what an earlier session loaded in it", () => {
  const first = renderHook(() => useTabQueryClient()).result.current;
  const second = renderHook(() => useTabQueryClient()).result.current;
  expect(second).toBe(first);

  first.setQueryData(["/api/merchant/me"], { id: 1, name: "Pupusería La Esquina" });
  clearTabQueries();
  expect(first.getQueryData(["/api/merchant/me"])).toBeUndefined();
});
