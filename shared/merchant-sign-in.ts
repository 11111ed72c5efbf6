/**
 * The merchants' sign-in links (issue 11, docs/decisions/0010-merchant-sign-in-links.md): the
 * words and the lifetime the page and the API share. Without zod, so /merchant/login shows them
 * without loading it at first (issue 27); the schemas stay in merchant-portal.ts.
 */

export const LOGIN_LINK_SENT_MESSAGE = "Si el correo está registrado, te enviamos un enlace";
export const LOGIN_LINK_INVALID_MESSAGE =
  "El enlace para entrar no es válido, ya se usó o venció. Pide uno nuevo.";
export const LOGIN_TOKEN_MESSAGE = "Falta el enlace para entrar";

/** A sign-in link is valid this long, and only once. */
export const LOGIN_LINK_TTL_MINUTES = 15;
