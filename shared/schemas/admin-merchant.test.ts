import { describe, expect, it } from "vitest";
import {
  adminMerchantFormSchema,
  adminMerchantSchema,
  adminMerchantUpdateFormSchema,
  adminMerchantUpdateSchema,
  normalizeAdminMerchant,
} from "./admin-merchant";
import { messagesOf } from "../test/test-helpers";

const valid = {
  name: "Pupusería La Ceiba",
  description: "Pupusas de arroz y maíz",
  address: "Km 12 carretera al Puerto",
  department: "La Libertad",
  municipality: "La Libertad Costa",
  phone: "+503 2222-3333",
  whatsapp: null,
  email: "ceiba@example.sv",
  categoryId: 1,
  schedule: '{"monday":{"open":"09:00","close":"18:00"},"sunday":{"closed":true}}',
  website: "https://ceiba.sv",
  facebook: null,
  instagram: "ceiba",
  tiktok: "",
  linkedin: "ceiba-sv",
  imageUrl: "/uploads/ceiba.webp",
  logoUrl: "",
  isActive: true,
};

describe("adminMerchantSchema", () => {
  it("accepts a merchant with slug, approval and images", () => {
    const data = adminMerchantSchema.parse({ ...valid, slug: "la-ceiba", approved: true });
    expect(data).toMatchObject({
      slug: "la-ceiba",
      approved: true,
      isActive: true,
      imageUrl: "/uploads/ceiba.webp",
    });
  });

  it("shares the registration's rules and messages", () => {
    expect(
      messagesOf(adminMerchantSchema, {
        ...valid,
        phone: "2222",
        municipality: "San Miguel Norte",
        email: "x",
      }),
    ).toEqual({
      phone: ["Formato requerido: +000 0000-0000"],
      email: ["Por favor ingresa un email válido"],
      municipality: ["Selecciona un municipio del departamento"],
    });
  });

  it("checks images, LinkedIn and the flags", () => {
    expect(
      messagesOf(adminMerchantSchema, {
        ...valid,
        imageUrl: "javascript:alert(1)",
        logoUrl: "//evil.example/x.png",
        linkedin: "no válido",
        isActive: "yes",
        approved: 1,
      }),
    ).toEqual({
      imageUrl: ["URL de imagen inválida"],
      logoUrl: ["Sube la imagen a Tiangue: no se aceptan imágenes de otros sitios"],
      linkedin: ["Por favor ingresa un perfil de LinkedIn válido"],
      isActive: ["Valor inválido"],
      approved: ["Valor inválido"],
    });
  });
});

describe("adminMerchantUpdateSchema", () => {
  it("drops slug and approval", () => {
    const data = adminMerchantUpdateSchema.parse({ ...valid, slug: "nuevo", approved: true });
    expect(data).not.toHaveProperty("slug");
    expect(data).not.toHaveProperty("approved");
    expect(data.name).toBe("Pupusería La Ceiba");
  });

  it("checks the municipality; only the dialog requires one", () => {
    expect(
      messagesOf(adminMerchantUpdateSchema, { ...valid, municipality: "Cabañas Este" }),
    ).toEqual({ municipality: ["Selecciona un municipio del departamento"] });
    expect(adminMerchantUpdateSchema.safeParse({ ...valid, municipality: "" }).success).toBe(true);
    expect(messagesOf(adminMerchantUpdateFormSchema, { ...valid, municipality: "" })).toEqual({
      municipality: ["Selecciona un municipio del departamento"],
    });
  });

  it("takes spec §7's payloads without department or municipality; the dialogs ask for them", () => {
    const { department: _d, municipality: _m, ...specPayload } = valid;
    expect(adminMerchantSchema.safeParse({ ...specPayload, approved: true }).success).toBe(true);
    expect(adminMerchantUpdateSchema.safeParse(specPayload).success).toBe(true);
    expect(messagesOf(adminMerchantFormSchema, specPayload)).toEqual({
      department: ["Selecciona un departamento"],
      municipality: ["Selecciona un municipio del departamento"],
    });
  });
});

describe("normalizeAdminMerchant", () => {
  it("normalises links and turns empty values into null", () => {
    const data = normalizeAdminMerchant(adminMerchantSchema.parse({ ...valid, approved: false }));
    expect(data).toMatchObject({
      website: "https://ceiba.sv",
      facebook: null,
      instagram: "https://www.instagram.com/ceiba",
      tiktok: null,
      whatsapp: null,
      linkedin: "https://www.linkedin.com/company/ceiba-sv",
      imageUrl: "/uploads/ceiba.webp",
      logoUrl: null,
      approved: false,
    });
  });
});
