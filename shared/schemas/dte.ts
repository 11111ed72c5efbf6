import { z } from "zod";
import { DTE_CODE_MESSAGE, DTE_CODE_PATTERN, DTE_DATE_MESSAGE, readCalendarDay } from "../dte";
import { textField } from "./fields";

/**
 * PUT /api/merchant/{merchantId}/orders/{orderId}/dte: the DTE the merchant issued for the
 * order. `issuedAt` is its fecha de emisión: a day (`2026-12-03`) or an ISO date-time with
 * its offset, read as El Salvador's day. The code is kept upper-case, as Hacienda writes it.
 */
export const orderDteSchema = z.object({
  code: textField(DTE_CODE_MESSAGE)
    .trim()
    .regex(DTE_CODE_PATTERN, DTE_CODE_MESSAGE)
    .transform((code) => code.toUpperCase()),
  issuedAt: textField(DTE_DATE_MESSAGE)
    .trim()
    .max(40, DTE_DATE_MESSAGE)
    .transform((text, ctx) => {
      const day = readCalendarDay(text);
      if (day === null) {
        ctx.addIssue({ code: "custom", message: DTE_DATE_MESSAGE, input: text });
        return z.NEVER;
      }
      return day;
    }),
});

export type OrderDteInput = z.input<typeof orderDteSchema>;
export type OrderDte = z.output<typeof orderDteSchema>;
