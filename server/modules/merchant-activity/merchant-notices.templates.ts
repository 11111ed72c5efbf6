/**
 * The e-mails of issue 11: what a merchant hears about its application, its sign-in links,
 * and what the administrators hear about new applications. Spanish, rendered by the one
 * layout of the mail module (plain text and simple HTML, nothing from other hosts).
 */
import { LOGIN_LINK_TTL_MINUTES } from "../../../shared/merchant-sign-in";
import { echo, renderEmail, type RenderedEmail } from "../mail/mail.service";

/** Links are absolute: PUBLIC_URL without its trailing slash, then the path. */
const link = (publicUrl: string, path: string) => `${publicUrl}${path}`;

export function applicationReceivedEmail(input: {
  publicUrl: string;
  merchantName: string;
}): RenderedEmail {
  return renderEmail({
    subject: "Recibimos tu solicitud",
    // To the address the applicant typed: the name is echoed at most 80 characters (issue 25).
    heading: `Recibimos la solicitud de ${echo(input.merchantName)}`,
    blocks: [
      "Gracias por registrar tu comercio en Tiangue.",
      "Nuestro equipo revisa cada solicitud en 1 a 3 días hábiles. Te escribiremos a este correo cuando tu comercio esté publicado o si necesitamos que cambies algo.",
      "Mientras tanto no tienes que hacer nada más.",
      { button: { label: "Ver la ayuda para comercios", url: link(input.publicUrl, "/help") } },
    ],
    footer: "Recibes este correo porque registraste un comercio en Tiangue.",
  });
}

export function approvedEmail(input: {
  publicUrl: string;
  merchantName: string;
  merchantSlug: string;
}): RenderedEmail {
  return renderEmail({
    subject: "Tu comercio fue aprobado",
    heading: `${input.merchantName} ya está publicado en Tiangue`,
    blocks: [
      "¡Buenas noticias! Revisamos tu solicitud y tu comercio ya aparece en Tiangue.",
      {
        button: {
          label: "Ver tu página pública",
          url: link(input.publicUrl, `/merchants/${encodeURIComponent(input.merchantSlug)}`),
        },
      },
      "Desde el portal de comercios puedes cambiar tus datos, tu horario, tus productos y precios, y ver tus pedidos. Para entrar, escribe este correo y te enviaremos un enlace.",
      { button: { label: "Entrar al portal", url: link(input.publicUrl, "/merchant/login") } },
    ],
    footer: "Recibes este correo porque registraste un comercio en Tiangue.",
  });
}

export function rejectedEmail(input: {
  publicUrl: string;
  merchantName: string;
  reason: string;
}): RenderedEmail {
  return renderEmail({
    subject: "Tu solicitud no fue aprobada",
    heading: `La solicitud de ${input.merchantName} no fue aprobada`,
    blocks: [
      "Revisamos tu solicitud y por ahora no podemos publicar tu comercio. El motivo que indicó el equipo:",
      input.reason,
      "Puedes corregir lo indicado y enviar una nueva solicitud desde el formulario de registro. Si tienes dudas, responde a este correo.",
      {
        button: {
          label: "Enviar una nueva solicitud",
          url: link(input.publicUrl, "/register-merchant"),
        },
      },
    ],
    footer: "Recibes este correo porque registraste un comercio en Tiangue.",
  });
}

export function newApplicationEmail(input: {
  publicUrl: string;
  merchantName: string;
  department: string | null;
  municipality: string | null;
  email: string;
  phone: string;
}): RenderedEmail {
  const place = [input.municipality, input.department].filter(Boolean).join(", ");
  return renderEmail({
    subject: `Nueva solicitud de comercio: ${input.merchantName}`,
    heading: "Una nueva solicitud espera revisión",
    blocks: [
      {
        rows: [
          ["Comercio", input.merchantName],
          ["Lugar", place || "Sin indicar"],
          ["Correo", input.email],
          ["Teléfono", input.phone],
        ],
      },
      { button: { label: "Ver solicitudes pendientes", url: link(input.publicUrl, "/admin") } },
    ],
    footer: "Recibes este correo porque administras Tiangue.",
  });
}

export function reviewWaitingEmail(input: {
  publicUrl: string;
  merchantName: string;
  /** The product's name, or null for a review of the shop itself. */
  productName: string | null;
  rating: number;
}): RenderedEmail {
  const target = input.productName ? `tu producto ${input.productName}` : "tu comercio";
  return renderEmail({
    subject: `Nueva reseña de ${input.productName ?? input.merchantName}`,
    heading: "Tienes una nueva reseña",
    blocks: [
      `Un cliente dejó una reseña de ${input.rating} de 5 estrellas sobre ${target}.`,
      "Nuestro equipo la revisa antes de publicarla; te avisaremos cuando se publique y podrás responderla desde el portal, en Reseñas.",
      { button: { label: "Entrar al portal", url: link(input.publicUrl, "/merchant/login") } },
    ],
    footer: `Recibes este correo porque administras ${input.merchantName} en Tiangue.`,
  });
}

