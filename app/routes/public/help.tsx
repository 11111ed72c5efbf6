import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { CreditCard, Mail, MessageCircle, ShoppingBag, Store } from "lucide-react";
import { Link } from "react-router";
import { whatsappUrl } from "../../../shared/phone";
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "../../components/ui/accordion";
import { buttonVariants } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/help";

export const SUPPORT_EMAIL = "soporte@tiangue.sv";
export const SUPPORT_WHATSAPP = "+503 7000-0000";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: "/help",
    title: "Centro de ayuda",
    description:
      "Respuestas sobre cómo comprar, contactar comercios, pedidos, entregas, reseñas y registro de comercios en Tiangue. Escríbenos por correo o WhatsApp.",
  });
}

/**
 * How a shopper pays, in the words of these pages (issue 25): card only when Wompi is
 * configured; cash and transfer where the merchant accepts them.
 */
export function paymentWays(cardPayment: boolean): string {
  return cardPayment
    ? "efectivo al recibir, transferencia bancaria, tarjeta en línea o el pago que acuerdes por WhatsApp"
    : "efectivo al recibir, transferencia bancaria o el pago que acuerdes por WhatsApp";
}

function topics(cardPayment: boolean) {
  return [
    {
      icon: ShoppingBag,
      title: "Para compradores",
      text: "Encuentra comercios cerca de ti, compara productos y precios, y contacta directo al comercio por WhatsApp, teléfono o correo.",
      link: { to: "/merchants", label: "Explorar comercios" },
    },
    {
      icon: Store,
      title: "Para comercios",
      text: "Registra tu negocio con tus datos, horario y redes sociales. Revisamos cada solicitud en 1 a 3 días hábiles.",
      link: { to: "/register-merchant", label: "Registrar mi comercio" },
    },
    {
      icon: CreditCard,
      title: "Pedidos y pagos",
      text: `Arma tu carrito, elige si te lo llevan o lo recoges y paga como acepte cada comercio: ${paymentWays(cardPayment)}.`,
      link: { to: "/cart", label: "Ver mi carrito" },
    },
  ];
}

