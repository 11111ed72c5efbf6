import { describe, expect, it } from "vitest";
import {
  FACEBOOK_MESSAGE,
  facebookUrl,
  INSTAGRAM_MESSAGE,
  instagramUrl,
  isValidProfile,
  isValidWebsite,
  LINKEDIN_MESSAGE,
  linkedinUrl,
  normalizeWebsite,
  TIKTOK_MESSAGE,
  tiktokUrl,
  WEBSITE_MESSAGE,
} from "./social";

describe("isValidWebsite", () => {
  it.each([
    "mitienda.com.sv",
    "www.mitienda.com",
    "https://www.x.com/path",
    "http://tienda-verde.sv:8080/a?b=c#d",
    " HTTPS://MiTienda.COM ",
  ])("accepts %j", (url) => {
    expect(isValidWebsite(url)).toBe(true);
  });

  it.each([
    "",
    "hola",
    "http//",
    "http://",
    "mi tienda.com",
    "tienda.c0m",
    "-tienda.com",
    "ftp://x.com",
    "x.com path",
  ])("rejects %j", (url) => {
    expect(isValidWebsite(url)).toBe(false);
  });
});

describe("normalizeWebsite", () => {
  it("adds https:// when missing and keeps an existing scheme", () => {
    expect(normalizeWebsite("www.mitienda.com")).toBe("https://www.mitienda.com");
    expect(normalizeWebsite(" http://mitienda.com ")).toBe("http://mitienda.com");
    expect(normalizeWebsite("HTTPS://x.com")).toBe("HTTPS://x.com");
    expect(normalizeWebsite("")).toBe("");
  });
});

describe("isValidProfile", () => {
  it.each([
    "mitienda",
    "@mi.tienda",
    "mi_tienda-sv",
    "https://www.facebook.com/mitienda",
    "instagram.com/mitienda",
  ])("accepts %j", (value) => {
    expect(isValidProfile(value)).toBe(true);
  });

  it.each(["", "@", "mi tienda", "tienda!", "a".repeat(51), "https://", "javascript:alert(1)"])(
    "rejects %j",
    (value) => {
      expect(isValidProfile(value)).toBe(false);
    },
  );
});

describe("profile URLs", () => {
  it("expands Facebook handles on the profile path", () => {
    expect(facebookUrl("mitienda")).toBe("https://www.facebook.com/mitienda");
    expect(facebookUrl("@mitienda")).toBe("https://www.facebook.com/mitienda");
  });

  it("expands Instagram handles without the leading @", () => {
    expect(instagramUrl("@mi.tienda")).toBe("https://www.instagram.com/mi.tienda");
    expect(instagramUrl("mi.tienda")).toBe("https://www.instagram.com/mi.tienda");
  });

  it("expands TikTok handles with a single @", () => {
    expect(tiktokUrl("mitienda")).toBe("https://www.tiktok.com/@mitienda");
    expect(tiktokUrl("@mitienda")).toBe("https://www.tiktok.com/@mitienda");
  });

  it("expands LinkedIn handles to a company page", () => {
    expect(linkedinUrl("mitienda")).toBe("https://www.linkedin.com/company/mitienda");
  });

  it("keeps URLs, adding a missing scheme", () => {
    expect(facebookUrl("https://www.facebook.com/mitienda")).toBe(
      "https://www.facebook.com/mitienda",
    );
    expect(instagramUrl("instagram.com/mitienda")).toBe("https://instagram.com/mitienda");
    expect(tiktokUrl(" https://www.tiktok.com/@mitienda ")).toBe(
      "https://www.tiktok.com/@mitienda",
    );
  });

  it("leaves an empty value empty", () => {
    expect(facebookUrl(" ")).toBe("");
  });
});

it("has the spec's messages", () => {
  expect(WEBSITE_MESSAGE).toBe("Por favor ingresa un sitio web válido (ej: www.mitienda.com)");
  expect(FACEBOOK_MESSAGE).toBe("Por favor ingresa un perfil de Facebook válido");
  expect(INSTAGRAM_MESSAGE).toBe("Por favor ingresa un perfil de Instagram válido");
  expect(TIKTOK_MESSAGE).toBe("Por favor ingresa un perfil de TikTok válido");
  expect(LINKEDIN_MESSAGE).toBe("Por favor ingresa un perfil de LinkedIn válido");
});
