import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { aPublicMerchant } from "../test/merchants";
import { aProduct } from "../test/test-utils";
import { meta as merchantMeta } from "../routes/public/merchant-detail";
import { meta as productMeta } from "../routes/public/product-detail";
import type { Route as MerchantRoute } from "../routes/public/+types/merchant-detail";
import type { Route as ProductRoute } from "../routes/public/+types/product-detail";
import { pageMeta, previewImage } from "./seo";

// Link previews WhatsApp shows (issue 15.6): a JPEG og:image with its size, type and alt.

const PUBLIC_URL = "https://tiangue.test";

/** The content of each Open Graph / named meta tag, by its key. */
function tags(list: MetaDescriptor[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tag of list) {
    const key = ("property" in tag && tag.property) || ("name" in tag && tag.name);
    if (typeof key === "string" && "content" in tag) out[key] = String(tag.content);
  }
  return out;
}

const merchantTags = (overrides: Parameters<typeof aPublicMerchant>[1]) => {
  const merchant = aPublicMerchant(1, { name: "Pupusería La Ceiba", ...overrides });
  return tags(
    merchantMeta({
      loaderData: { merchant, publicUrl: PUBLIC_URL },
      matches: [],
      params: { merchantSlug: merchant.slug },
    } as unknown as MerchantRoute.MetaArgs),
  );
};

describe("preview picture", () => {
  it("an uploaded WebP becomes its JPEG of the asked shape; the rest the default JPEG", () => {
    expect(previewImage("/uploads/2026/11/ab-1600.webp", "wide")).toEqual({
      url: "/uploads/2026/11/ab-1600-og-wide.jpg",
      width: 1200,
      height: 630,
    });
    expect(previewImage("/uploads/demo/product-cafe-1-800.webp", "square")).toEqual({
      url: "/uploads/demo/product-cafe-1-800-og-square.jpg",
      width: 1200,
      height: 1200,
    });
    const fallback = { url: "/images/og-default.jpg", width: 1200, height: 630 };
    expect(previewImage(null, "wide")).toEqual(fallback);
    expect(previewImage("/images/default-product.webp", "square")).toEqual(fallback);
    // A picture at another address (a CDN) is linked as it is: its size is unknown.
    expect(previewImage("http://127.0.0.1:9/foto.jpg", "wide")).toEqual({
      url: "http://127.0.0.1:9/foto.jpg",
    });
  });

  it("pages without a picture preview the default JPEG, with size and type", () => {
    const meta = tags(
      pageMeta({ publicUrl: PUBLIC_URL, path: "/", title: "Inicio", description: "x" }),
    );
    expect(meta["og:image"]).toBe(`${PUBLIC_URL}/images/og-default.jpg`);
    expect(meta["twitter:image"]).toBe(meta["og:image"]);
    expect(meta["og:image:type"]).toBe("image/jpeg");
    expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "630"]);
    expect(meta["og:image:alt"]).toBe("Inicio | Tiangue");
  });
});

describe("merchant page preview", () => {
  it("shows the banner cropped to 1200×630", () => {
    const meta = merchantTags({
      imageUrl: "/uploads/2026/11/banner-1600.webp",
      logoUrl: "/uploads/2026/11/logo-400.webp",
    });
    expect(meta["og:image"]).toBe(`${PUBLIC_URL}/uploads/2026/11/banner-1600-og-wide.jpg`);
    expect(meta["og:image:type"]).toBe("image/jpeg");
    expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "630"]);
    expect(meta["og:image:alt"]).toBe("Pupusería La Ceiba");
  });

  it("shows the logo on a plain background when there is no banner", () => {
    const meta = merchantTags({ imageUrl: null, logoUrl: "/uploads/2026/11/logo-400.webp" });
    expect(meta["og:image"]).toBe(`${PUBLIC_URL}/uploads/2026/11/logo-400-og-logo.jpg`);
    expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "630"]);
    expect(meta["og:image:alt"]).toBe("Logo de Pupusería La Ceiba");
  });

  it("shows the default JPEG when it has no picture at all", () => {
    const meta = merchantTags({ imageUrl: null, logoUrl: null });
    expect(meta["og:image"]).toBe(`${PUBLIC_URL}/images/og-default.jpg`);
    expect(meta["og:image:type"]).toBe("image/jpeg");
  });
});

describe("product page preview", () => {
  const productTags = (product: ReturnType<typeof aProduct>) =>
    tags(
      productMeta({
        loaderData: {
          product,
          merchant: aPublicMerchant(7, { name: "Pupusería La Ceiba" }),
          publicUrl: PUBLIC_URL,
        },
        matches: [],
        params: { productSlug: product.slug },
      } as unknown as ProductRoute.MetaArgs),
    );

  it("shows its first picture as a 1200×1200 JPEG and carries the price in dollars", () => {
    const meta = productTags(
      aProduct({
        price: "12.50",
        imageUrl: "/uploads/2026/11/pupusa-1600.webp",
        images: ["/uploads/2026/11/pupusa-1600.webp", "/uploads/2026/11/otra-800.webp"],
      }),
    );
    expect(meta["og:type"]).toBe("product");
    expect(meta["og:image"]).toBe(`${PUBLIC_URL}/uploads/2026/11/pupusa-1600-og-square.jpg`);
    expect(meta["og:image:type"]).toBe("image/jpeg");
    expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "1200"]);
    expect(meta["og:image:alt"]).toBe("Pupusa revuelta");
    expect(meta["product:price:amount"]).toBe("12.50");
    expect(meta["product:price:currency"]).toBe("USD");
  });

  it("a product without an uploaded picture previews the default JPEG", () => {
    const meta = productTags(aProduct({ imageUrl: "/images/default-product.webp", images: [] }));
    expect(meta["og:image"]).toBe(`${PUBLIC_URL}/images/og-default.jpg`);
    expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "630"]);
  });
});
