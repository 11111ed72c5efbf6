/**
 * Reviewers and what they say. The seed pairs a comment with a rating of its own
 * group (server/demo/seed.ts), so a two-star rating never praises.
 */

// prettier-ignore
export const REVIEWERS: readonly string[] = [
  "María José Hernández", "Carlos Alberto Martínez", "Ana Beatriz Rivas", "José Luis Flores",
  "Karla Guadalupe Ramírez", "Óscar Mauricio Portillo", "Gabriela Alvarado", "Luis Fernando Menjívar",
  "Claudia Marisol Pineda", "Roberto Carlos Quintanilla", "Sofía Alejandra Cruz", "Mario Ernesto Guevara",
  "Daniela Rodríguez", "Fernando Castillo", "Yesenia Marroquín", "Kevin Orellana",
  "Andrea Melara", "Wilfredo Canales", "Rosa Elena Ayala", "Jonathan Escobar",
  "Marta Lilian Sorto", "Douglas Amaya", "Iris Carolina Henríquez", "René Mejía",
  "Fátima Zelaya", "Edwin Argueta", "Jacqueline Bonilla", "Héctor Velásquez",
  "Lorena Chávez", "Miguel Ángel Serrano", "Ruth Noemí Lemus", "Francisco Javier Aguilar",
];

/** The shops every reviewer loves: they lead the home page's featured merchants. */
export const FAVOURITE_MERCHANTS: readonly string[] = [
  "Pupusería La Ceiba",
  "Café Las Brumas",
  "Artesanías de Ilobasco",
  "Panadería Santa Lucía",
  "Mariscos El Puerto",
  "Hamacas y Tejidos Nahuizalco",
];

export type Sentiment = "great" | "good" | "mixed" | "bad";

/** The ratings each sentiment may carry. */
export const SENTIMENT_RATINGS: Record<Sentiment, readonly number[]> = {
  great: [5],
  good: [4],
  mixed: [3],
  bad: [1, 2],
};

// prettier-ignore
export const MERCHANT_COMMENTS: Record<Sentiment, readonly string[]> = {
  great: [
    "Excelente atención, muy amables desde que uno entra. Se nota que les gusta lo que hacen.",
    "Siempre que paso por el pueblo vengo aquí. Todo de calidad y a buen precio.",
    "Me respondieron rapidísimo por WhatsApp y tenían listo mi pedido a la hora acordada.",
    "Negocio familiar de los que ya quedan pocos. Lo recomiendo con los ojos cerrados.",
    "Muy limpio y ordenado, y la señora que atiende es un amor.",
    "Llegamos por recomendación de unos amigos y no nos decepcionó. ¡Volveremos!",
    "Buenos precios, buena atención y encima te dan consejos. Cinco estrellas.",
    "De lo mejor que hay en la zona. Vale la pena el viaje.",
  ],
  good: [
    "Buena atención y buenos productos. Solo que el sábado estaba bastante lleno.",
    "Me gustó mucho, aunque el parqueo es complicado.",
    "Todo bien, precios justos. Les falta aceptar pago con tarjeta.",
    "Muy recomendable. Tardaron un poco en contestar el teléfono, pero cumplieron.",
    "Calidad muy buena. El local es pequeño pero acogedor.",
    "Buen servicio y variedad. Regresaré para probar otras cosas.",
  ],
  mixed: [
    "Está bien, pero esperaba un poco más por lo que me habían contado.",
    "La atención fue buena, pero tuve que esperar bastante.",
    "Precios un poco altos para la zona, aunque la calidad es buena.",
    "Regular. Un día está excelente y otro no tanto.",
  ],
  bad: [
    "Fui en el horario publicado y estaba cerrado. Deberían actualizar el horario.",
    "No me contestaron los mensajes de WhatsApp en todo el día.",
    "La atención dejó mucho que desear; nadie sabía darme información.",
  ],
};

// prettier-ignore
export const PRODUCT_COMMENTS: Record<Sentiment, readonly string[]> = {
  great: [
    "Tal como en la foto y de muy buena calidad. Lo volvería a comprar.",
    "Me encantó, superó lo que esperaba por el precio.",
    "Lo pedí para regalo y a todos les gustó muchísimo.",
    "Excelente, se nota que está hecho con cariño.",
    "Buenísimo. Ya es la tercera vez que lo compro.",
    "Producto de primera y lo tuvieron listo el mismo día.",
    "Riquísimo, sabe a lo de antes. ¡Gracias!",
    "Muy buena relación calidad-precio. Recomendado.",
  ],
  good: [
    "Muy bueno, aunque la porción podría ser un poco más grande.",
    "Me gustó. Tardó un poquito más de lo que me dijeron.",
    "Buena calidad. El empaque podría mejorar.",
    "Cumple con lo prometido, buen precio.",
    "Bonito y bien hecho. Le quito una estrella por la espera.",
  ],
  mixed: [
    "Está bien, pero no es igual al de la foto.",
    "Normal, cumple pero nada especial.",
    "El sabor está bien, pero lo sentí caro.",
  ],
  bad: [
    "No era lo que esperaba, llegó diferente a lo que pedí.",
    "Se arruinó a los pocos días. No lo recomiendo.",
  ],
};
