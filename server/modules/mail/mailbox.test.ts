import { describe, expect, it } from "vitest";
import { mailboxOf } from "./mailbox";

describe("mailboxOf (the per-person e-mail caps, issue 37 M1)", () => {
  it("counts plus-tags, Gmail's dots, googlemail.com and letter case as one mailbox", () => {
    const one = [
      "ana@gmail.com",
      "ana+1@gmail.com",
      "ana+2@gmail.com",
      "a.na@gmail.com",
      "A.N.A+pedidos@GoogleMail.com",
      "  ANA@GMAIL.COM ",
    ];
    expect(new Set(one.map(mailboxOf))).toEqual(new Set(["ana@gmail.com"]));
  });

  it("drops plus-tags at every provider but keeps the dots where they count", () => {
    expect(mailboxOf("maria.lopez+tienda@hotmail.com")).toBe("maria.lopez@hotmail.com");
    expect(mailboxOf("maria.lopez@hotmail.com")).not.toBe(mailboxOf("marialopez@hotmail.com"));
    expect(mailboxOf("ventas@tienda.com.sv")).toBe("ventas@tienda.com.sv");
  });
});
