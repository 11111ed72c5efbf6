import { expect, it } from "vitest";
import * as schemas from "./index";

it("re-exports every form's schema", () => {
  for (const name of [
    "merchantRegistrationSchema",
    "normalizeRegistration",
    "adminMerchantSchema",
    "adminMerchantUpdateSchema",
    "reviewSchema",
    "cartSessionIdSchema",
    "cartItemSchema",
    "cartQuantitySchema",
    "newCartSessionId",
    "productSchema",
    "productUpdateSchema",
    "withDefaultImage",
    "PRODUCT_REQUIRED_MESSAGE",
    "categorySchema",
    "rejectSchema",
    "orderStatusSchema",
    "loginSchema",
    "bulkUploadSchema",
  ]) {
    expect(schemas, name).toHaveProperty(name);
  }
});
