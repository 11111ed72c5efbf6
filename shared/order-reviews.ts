/**
 * Issue 37: what the order page's 'Califica tu compra', its e-mail and the review lists share
 * (no zod: the order page's chunk and the server both read it).
 */

/** The id of the order page's section, which the delivered notice's link opens. */
export const RATE_ORDER_ANCHOR = "califica-tu-compra";

export const RATE_ORDER_TITLE = "Califica tu compra";
export const VERIFIED_PURCHASE_LABEL = "Compra verificada";
export const VERIFIED_ONLY_LABEL = "Solo compras verificadas";

/** 'Respuesta de Pupusería La Ceiba' (or of the shop, when its name is not at hand). */
export const replyHeading = (merchantName: string | undefined) =>
  merchantName ? `Respuesta de ${merchantName}` : "Respuesta del comercio";
