import { z } from "zod";
import { DELIVERY_AREAS, DELIVERY_NOTE_MAX, FULFILLMENTS } from "../delivery";
import { minutesOfTime } from "../open-now";
import { textField, tooLong } from "./fields";
import { merchantPaymentFields } from "./order-life";
import { deliveryFeesField, deliveryPlacesField, minimumOrderField } from "./delivery-places";

/**
 * Issue 12 and the portal's 'Mi comercio' (issue 11): temporary closure, special dates,
 * how the merchant serves and where it delivers. All optional on the API: spec §7's
 * payloads have none of them, and left out they keep what is stored.
 */

export const FULFILLMENT_MESSAGE = "Elige cómo entregas: a domicilio, en tienda o ambas";
export const DELIVERY_AREA_MESSAGE = "Elige a dónde entregas";
export const DELIVERY_MUNICIPALITIES_MESSAGE =
  "Selecciona al menos un municipio o distrito de entrega";
export { DELIVERY_PLACE_MESSAGE as DELIVERY_MUNICIPALITY_MESSAGE } from "./delivery-places";
export const DELIVERY_DEPARTMENT_MESSAGE =
  "Para entregar en todo tu departamento, indica el departamento del comercio";
export const SPECIAL_DATE_MESSAGE = "Ingresa una fecha válida (AAAA-MM-DD)";
export const SPECIAL_HOURS_MESSAGE =
  "Indica 'cerrado' o una hora de apertura anterior a la de cierre";
export const SPECIAL_DATES_REPEATED_MESSAGE = "Cada fecha especial solo puede aparecer una vez";
export const FLAG_MESSAGE = "Valor inválido";
export const SPECIAL_DATES_MAX = 60;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const specialDateSchema = z
  .object({
    date: z
      .string({ error: SPECIAL_DATE_MESSAGE })
      .trim()
      .refine(isCalendarDate, SPECIAL_DATE_MESSAGE),
    closed: z.boolean({ error: FLAG_MESSAGE }).optional(),
    open: z.string({ error: SPECIAL_HOURS_MESSAGE }).trim().nullish(),
    close: z.string({ error: SPECIAL_HOURS_MESSAGE }).trim().nullish(),
  })
  .transform((value, ctx) => {
    if (value.closed !== false && !value.open && !value.close) {
      return { date: value.date, closed: true, open: null, close: null };
    }
    const { open, close } = value;
    if (
      !open ||
      !close ||
      !TIME.test(open) ||
      !TIME.test(close) ||
      minutesOfTime(open) >= minutesOfTime(close)
    ) {
      ctx.addIssue({ code: "custom", message: SPECIAL_HOURS_MESSAGE, input: value });
      return z.NEVER;
    }
    return { date: value.date, closed: false, open, close };
  });

export const merchantOperationsSchema = z
  .object({
    temporarilyClosed: z.boolean({ error: FLAG_MESSAGE }).optional(),
    specialDates: z
      .array(specialDateSchema, { error: SPECIAL_DATE_MESSAGE })
      .max(SPECIAL_DATES_MAX, `Puedes indicar hasta ${SPECIAL_DATES_MAX} fechas especiales`)
      .refine((dates) => new Set(dates.map((d) => d.date)).size === dates.length, {
        message: SPECIAL_DATES_REPEATED_MESSAGE,
      })
      .optional(),
    fulfillment: z.enum(FULFILLMENTS, { error: FULFILLMENT_MESSAGE }).nullish(),
    deliveryArea: z.enum(DELIVERY_AREAS, { error: DELIVERY_AREA_MESSAGE }).nullish(),
    // Issue 36: municipalities and districts alike ('Soyapango', 'San Salvador Centro').
    deliveryMunicipalities: deliveryPlacesField,
    deliveryNote: textField().trim().max(DELIVERY_NOTE_MAX, tooLong(DELIVERY_NOTE_MAX)).nullish(),
    // Issue 25: the fee, what it accepts and where transfers go.
    ...merchantPaymentFields,
    // Issue 36: fees by place over the general fee, and the least order it takes.
    deliveryFees: deliveryFeesField,
    minimumOrder: minimumOrderField,
  })
  .superRefine((data, ctx) => {
    // Only when the write says both: a partial edit is checked against what is stored by the service.
    if (data.deliveryArea === "municipalities" && data.deliveryMunicipalities?.length === 0) {
      ctx.addIssue({
        code: "custom",
        message: DELIVERY_MUNICIPALITIES_MESSAGE,
        path: ["deliveryMunicipalities"],
        input: [],
      });
    }
  });

export type MerchantOperationsInput = z.input<typeof merchantOperationsSchema>;
export type MerchantOperations = z.output<typeof merchantOperationsSchema>;
