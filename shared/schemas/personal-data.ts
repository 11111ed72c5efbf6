import { z } from "zod";
import {
  emailKey,
  PERSONAL_DATA_EMAIL_MESSAGE,
  PERSONAL_DATA_KEY_MESSAGE,
  PERSONAL_DATA_PHONE_MESSAGE,
  phoneKey,
  type PersonalDataKey,
} from "../personal-data";
import { textField } from "./fields";

const email = textField(PERSONAL_DATA_EMAIL_MESSAGE)
  .trim()
  .max(254, PERSONAL_DATA_EMAIL_MESSAGE)
  .pipe(z.email({ error: PERSONAL_DATA_EMAIL_MESSAGE }))
  .transform(emailKey);

const phone = textField(PERSONAL_DATA_PHONE_MESSAGE)
  .trim()
  .max(30, PERSONAL_DATA_PHONE_MESSAGE)
  .transform((value, ctx) => {
    const key = phoneKey(value);
    if (key === null) {
      ctx.addIssue({ code: "custom", message: PERSONAL_DATA_PHONE_MESSAGE });
      return z.NEVER;
    }
    return key;
  });

const keyFields = { email: email.optional(), phone: phone.optional() };
type KeyFields = { email?: string; phone?: string };

const exactlyOne = (v: KeyFields) => (v.email === undefined) !== (v.phone === undefined);

const toKey = (v: KeyFields): PersonalDataKey =>
  v.email !== undefined ? { kind: "email", value: v.email } : { kind: "phone", value: v.phone! };

/** GET /api/admin/personal-data?email=…|phone=…: the person whose data is exported. */
export const personalDataQuery = z
  .object(keyFields)
  .refine(exactlyOne, { message: PERSONAL_DATA_KEY_MESSAGE })
  .transform(toKey);

/** POST /api/admin/personal-data/erase `{email}` or `{phone}`: exactly one, nothing else. */
export const personalDataEraseSchema = z
  .strictObject(keyFields, { error: PERSONAL_DATA_KEY_MESSAGE })
  .refine(exactlyOne, { message: PERSONAL_DATA_KEY_MESSAGE })
  .transform(toKey);

export type PersonalDataEraseInput = z.input<typeof personalDataEraseSchema>;