function faq(cardPayment: boolean) {
  return [
    {
      question: "¿Cómo contacto a un comercio?",
      answer:
        "En la página de cada comercio y de cada producto encontrarás los botones Llamar, WhatsApp y Email, según los datos que el comercio haya compartido. Al tocar WhatsApp se abre un chat con un mensaje ya escrito sobre el producto que te interesa.",
    },
    {
      question: "¿Cómo hago un pedido?",
      answer: `Agrega los productos a tu carrito y toca Finalizar pedido. En el carrito verás tus productos agrupados por comercio; se crea un pedido por comercio. Con cada uno eliges si te lo llevan a domicilio o lo recoges en su tienda, y pagas como ese comercio lo acepte: ${paymentWays(cardPayment)}. Al terminar recibirás el enlace de tu pedido, donde ves cómo avanza y escribes al comercio; si lo pierdes, búscalo en Mis pedidos con Buscar mi pedido.`,
    },
    {
      question: "¿Quién se encarga de la entrega?",
      answer:
        "Cada comercio gestiona su propia entrega. Algunos llevan a domicilio, otros te esperan en su local. Antes de confirmar tu pedido ves el costo de envío de cada comercio, o si lo acordarán contigo; en la página de tu pedido sigues cada paso hasta que lo recibes.",
    },
    {
      question: "¿Puedo cancelar un pedido?",
      answer:
        "La cancelación depende de cada comercio. Mientras el comercio no haya empezado a prepararlo, puedes cancelarlo desde la página de tu pedido con Cancelar pedido. Después, comunícate cuanto antes con el comercio por WhatsApp o por teléfono para conocer sus condiciones.",
    },
    {
      question: "¿Cómo dejo una reseña?",
      answer:
        "Cuando tu pedido está entregado, su página (y el aviso de entrega) te invita a 'Califica tu compra': calificas al comercio y a cada producto, y esas reseñas se marcan como 'Compra verificada'. También cualquiera puede dejar una reseña desde la pestaña de reseñas del comercio o del producto, sin la marca. Todas las reseñas son moderadas antes de publicarse para mantener opiniones útiles y respetuosas; tu correo nunca se muestra, y el comercio puede responder debajo de cada reseña.",
    },
    {
      question: "¿Cómo registro mi comercio y cuánto tarda la aprobación?",
      answer:
        "Completa el formulario de Registrar Comercio con el nombre, la categoría, la dirección, el departamento y municipio, tus teléfonos, correo, descripción y horario. Nuestro equipo revisa cada solicitud y la aprobación toma de 1 a 3 días hábiles; te avisaremos cuando tu comercio esté publicado.",
    },
    {
      question: "¿Es seguro pagar en Tiangue?",
      answer: cardPayment
        ? "Sí. Los pagos con tarjeta se procesan a través de un proveedor de pagos que opera en El Salvador, con conexión cifrada. Tiangue no almacena los datos de tu tarjeta: solo guardamos el número de pedido y la confirmación del pago. El efectivo y las transferencias los recibe directamente el comercio: transfiere solo a la cuenta que ves en la página de tu pedido, con el número de pedido como referencia."
        : "Sí. Por ahora Tiangue no cobra en línea: pagas directamente a cada comercio, en efectivo al recibir, por transferencia bancaria o como lo acuerden por WhatsApp. Transfiere solo a la cuenta que ves en la página de tu pedido, con el número de pedido como referencia. Tiangue nunca te pedirá los datos de tu tarjeta.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  // Card payment is promised only when Wompi is configured (issue 25).
  const { cardPayment } = await context.services.checkout.options();
  return { cardPayment };
}

export default function Help({ loaderData }: Route.ComponentProps) {
  const { cardPayment } = loaderData;
  const whatsapp = whatsappUrl(SUPPORT_WHATSAPP, "Hola, necesito ayuda con Tiangue.");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">Centro de ayuda</h1>
      <p className="mt-2 max-w-2xl text-stone-600">
        ¿Tienes dudas sobre cómo comprar, contactar a un comercio o registrar tu negocio? Aquí
        encontrarás las respuestas más comunes.
      </p>

      <section aria-labelledby="help-topics" className="mt-8">
        <h2 id="help-topics" className="sr-only">
          Temas de ayuda
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {topics(cardPayment).map((topic) => (
            <li
              key={topic.title}
              className="flex flex-col rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <topic.icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-3 font-semibold text-stone-900">{topic.title}</h3>
              <p className="mt-1 flex-1 text-sm text-stone-600">{topic.text}</p>
              <Link
                to={topic.link.to}
                className="mt-3 text-sm font-medium text-brand-700 hover:underline"
              >
                {topic.link.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="help-faq" className="mt-12">
        <h2 id="help-faq" className="text-2xl font-bold text-stone-900">
          Preguntas frecuentes
        </h2>
        <Accordion className="mt-4">
          {faq(cardPayment).map((item, i) => (
            <AccordionItem key={item.question} value={`faq-${i + 1}`}>
              <AccordionTrigger>{item.question}</AccordionTrigger>
              <AccordionContent>
                <p>{item.answer}</p>
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>

      <section aria-labelledby="help-contact" className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-8">
        <h2 id="help-contact" className="text-2xl font-bold text-stone-900">
          ¿No encontraste tu respuesta?
        </h2>
        <p className="mt-2 text-stone-700">
          Escríbenos y te responderemos lo antes posible, de lunes a viernes de 8:00 a 17:00.
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className={cn(buttonVariants({ variant: "outline", size: "lg" }))}
          >
            <Mail aria-hidden />
            {SUPPORT_EMAIL}
          </a>
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants({ variant: "whatsapp", size: "lg" }))}
          >
            <MessageCircle aria-hidden />
            WhatsApp {SUPPORT_WHATSAPP}
          </a>
        </div>
      </section>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
