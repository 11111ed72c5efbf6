import type {
  ExportedConsentDto,
  ExportedMerchantDto,
  ExportedNoticeDto,
  ExportedOrderDto,
  ExportedReviewDto,
  PersonalDataRequestDto,
} from "../../../shared/contracts/personal-data";
import type { PersonalDataAction } from "../../../shared/personal-data";
import type * as repo from "./personal-data.repository";
import type { RequestRow } from "./requests.repository";

/** Rows → the export's and the log's DTOs (shared/contracts/personal-data.ts). */

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * An order link's token (and a sign-in link's) never leaves in an export: the file goes
 * through an administrator's hands, and the link would open the order page.
 */
export function withoutTokens(text: string): string {
  return text.replace(/([?&]token=)[A-Za-z0-9_%-]+/g, "$1[oculto]");
}

export function toExportedOrder(row: repo.OrderRow, lines: repo.LineRow[]): ExportedOrderDto {
  const hasAddress = [
    row.deliveryDepartment,
    row.deliveryMunicipality,
    row.deliveryAddress,
    row.deliveryReference,
  ].some((v) => v !== null);
  return {
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    merchantName: row.merchantName,
    status: row.status,
    fulfillmentStatus: row.fulfillmentStatus,
    paymentMethod: row.paymentMethod,
    fulfillment: row.fulfillment,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    address: hasAddress
      ? {
          department: row.deliveryDepartment,
          municipality: row.deliveryMunicipality,
          district: row.deliveryDistrict,
          address: row.deliveryAddress,
          reference: row.deliveryReference,
        }
      : null,
    note: row.note,
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    totalAmount: row.totalAmount,
    deliveredAt: iso(row.deliveredAt),
    cancelReason: row.cancelReason,
    personalDataErasedAt: iso(row.personalDataErasedAt),
    items: lines.map((line) => ({
      productName: line.productName,
      variantName: line.variantName,
      quantity: line.quantity,
      price: line.price,
    })),
  };
}

export const toExportedReview = (row: repo.ReviewRow): ExportedReviewDto => ({
  id: row.id,
  about: row.about,
  userName: row.userName,
  userEmail: row.userEmail,
  rating: row.rating,
  comment: row.comment,
  approved: row.approved,
  orderNumber: row.orderNumber,
  createdAt: row.createdAt.toISOString(),
});

export const toExportedEmail = (row: repo.EmailNoticeRow): ExportedNoticeDto => ({
  channel: "email",
  kind: row.kind,
  to: row.recipient,
  subject: row.subject,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  sentAt: iso(row.sentAt),
  content: row.textBody ? withoutTokens(row.textBody) : null,
});

export function toExportedNotice(row: repo.OtherNoticeRow): ExportedNoticeDto {
  const payload = row.payload && typeof row.payload === "object" ? row.payload : {};
  const content = Object.keys(payload).length ? withoutTokens(JSON.stringify(payload)) : null;
  return {
    channel: row.channel === "push" ? "push" : "whatsapp",
    kind: row.kind,
    to: row.recipient,
    subject: null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    content,
  };
}

export function toExportedConsents(
  whatsapp: repo.WhatsAppConsentRow[],
  orderNumbersOf: (checkoutId: number) => string[],
  optOuts: { number: string; createdAt: Date }[],
  devices: repo.PushDeviceRow[],
): ExportedConsentDto[] {
  return [
    ...whatsapp.map((row): ExportedConsentDto => ({
      kind: "whatsapp",
      detail: row.number,
      since: new Date(row.since).toISOString(),
      orderNumbers: orderNumbersOf(row.checkoutId),
      merchantName: null,
    })),
    ...optOuts.map((row): ExportedConsentDto => ({
      kind: "whatsapp_opt_out",
      detail: row.number,
      since: row.createdAt.toISOString(),
      orderNumbers: [],
      merchantName: null,
    })),
    ...devices.map((row): ExportedConsentDto => ({
      kind: "push",
      detail: row.label,
      since: row.createdAt.toISOString(),
      orderNumbers: [],
      merchantName: row.merchantName,
    })),
  ];
}

export const toExportedMerchants = (rows: repo.MerchantRow[]): ExportedMerchantDto[] =>
  rows.flatMap((row) => [
    ...(row.signIn ? [{ id: row.id, name: row.name, role: "acceso" as const }] : []),
    ...(row.contact ? [{ id: row.id, name: row.name, role: "contacto" as const }] : []),
  ]);

export function toRequestDto(row: RequestRow): PersonalDataRequestDto {
  const counts = row.counts as PersonalDataRequestDto["counts"];
  return {
    id: row.id,
    action: row.action as PersonalDataAction,
    key:
      row.keyKind && row.keyValue
        ? { kind: row.keyKind as "email" | "phone", value: row.keyValue }
        : null,
    actor: row.actor,
    rows: row.rowCount,
    counts: {
      orders: Number(counts.orders ?? 0),
      reviews: Number(counts.reviews ?? 0),
      notices: Number(counts.notices ?? 0),
      consents: Number(counts.consents ?? 0),
    },
    createdAt: row.createdAt.toISOString(),
  };
}
