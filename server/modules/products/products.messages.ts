/** The products module's messages, shared by its writes (products.admin.ts, products.stock.ts). */
export const PRODUCT_NOT_FOUND = "Producto no encontrado";
export const MERCHANT_NOT_FOUND = "El comercio seleccionado no existe";
export const CATEGORY_NOT_FOUND = "La categoría seleccionada no existe";
export const GONE_MESSAGE = "El comercio o la categoría ya no existe";
