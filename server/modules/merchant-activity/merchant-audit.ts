/** What an audit row says: who acted, and the Spanish summaries of each kind of change. */
import type { UserDto } from "../../../shared/api-types";
import { countLabel } from "../../../shared/plural";

/** The role of users who sign in with a merchant's e-mail link. */
export const MERCHANT_ROLE = "merchant";

/** Who did it, as the audit log keeps it: an administrator by username, a merchant by e-mail. */
export function actorFields(user: UserDto) {
  const admin = user.role === "admin";
  return {
    actorUserId: user.id,
    actor: (admin ? (user.username ?? user.email) : user.email) ?? user.id,
    actorRole: admin ? "admin" : MERCHANT_ROLE,
  };
}

/** The merchant's fields by their Spanish names, as an audit summary lists them. */
export const MERCHANT_FIELD_LABELS: Record<string, string> = {
  name: "nombre",
  categoryId: "categoría",
  description: "descripción",
  address: "dirección",
  department: "departamento",
  municipality: "municipio",
  district: "distrito",
  phone: "teléfono",
  whatsapp: "WhatsApp",
  email: "correo",
  schedule: "horario",
  website: "sitio web",
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  linkedin: "LinkedIn",
  legalName: "razón social",
  taxId: "NIT o DUI",
  imageUrl: "imagen",
  logoUrl: "logo",
  isActive: "activo",
  temporarilyClosed: "cerrado temporalmente",
  specialDates: "fechas especiales",
  fulfillment: "forma de entrega",
  deliveryArea: "zona de entrega",
  deliveryMunicipalities: "municipios de entrega",
  deliveryNote: "nota de entrega",
  deliveryFees: "costos de envío por lugar",
  minimumOrder: "pedido mínimo",
};

/** The labels of the fields whose stored value differs between two versions of a row. */
export function changedFieldLabels(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  return Object.keys(MERCHANT_FIELD_LABELS)
    .filter((key) => key in after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => MERCHANT_FIELD_LABELS[key]);
}

/** The audit row of each product write: its action and its summary. */
export const PRODUCT_AUDIT = {
  create: (p: { name: string }) => ["product.create", `Producto creado: ${p.name}`] as const,
  update: (p: { name: string; price: string; isActive: boolean }) =>
    [
      "product.update",
      `Producto editado: ${p.name} ($${p.price}${p.isActive ? "" : ", desactivado"})`,
    ] as const,
  delete: (p: { id: number; name: string }) =>
    ["product.delete", `Producto eliminado: ${p.name} (#${p.id})`] as const,
  /** Issue 36: the portal's one tap ('Marcar agotado' / 'Hay de nuevo') or a new count. */
  stock: (p: { name: string; soldOut: boolean; stock: number | null }) =>
    [
      "product.stock",
      `Existencias: ${p.name} (${p.soldOut ? "agotado" : p.stock === null ? "disponible" : `${p.stock} disponibles`})`,
    ] as const,
  bulkUpload: (created: number) =>
    [
      "product.bulk-upload",
      `Catálogo CSV: ${countLabel(created, "producto creado", "productos creados")}`,
    ] as const,
};
