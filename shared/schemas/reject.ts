import { z } from "zod";
import { REJECT_REASON_MAX } from "../limits";
import { requiredText } from "./fields";

export const REJECT_REASON_MESSAGE = "Por favor proporciona una razón para el rechazo";

export const rejectSchema = z.object({
  reason: requiredText(REJECT_REASON_MESSAGE, REJECT_REASON_MAX),
});

export type Reject = z.output<typeof rejectSchema>;
