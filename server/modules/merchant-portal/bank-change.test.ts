import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, orders } from "../../../db/schema/index";
import type { CheckoutDto } from "../../../shared/checkout";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { startDoorApp, type DoorApp } from "../../test/order-life-fixtures";
import { bankChanges, maskAccountNumber } from "./bank-change";

/**
 * Issue 37 L5: a merchant's bank details changed from the portal are e-mailed to its sign-in
 * address (what changed, the account number masked, when, what to do if it was not them),
 * and a transfer order keeps showing the account its checkout showed; an older order without
 * that copy shows the current details.
 */
const OLD_BANK = {
  bankName: "Banco Agrícola",
  accountHolder: "Pupusería La Cuenta S.A. de C.V.",
  accountNumber: "003-12345678-9012",
  accountType: "Ahorro",
};
const NEW_BANK = {
  bankName: "Banco Cuscatlán",
  accountHolder: "Otra Persona",
  accountNumber: "987654321099",
  accountType: "Corriente",
};
const SUBJECT = "Cambiaron los datos bancarios de tu comercio en Tiangue";

describe("a merchant's bank details change (issue 37 L5)", () => {
  let door: DoorApp;
  let merchant: typeof merchants.$inferSelect;
  let productId: number;
  let cookie: string;

  beforeAll(async () => {
    door = await startDoorApp();
    const categoryId = (await insertCategory(door.t.db)).id;
    merchant = await insertMerchant(door.t.db, {
      categoryId,
      name: "Pupusería La Cuenta",
      email: "cuenta@ejemplo.sv",
      paymentMethods: ["transfer", "cash"],
      ...OLD_BANK,
    });
    productId = (
      await insertProduct(door.t.db, { merchantId: merchant.id, categoryId, price: "6.00" })
    ).id;
    cookie = await door.merchantCookie(merchant.email);
  });
  afterAll(async () => {
    await door?.close();
  });

  const transferOrder = async (email: string) =>
    door.placed({
      sessionId: await door.cartWith([[productId, 1]]),
      customerName: "Ana Peña",
      customerEmail: email,
      customerPhone: "7000-1234",
      paymentMethod: "transfer",
    });
  const bankOnPage = async (dto: CheckoutDto) =>
    (await door.orderPage(dto.orderUrl)).json<CheckoutDto>().orders[0].bankDetails;
  const saveProfile = (changes: Record<string, unknown>) =>
    door.inject({
      method: "PUT",
      url: `/api/merchant/${merchant.id}`,
      cookie,
      payload: {
        description: merchant.description,
        address: merchant.address,
        phone: merchant.phone,
        email: merchant.email,
        schedule: merchant.schedule,
        ...changes,
      },
    });
  const bankMails = async () =>
    (await door.mailTo(merchant.email)).filter((m) => m.subject === SUBJECT);

  it("masks account numbers and lists only what changed", () => {
    expect(maskAccountNumber("003-12345678-9012")).toBe("•••• 9012");
    expect(maskAccountNumber(null)).toBe("(sin datos)");
    expect(bankChanges(OLD_BANK, { ...OLD_BANK })).toEqual([]);
    expect(bankChanges(OLD_BANK, { ...OLD_BANK, accountNumber: "111122223333" })).toEqual([
      ["Número de cuenta", "•••• 9012 → •••• 3333"],
    ]);
  });

  it("e-mails the sign-in address, and the pending order keeps the account it was shown", async () => {
    const before = await transferOrder("ana.antes@ejemplo.sv");
    expect(await bankOnPage(before)).toEqual(OLD_BANK);

    // A change of anything else is no bank notice.
    const other = await saveProfile({ description: "Pupusas de arroz y de maíz, recién hechas." });
    expect(other.statusCode, other.body).toBe(200);
    expect(await bankMails()).toEqual([]);

    const saved = await saveProfile(NEW_BANK);
    expect(saved.statusCode, saved.body).toBe(200);
    const mails = await bankMails();
    expect(mails).toHaveLength(1);
    const text = mails[0].text;
    expect(text).toContain("Pupusería La Cuenta");
    expect(text).toContain("Banco Agrícola → Banco Cuscatlán");
    expect(text).toContain("•••• 9012 → •••• 1099");
    expect(text).toContain("Corriente");
    expect(text).toMatch(/\d{1,2} de \w+ de \d{4}, \d{2}:\d{2} \(hora de El Salvador\)/);
    expect(text).toContain("Si no hiciste este cambio");
    // Never the whole account number, old or new; no image of another host.
    expect(text).not.toContain(OLD_BANK.accountNumber);
    expect(text).not.toContain(NEW_BANK.accountNumber);
    expect(mails[0].html).not.toContain(NEW_BANK.accountNumber);
    expect(mails[0].html).not.toMatch(/<img[^>]+src="https?:/);

    // The order placed before still shows the account its checkout gave; a new one the new.
    expect(await bankOnPage(before)).toEqual(OLD_BANK);
    const after = await transferOrder("ana.despues@ejemplo.sv");
    expect(await bankOnPage(after)).toEqual(NEW_BANK);

    // An order from before this copy was kept shows the merchant's current details.
    await door.t.db
      .update(orders)
      .set({ bankDetails: null })
      .where(eq(orders.id, before.orders[0].id));
    expect(await bankOnPage(before)).toEqual(NEW_BANK);

    // The same details saved again are no change.
    expect((await saveProfile(NEW_BANK)).statusCode).toBe(200);
    expect(await bankMails()).toHaveLength(1);
  });

  it("an administrator's change of the bank details is e-mailed the same way", async () => {
    const before = (await bankMails()).length;
    const [row] = await door.t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    const res = await door.t.asAdmin({
      method: "PUT",
      url: `/api/admin/merchants/${merchant.id}`,
      payload: {
        name: row.name,
        description: row.description,
        address: row.address,
        department: row.department,
        municipality: row.municipality,
        phone: row.phone,
        email: row.email,
        categoryId: row.categoryId,
        schedule: row.schedule,
        paymentMethods: ["transfer", "cash"],
        ...NEW_BANK,
        accountNumber: "555566667777",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await bankMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain("•••• 1099 → •••• 7777");
  });

  it("keeps no bank details on an order paid another way", async () => {
    const dto = await door.placed({
      sessionId: await door.cartWith([[productId, 1]]),
      customerName: "Ana Peña",
      customerEmail: "ana.efectivo@ejemplo.sv",
      customerPhone: "7000-1234",
      paymentMethod: "cash",
    });
    const [row] = await door.t.db.select().from(orders).where(eq(orders.id, dto.orders[0].id));
    expect(row.bankDetails).toBeNull();
    expect(await bankOnPage(dto)).toBeNull();
  });
});
