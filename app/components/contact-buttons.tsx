import { Mail, MessageCircle, Phone } from "lucide-react";
import { telUrl, whatsappUrl } from "../../shared/phone";
import { Button } from "./ui/button";
import { cn } from "./ui/cn";

export interface ContactButtonsProps {
  phone?: string | null;
  whatsapp?: string | null;
  email?: string | null;
  /** Prefilled WhatsApp message. */
  whatsappText?: string;
  /** 'WhatsApp' by default; the product page says 'Comprar por WhatsApp'. */
  whatsappLabel?: string;
  className?: string;
}

/** Llamar, WhatsApp and Email links, each only when the merchant has that contact. */
export function ContactButtons({
  phone,
  whatsapp,
  email,
  whatsappText,
  whatsappLabel = "WhatsApp",
  className,
}: ContactButtonsProps) {
  if (!phone && !whatsapp && !email) return null;
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      {whatsapp && (
        <Button asChild variant="whatsapp">
          <a href={whatsappUrl(whatsapp, whatsappText)} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden />
            {whatsappLabel}
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </Button>
      )}
      {phone && (
        <Button asChild variant="outline">
          <a href={telUrl(phone)}>
            <Phone aria-hidden />
            Llamar
          </a>
        </Button>
      )}
      {email && (
        <Button asChild variant="outline">
          <a href={`mailto:${email}`}>
            <Mail aria-hidden />
            Email
          </a>
        </Button>
      )}
    </div>
  );
}