/**
 * Issue 37: a review of the shop or of one of its products was published; the merchant may
 * answer it once, from the portal's 'Reseñas'.
 */
export function reviewPublishedEmail(input: {
  publicUrl: string;
  merchantId: number;
  merchantName: string;
  productName: string | null;
  rating: number;
  comment: string;
  verifiedPurchase: boolean;
}): RenderedEmail {
  const target = input.productName ? `tu producto ${input.productName}` : "tu comercio";
  return renderEmail({
    subject: `Reseña publicada: ${input.rating} de 5 para ${input.productName ?? input.merchantName}`,
    heading: "Se publicó una reseña",
    blocks: [
      `Se publicó una reseña de ${input.rating} de 5 estrellas sobre ${target}` +
        (input.verifiedPurchase ? ", de una compra verificada en Tiangue:" : ":"),
      `«${echo(input.comment)}»`,
      "Puedes responderla una vez desde el portal, en Reseñas; tu respuesta se muestra debajo de la reseña y puedes editarla.",
      {
        button: {
          label: "Responder",
          url: link(input.publicUrl, `/merchant?comercio=${input.merchantId}&tab=resenas`),
        },
      },
    ],
    footer: `Recibes este correo porque administras ${input.merchantName} en Tiangue.`,
  });
}

/**
 * Issue 26: the link that makes a new contact e-mail the merchant's sign-in e-mail (it
 * signs in too, like any sign-in link).
 */
export function confirmSignInEmail(input: {
  publicUrl: string;
  token: string;
  merchantName: string;
}): RenderedEmail {
  return renderEmail({
    subject: "Confirma tu nuevo correo en Tiangue",
    heading: "Confirma tu nuevo correo de acceso",
    blocks: [
      `${input.merchantName} cambió su correo de contacto a esta dirección. Para entrar al portal con ella, abre el enlace y pulsa 'Entrar'. Hasta entonces se sigue entrando con el correo anterior.`,
      {
        button: {
          label: "Confirmar y entrar",
          url: link(input.publicUrl, `/merchant/login?token=${encodeURIComponent(input.token)}`),
        },
      },
      `El enlace vale ${LOGIN_LINK_TTL_MINUTES} minutos y sirve una sola vez. Si no lo esperabas, ignora este correo.`,
    ],
    footer: "Recibes este correo porque un comercio de Tiangue indicó esta dirección.",
  });
}

/** Issue 26: the old address is told that the contact e-mail changed. */
export function contactEmailChangedEmail(input: {
  publicUrl: string;
  merchantName: string;
  newEmail: string;
}): RenderedEmail {
  return renderEmail({
    subject: "Cambió el correo de tu comercio en Tiangue",
    heading: `Cambió el correo de ${input.merchantName}`,
    blocks: [
      `El correo de contacto de ${input.merchantName} ahora es ${input.newEmail}. Para entrar al portal con él hay que abrir el enlace que le enviamos; hasta entonces se sigue entrando con esta dirección.`,
      "Si no hiciste este cambio, entra al portal y corrígelo, o escríbenos: nadie puede entrar con el correo nuevo sin ese enlace.",
      { button: { label: "Entrar a Tiangue", url: link(input.publicUrl, "/merchant/login") } },
    ],
    footer: "Recibes este correo porque es el correo de acceso de un comercio en Tiangue.",
  });
}

export function loginLinkEmail(input: { publicUrl: string; token: string }): RenderedEmail {
  return renderEmail({
    subject: "Entrar a Tiangue",
    heading: "Tu enlace para entrar a Tiangue",
    blocks: [
      "Pediste entrar al portal de comercios de Tiangue. Abre el enlace y pulsa 'Entrar'.",
      {
        button: {
          label: "Entrar a Tiangue",
          url: link(input.publicUrl, `/merchant/login?token=${encodeURIComponent(input.token)}`),
        },
      },
      `El enlace vale ${LOGIN_LINK_TTL_MINUTES} minutos y sirve una sola vez. Si no lo pediste, ignora este correo: nadie puede entrar sin él.`,
    ],
    footer: "Recibes este correo porque alguien pidió entrar con esta dirección en Tiangue.",
  });
}
