import { AppError } from "../../errors";

/** What the webhook did, for its answer and the tests. */
export type WebhookOutcome =
  | "paid"
  | "already_paid"
  | "not_approved"
  /** In production, a payment of Wompi's test mode (EsProductiva false): nothing changes. */
  | "not_productive"
  | "unknown_checkout"
  | "amount_mismatch"
  | "transaction_used";

export class WebhookSignatureError extends AppError {
  constructor() {
    super(401, "unauthorized", "Firma de la notificación inválida");
  }
}
