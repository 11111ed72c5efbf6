import { describe, expect, it } from "vitest";
import { scheduleToText, DEFAULT_REGISTRATION_HOURS } from "../schedule";
import {
  merchantRegistrationFormSchema,
  merchantRegistrationSchema,
  normalizeRegistration,
  WHATSAPP_MOBILE_MESSAGE,
  type MerchantRegistration,
} from "./merchant-registration";
import { messagesOf } from "../test/test-helpers";

const required = {
  name: " Panadería Ñandú ",
  description: "Pan francés y dulce",
  address: "Calle Arce 123, San Salvador",
  department: "San Salvador",
  municipality: "San Salvador Centro",
  phone: "+503 2222-3333",
  whatsapp: "+503 7000-0001",
  email: " hola@nandu.sv ",
  categoryId: "2",
  schedule: scheduleToText(DEFAULT_REGISTRATION_HOURS),
};

const valid = {
  ...required,
  slug: "panaderia-nandu",
  website: "",
  facebook: "",
  instagram: "",
  tiktok: "",
};

describe("merchantRegistrationSchema", () => {
  it("accepts the form's values, trimming text and coercing the category", () => {
    const data = merchantRegistrationSchema.parse(valid);
    expect(data).toMatchObject({ name: "Panadería Ñandú", email: "hola@nandu.sv", categoryId: 2 });
  });

  it("accepts optional fields left out or null", () => {
    expect(merchantRegistrationSchema.safeParse(required).success).toBe(true);
    expect(
      merchantRegistrationSchema.safeParse({ ...required, whatsapp: null, website: null }).success,
    ).toBe(true);
  });

  it("takes no department or municipality on the API (spec §7), the form asks for both", () => {
    const { department: _d, municipality: _m, ...specPayload } = valid;
    expect(merchantRegistrationSchema.safeParse(specPayload).success).toBe(true);
    const none = { ...specPayload, department: "", municipality: null };
    expect(normalizeRegistration(merchantRegistrationSchema.parse(none))).toMatchObject({
      department: null,
      municipality: null,
    });
    // A department alone is a place; a municipality needs its department.
    expect(
      merchantRegistrationSchema.safeParse({ ...specPayload, department: "La Paz" }).success,
    ).toBe(true);
    expect(
      messagesOf(merchantRegistrationSchema, { ...specPayload, municipality: "La Paz Este" }),
    ).toEqual({ department: ["Selecciona un departamento"] });
    expect(messagesOf(merchantRegistrationFormSchema, specPayload)).toEqual({
      department: ["Selecciona un departamento"],
      municipality: ["Selecciona un municipio del departamento"],
    });
    expect(merchantRegistrationFormSchema.safeParse(valid).success).toBe(true);
  });

  it("gives every message of an empty form at once", () => {
    expect(
      messagesOf(merchantRegistrationFormSchema, {
        name: " ",
        description: "",
        address: "",
        department: "",
        municipality: "",
        phone: "",
        email: "",
        categoryId: "",
        schedule: "",
      }),
    ).toEqual({
      name: ["El nombre es requerido"],
      description: ["La descripción es requerida"],
      address: ["La dirección es requerida"],
      department: ["Selecciona un departamento"],
      municipality: ["Selecciona un municipio del departamento"],
      phone: ["Formato requerido: +000 0000-0000"],
      email: ["Por favor ingresa un email válido"],
      categoryId: ["Por favor selecciona una categoría"],
      schedule: ["Ingresa un horario válido"],
    });
  });

  it("gives the messages for missing fields too", () => {
    const messages = messagesOf(merchantRegistrationFormSchema, {});
    expect(messages.name).toEqual(["El nombre es requerido"]);
    expect(messages.categoryId).toEqual(["Por favor selecciona una categoría"]);
    expect(messages.municipality).toEqual(["Selecciona un municipio del departamento"]);
  });

  it("caps the lengths of name, description and address", () => {
    const messages = messagesOf(merchantRegistrationSchema, {
      ...valid,
      name: "a".repeat(121),
      description: "a".repeat(2001),
      address: "a".repeat(301),
    });
    expect(messages).toEqual({
      name: ["No puede tener más de 120 caracteres"],
      description: ["No puede tener más de 2000 caracteres"],
      address: ["No puede tener más de 300 caracteres"],
    });
    expect(
      merchantRegistrationSchema.safeParse({
        ...valid,
        name: "a".repeat(120),
        address: "a".repeat(300),
      }).success,
    ).toBe(true);
  });

  it("requires the municipality to belong to the department", () => {
    expect(
      messagesOf(merchantRegistrationSchema, { ...valid, municipality: "Santa Ana Centro" }),
    ).toEqual({
      municipality: ["Selecciona un municipio del departamento"],
    });
    expect(messagesOf(merchantRegistrationSchema, { ...valid, department: "Guatemala" })).toEqual({
      department: ["Selecciona un departamento"],
    });
  });

  it("checks the municipality even when other fields are wrong", () => {
    const messages = messagesOf(merchantRegistrationSchema, {
      ...valid,
      email: undefined,
      categoryId: "abc",
      municipality: "La Paz Norte",
      department: "La Paz",
    });
    expect(messages.municipality).toEqual(["Selecciona un municipio del departamento"]);
  });

  it.each(["+503 22223333", "50322223333", "+503 2222-333", "+503 2222-33334"])(
    "rejects the phone %j",
    (phone) => {
      expect(messagesOf(merchantRegistrationSchema, { ...valid, phone })).toEqual({
        phone: ["Formato requerido: +000 0000-0000"],
      });
    },
  );

  it("checks the WhatsApp format and that a Salvadoran one is a mobile", () => {
    expect(messagesOf(merchantRegistrationSchema, { ...valid, whatsapp: "7000-001" })).toEqual({
      whatsapp: ["Formato requerido: +000 0000-0000"],
    });
    expect(
      messagesOf(merchantRegistrationSchema, { ...valid, whatsapp: "+503 2222-3333" }),
    ).toEqual({
      whatsapp: [WHATSAPP_MOBILE_MESSAGE],
    });
    expect(
      merchantRegistrationSchema.safeParse({ ...valid, whatsapp: "+502 2222-3333" }).success,
    ).toBe(true);
    expect(
      merchantRegistrationSchema.safeParse({ ...valid, whatsapp: "+503 6000-0001" }).success,
    ).toBe(true);
    // A local number gets +503, as the phone does (shared/phone.ts normalizePhone).
    const local = merchantRegistrationSchema.parse({ ...valid, whatsapp: "7000-0001" });
    expect(local.whatsapp).toBe("+503 7000-0001");
    expect(messagesOf(merchantRegistrationSchema, { ...valid, whatsapp: "22223333" })).toEqual({
      whatsapp: [WHATSAPP_MOBILE_MESSAGE],
    });
  });

  it("checks the e-mail", () => {
    expect(messagesOf(merchantRegistrationSchema, { ...valid, email: "hola@" })).toEqual({
      email: ["Por favor ingresa un email válido"],
    });
  });

  it.each([0, -1, 1.5, "x", null])("rejects the category %j", (categoryId) => {
    expect(messagesOf(merchantRegistrationSchema, { ...valid, categoryId })).toEqual({
      categoryId: ["Por favor selecciona una categoría"],
    });
  });

  it("checks the website and profiles", () => {
    expect(
      messagesOf(merchantRegistrationSchema, {
        ...valid,
        website: "hola",
        facebook: "mi tienda",
        instagram: "insta!",
        tiktok: "@",
      }),
    ).toEqual({
      website: ["Por favor ingresa un sitio web válido (ej: www.mitienda.com)"],
      facebook: ["Por favor ingresa un perfil de Facebook válido"],
      instagram: ["Por favor ingresa un perfil de Instagram válido"],
      tiktok: ["Por favor ingresa un perfil de TikTok válido"],
    });
  });

  it("accepts any schedule shape parseSchedule reads", () => {
    expect(
      merchantRegistrationSchema.safeParse({ ...valid, schedule: '{"monday":{"closed":true}}' })
        .success,
    ).toBe(true);
    expect(
      merchantRegistrationSchema.safeParse({ ...valid, schedule: "monday: 09:00-18:00" }).success,
    ).toBe(true);
    expect(
      messagesOf(merchantRegistrationSchema, { ...valid, schedule: "siempre abierto" }),
    ).toEqual({
      schedule: ["Ingresa un horario válido"],
    });
  });
});

describe("normalizeRegistration", () => {
  const parse = (overrides: object): MerchantRegistration =>
    merchantRegistrationSchema.parse({ ...valid, ...overrides });

  it("applies the submit transforms", () => {
    const data = normalizeRegistration(
      parse({
        website: "mitienda.com",
        facebook: "nandu",
        instagram: "@nandu.sv",
        tiktok: "nandu",
      }),
    );
    expect(data).toMatchObject({
      website: "https://mitienda.com",
      facebook: "https://www.facebook.com/nandu",
      instagram: "https://www.instagram.com/nandu.sv",
      tiktok: "https://www.tiktok.com/@nandu",
    });
  });

  it("turns empty optional fields into null", () => {
    expect(normalizeRegistration(parse({ whatsapp: "" }))).toMatchObject({
      whatsapp: null,
      website: null,
      facebook: null,
      instagram: null,
      tiktok: null,
    });
  });

  it("recomputes the slug from the name", () => {
    expect(normalizeRegistration(parse({ slug: "otro" })).slug).toBe("panaderia-nandu");
  });

  it("keeps the other fields", () => {
    expect(normalizeRegistration(parse({}))).toMatchObject({
      phone: "+503 2222-3333",
      whatsapp: "+503 7000-0001",
    });
  });
});
