import type { Queryable } from "../../../db/client";
import { AppError } from "../../errors";
import { hitCounter } from "../../http/rate-limit";

/** Confirmation links of a new contact e-mail one merchant may cause an hour (issue 37 L7). */
export const SIGN_IN_CHANGES_PER_HOUR = 3;
export const SIGN_IN_CHANGES_MESSAGE = `Ya enviamos ${SIGN_IN_CHANGES_PER_HOUR} enlaces de confirmación de correo en la última hora. Intenta de nuevo más tarde.`;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Each change of the contact e-mail mails two addresses (the link to the new one, the
 * notice to the old): counted in the profile's transaction, so a refused change (429, the
 * profile rolled back) does not count, and a merchant cannot turn the portal into a mailer.
 */
export async function countSignInChange(tx: Queryable, merchantId: number): Promise<void> {
  const sent = await hitCounter(tx, `sign-in-change:${merchantId}`, HOUR_MS);
  if (sent.hits > SIGN_IN_CHANGES_PER_HOUR) throw AppError.rateLimited(SIGN_IN_CHANGES_MESSAGE);
}
