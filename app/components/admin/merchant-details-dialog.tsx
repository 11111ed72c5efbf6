import type { ReactNode } from "react";
import type { AdminMerchantDto, CategoryDto } from "../../../shared/api-types";
import { formatLongDate } from "../../../shared/dates";
import { SCHEDULE_UNAVAILABLE, scheduleRows } from "../../../shared/schedule";
import { Badge } from "../ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { WIDE_DIALOG } from "./dialog-layout";
import { MerchantAccessSection } from "./merchant-access-section";
import { MerchantStatusBadge } from "./status-badge";
import { plural } from "../../../shared/plural";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="text-sm break-words text-stone-900">{children}</dd>
    </div>
  );
}

const NONE = <span className="text-stone-600">No proporcionado</span>;

function ExternalLink({ href }: { href: string | null }) {
  if (!href) return NONE;
  // Only web addresses become links; anything else is shown as text.
  if (!/^https?:\/\//i.test(href)) return <>{href}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
      {href}
    </a>
  );
}

/** 'Detalles del Comercio': every field the administrator may need, rejection reason included. */
export function MerchantDetailsDialog({
  merchant,
  categories,
  onOpenChange,
}: {
  merchant: AdminMerchantDto | null;
  categories: CategoryDto[];
  onOpenChange: (open: boolean) => void;
}) {
  const rows = merchant ? scheduleRows(merchant.schedule) : null;
  const category = categories.find((c) => c.id === merchant?.categoryId);
  return (
    <Dialog open={merchant !== null} onOpenChange={onOpenChange}>
      <DialogContent className={WIDE_DIALOG}>
        <DialogHeader>
          <DialogTitle>Detalles del Comercio</DialogTitle>
          <DialogDescription>{merchant?.name}</DialogDescription>
        </DialogHeader>
        {merchant && (
          <div className="grid gap-4">
            {(merchant.imageUrl || merchant.logoUrl) && (
              <div className="flex flex-wrap items-end gap-3">
                {merchant.imageUrl && (
                  <img
                    src={merchant.imageUrl}
                    alt={`Imagen de ${merchant.name}`}
                    width={320}
                    height={180}
                    className="aspect-[16/9] w-full max-w-xs rounded-md border border-stone-200 object-cover"
                  />
                )}
                {merchant.logoUrl && (
                  <img
                    src={merchant.logoUrl}
                    alt={`Logo de ${merchant.name}`}
                    width={80}
                    height={80}
                    className="size-20 rounded-md border border-stone-200 object-cover"
                  />
                )}
              </div>
            )}
            <dl className="divide-y divide-stone-100">
              <Row label="Estado">
                <span className="flex flex-wrap gap-2">
                  <MerchantStatusBadge status={merchant.status} />
                  <Badge variant={merchant.isActive ? "success" : "secondary"}>
                    {merchant.isActive ? "Activo" : "Inactivo"}
                  </Badge>
                </span>
              </Row>
              {merchant.status === "rejected" && (
                <Row label="Razón del rechazo">{merchant.rejectionReason || NONE}</Row>
              )}
              <Row label="Nombre">{merchant.name}</Row>
              <Row label="Identificador">/merchants/{merchant.slug}</Row>
              <Row label="Categoría">
                {category ? `${category.icon ? `${category.icon} ` : ""}${category.name}` : NONE}
              </Row>
              <Row label="Descripción">
                <span className="whitespace-pre-line">{merchant.description}</span>
              </Row>
              <Row label="Correo electrónico">{merchant.email}</Row>
              <Row label="Teléfono">{merchant.phone}</Row>
              <Row label="WhatsApp">{merchant.whatsapp || NONE}</Row>
              <Row label="Dirección">{merchant.address}</Row>
              <Row label="Departamento">{merchant.department || NONE}</Row>
              <Row label="Municipio">{merchant.municipality || NONE}</Row>
              <Row label="Sitio web">
                <ExternalLink href={merchant.website} />
              </Row>
              <Row label="Facebook">
                <ExternalLink href={merchant.facebook} />
              </Row>
              <Row label="Instagram">
                <ExternalLink href={merchant.instagram} />
              </Row>
              <Row label="TikTok">
                <ExternalLink href={merchant.tiktok} />
              </Row>
              <Row label="LinkedIn">
                <ExternalLink href={merchant.linkedin} />
              </Row>
              <Row label="Horario de atención">
                {rows ? (
                  <table className="w-full max-w-xs text-sm">
                    <tbody>
                      {rows.map((row) => (
                        <tr key={row.day}>
                          <th
                            scope="row"
                            className="py-0.5 pr-3 text-left font-normal text-stone-700"
                          >
                            {row.label}
                          </th>
                          <td className="py-0.5">{row.text}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  SCHEDULE_UNAVAILABLE
                )}
              </Row>
              <Row label="Calificación">
                {merchant.rating} ({merchant.reviewCount}{" "}
                {plural(merchant.reviewCount, "reseña", "reseñas")})
              </Row>
              <Row label="Productos">{merchant.productCount}</Row>
              <Row label="Registrado">{formatLongDate(merchant.createdAt)}</Row>
              <Row label="Actualizado">{formatLongDate(merchant.updatedAt)}</Row>
            </dl>
            {merchant.status === "approved" && <MerchantAccessSection merchantId={merchant.id} />}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
