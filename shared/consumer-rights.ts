/**
 * Issue 37: the right of withdrawal of a distance purchase (derecho de retracto, Ley de
 * Protección al Consumidor art. 13-A, Decreto 51 of 2018), in one text for the terms, every
 * order page, the receipt and the order e-mails. The law's own words are in quotes; have
 * them checked against the law's text before changing them.
 */
export const WITHDRAWAL_TITLE = "Tu derecho de retracto";

export const WITHDRAWAL_TEXT =
  "Por ser una compra a distancia, la Ley de Protección al Consumidor (art. 13-A) te permite " +
  "«dejar sin efecto el contrato unilateralmente, sin necesidad de justificar su decisión y sin " +
  "penalización alguna» dentro de los 8 días siguientes a recibir tu pedido. Avísale al comercio " +
  "por escrito (por WhatsApp o correo, con la fecha) y devuelve el producto sin usar y con su " +
  "empaque: el comercio debe devolverte el dinero en un plazo máximo de 15 días desde tu aviso.";

export const WITHDRAWAL_EXCLUSIONS =
  "No aplica a alimentos perecederos ni a productos hechos a la medida o por encargo. Si el " +
  "comercio no responde, puedes acudir a la Defensoría del Consumidor.";

/** Both sentences, for the places that write one paragraph (the PDF, the e-mails). */
export const WITHDRAWAL_PARAGRAPH = `${WITHDRAWAL_TEXT} ${WITHDRAWAL_EXCLUSIONS}`;
