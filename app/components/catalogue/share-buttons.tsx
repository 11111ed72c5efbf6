import { useEffect, useState } from "react";
import { buttonVariants } from "../ui/button";
import { staticIcon } from "../ui/static-icons";

const SHARE_ICON = staticIcon("share-2", "size-4");
const WHATSAPP_ICON = staticIcon("message-circle", "size-4");
const LINK_ICON = staticIcon("link-2", "size-4");
const OUTLINE = buttonVariants({ variant: "outline" });

/** The wa.me link that opens WhatsApp with the name and the page's address. */
export function whatsappShareUrl(name: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${name} ${url}`)}`;
}

/**
 * 'Compartir' on merchant and product pages (issue 12): the phone's share sheet where
 * the browser has the Web Share API; else 'Compartir por WhatsApp' (a plain link, so it
 * works without JavaScript) and 'Copiar enlace'.
 */
export function ShareButtons({ name, url }: { name: string; url: string }) {
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  // Without PUBLIC_URL the server knows only the path: the browser knows the whole address.
  const [href, setHref] = useState(url);
  useEffect(() => {
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
    setHref(new URL(url, window.location.href).href);
  }, [url]);

  if (canShare) {
    return (
      <button
        type="button"
        className={OUTLINE}
        onClick={() => {
          navigator.share({ title: name, text: name, url: href }).catch(() => {
            // Closing the share sheet rejects: nothing to tell.
          });
        }}
      >
        {SHARE_ICON}
        Compartir
      </button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Compartir">
      <a
        href={whatsappShareUrl(name, href)}
        target="_blank"
        rel="noopener noreferrer"
        className={OUTLINE}
      >
        {WHATSAPP_ICON}
        Compartir por WhatsApp
      </a>
      <button
        type="button"
        className={OUTLINE}
        onClick={() => {
          navigator.clipboard?.writeText(href).then(
            () => setCopied("yes"),
            () => setCopied("no"),
          );
        }}
      >
        {LINK_ICON}
        Copiar enlace
      </button>
      <span role="status" className="text-sm text-stone-700">
        {copied === "yes" ? "Enlace copiado" : copied === "no" ? "No se pudo copiar el enlace" : ""}
      </span>
    </div>
  );
}
