import { useEffect } from "react";
import type { ContactEventType } from "../../../shared/merchant-portal";
import { telUrl, whatsappUrl } from "../../../shared/phone";
import { apiRequest } from "../../lib/api";
import { buttonVariants } from "../ui/button";
import { cn } from "../ui/cn";
import { staticIcon } from "../ui/static-icons";

const WHATSAPP_ICON = staticIcon("message-circle");
const PHONE_ICON = staticIcon("phone");
const MAIL_ICON = staticIcon("mail");

// What <Button asChild> gave the links, worked out once: no Slot to render per link (issue 13).
const WHATSAPP_CLASSES = cn(buttonVariants({ variant: "whatsapp" }));
const OUTLINE_CLASSES = cn(buttonVariants({ variant: "outline" }));

/** The server's counter of issue 11 ('Resumen' in the merchant portal). */
export const CONTACT_EVENTS_URL = "/api/events";

/**
 * Tells the server a contact button was pressed (or a product page opened): one small
 * POST to our own /api/events, nothing about the visitor in it. sendBeacon survives the
 * page being left for WhatsApp or the dialler; a failure is ignored, the link still works.
 */
export function reportContactEvent(event: {
  type: ContactEventType;
  merchantId: number;
  productId?: number;
}) {
  if (typeof window === "undefined") return;
  const body = JSON.stringify(event);
  try {
    const blob = new Blob([body], { type: "application/json" });
    if (
      typeof navigator.sendBeacon === "function" &&
      navigator.sendBeacon(CONTACT_EVENTS_URL, blob)
    )
      return;
    // Without sendBeacon: a request that outlives the page, its failure ignored as well.
    apiRequest("POST", CONTACT_EVENTS_URL, event, { keepalive: true }).catch(() => undefined);
  } catch {
    // Counting is best effort: never in the way of the contact itself.
  }
}

/** Counts one view of a product page for its merchant's 'Productos más vistos'. */
export function ProductViewBeacon({
  merchantId,
  productId,
}: {
  merchantId: number;
  productId: number;
}) {
  useEffect(() => {
    reportContactEvent({ type: "view", merchantId, productId });
  }, [merchantId, productId]);
  return null;
}

export interface ContactButtonsProps {
  phone?: string | null;
  whatsapp?: string | null;
  email?: string | null;
  /** Prefilled WhatsApp message. */
  whatsappText?: string;
  /** 'WhatsApp' by default; the product page says 'Comprar por WhatsApp'. */
  whatsappLabel?: string;
  /** With it, each press is counted for the merchant's portal (and the product's, if given). */
  merchantId?: number;
  productId?: number;
  className?: string;
}

/** Llamar, WhatsApp and Email links, each only when the merchant has that contact. */
export function ContactButtons({
  phone,
  whatsapp,
  email,
  whatsappText,
  whatsappLabel = "WhatsApp",
  merchantId,
  productId,
  className,
}: ContactButtonsProps) {
  if (!phone && !whatsapp && !email) return null;
  const report = (type: ContactEventType) => () => {
    if (merchantId !== undefined) reportContactEvent({ type, merchantId, productId });
  };
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      {whatsapp && (
        <a
          href={whatsappUrl(whatsapp, whatsappText)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={report("whatsapp")}
          className={WHATSAPP_CLASSES}
        >
          {WHATSAPP_ICON}
          {whatsappLabel}
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
      )}
      {phone && (
        <a href={telUrl(phone)} onClick={report("call")} className={OUTLINE_CLASSES}>
          {PHONE_ICON}
          Llamar
        </a>
      )}
      {email && (
        <a href={`mailto:${email}`} onClick={report("email")} className={OUTLINE_CLASSES}>
          {MAIL_ICON}
          Email
        </a>
      )}
    </div>
  );
}
