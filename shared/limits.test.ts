import { describe, expect, it } from "vitest";
import * as limits from "./limits";

describe("limits", () => {
  it("holds the spec's constants", () => {
    expect(limits).toMatchObject({
      SEARCH_MIN_LENGTH: 3,
      SEARCH_MAX_RESULTS: 20,
      SEARCH_DROPDOWN_MERCHANTS: 3,
      SEARCH_DROPDOWN_PRODUCTS: 4,
      SEARCH_BLUR_CLOSE_MS: 200,
      SEARCH_LOADING_MS: 300,
      REVIEW_NAME_MIN: 2,
      REVIEW_COMMENT_MIN: 10,
      CART_QUANTITY_MAX: 99,
      IMAGE_LIMITS_MB: {
        default: 5,
        merchantImage: 2,
        merchantLogo: 1,
        categoryImage: 2,
        productImage: 3,
      },
      PRODUCT_IMAGES_MAX: 3,
      FEATURED_MERCHANTS: 6,
      POPULAR_PRODUCTS: 8,
      TOAST_DURATION_MS: 5000,
      MASCOT_MESSAGE_MS: 2000,
      LOGIN_REDIRECT_MS: 1000,
      DELETE_CONFIRM_WORD: "ELIMINAR",
      DEFAULT_PRODUCT_IMAGE: "/images/default-product.webp",
    });
  });

  it("searches only queries longer than 2 characters", () => {
    expect(limits.isSearchQuery("pan")).toBe(true);
    expect(limits.isSearchQuery("pa")).toBe(false);
    expect(limits.isSearchQuery("  pa  ")).toBe(false);
  });
});
