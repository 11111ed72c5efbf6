import type {
  AdminMerchantDto,
  MerchantDto,
  MerchantStatus,
  SpecialDate,
} from "../../../shared/api-types";
import type { DeliveryArea, Fulfillment } from "../../../shared/delivery";
import type { AccountType, PaymentMethod } from "../../../shared/order-life";
import type { MerchantRow } from "./merchants.repository";

/** A rating as the API writes it: one fixed decimal ("4.5", "0.0"). */
const rating = (value: string) => Number(value).toFixed(1);

/** The public shape: never the rejection reason or other moderation data. */
export function toMerchantDto(row: MerchantRow, specialDates: SpecialDate[] = []): MerchantDto {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    imageUrl: row.imageUrl,
    logoUrl: row.logoUrl,
    address: row.address,
    department: row.department,
    municipality: row.municipality,
    district: row.district,
    phone: row.phone,
    whatsapp: row.whatsapp,
    email: row.email,
    rating: rating(row.rating),
    reviewCount: row.reviewCount,
    productCount: row.productCount,
    categoryId: row.categoryId,
    isActive: row.isActive,
    approved: row.approved,
    schedule: row.schedule,
    facebook: row.facebook,
    instagram: row.instagram,
    tiktok: row.tiktok,
    linkedin: row.linkedin,
    website: row.website,
    createdAt: row.createdAt.toISOString(),
    temporarilyClosed: row.temporarilyClosed,
    specialDates,
    // The table's checks keep these to the known values.
    fulfillment: row.fulfillment as Fulfillment | null,
    deliveryArea: row.deliveryArea as DeliveryArea | null,
    deliveryMunicipalities: row.deliveryMunicipalities,
    deliveryNote: row.deliveryNote,
    deliveryFee: row.deliveryFee,
    freeDeliveryFrom: row.freeDeliveryFrom,
    paymentMethods: row.paymentMethods as PaymentMethod[],
    deliveryFees: row.deliveryFees,
    minimumOrder: row.minimumOrder,
    legalName: row.legalName,
    taxId: row.taxId,
  };
}

/** Rejected = not approved with a stored reason (decisions §2); approving clears the reason. */
export function merchantStatus(
  row: Pick<MerchantRow, "approved" | "rejectionReason">,
): MerchantStatus {
  if (row.approved) return "approved";
  return row.rejectionReason === null ? "pending" : "rejected";
}

export function toAdminMerchantDto(
  row: MerchantRow,
  specialDates: SpecialDate[] = [],
): AdminMerchantDto {
  return {
    ...toMerchantDto(row, specialDates),
    rejectionReason: row.rejectionReason,
    status: merchantStatus(row),
    updatedAt: row.updatedAt.toISOString(),
    // Only the merchant's own forms and the administrators read the bank details.
    bankName: row.bankName,
    accountHolder: row.accountHolder,
    accountNumber: row.accountNumber,
    accountType: row.accountType as AccountType | null,
  };
}
