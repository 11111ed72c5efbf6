import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { Link } from "react-router";
import { LegalPage, type LegalSection } from "../../components/layout/legal-page";
import { WithdrawalNotice } from "../../components/legal/withdrawal-notice";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: "/terms",
    title: "Términos de uso",
    description:
      "Condiciones para usar Tiangue, el mercado en línea de los comercios locales de El Salvador: deberes de usuarios y comercios, pagos, responsabilidad y contacto.",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  // Card payment is promised only when Wompi is configured (issue 25).
  const { cardPayment } = await context.services.checkout.options();
  return { cardPayment };
}

/** Section 5: the ways some merchants accept, and the card only when it is offered. */
function payments(cardPayment: boolean): LegalSection {
  return {
    id: "pagos",
    title: "5. Pagos",
    body: (
      <>
        <p>
          Según lo que acepte cada comercio, puedes pagar en efectivo al recibir tu pedido, por
          transferencia bancaria a la cuenta del comercio
          {cardPayment ? ", con tarjeta en la plataforma" : ""} o acordar el pago directamente con
          el comercio (por ejemplo, al hablar por WhatsApp). El efectivo y las transferencias los
          recibe el comercio, que confirma el pago en tu pedido; transfiere solo a la cuenta que
          aparece en la página de tu pedido, con el número de pedido como referencia.
        </p>
        {cardPayment ? (
          <p>
            Los pagos con tarjeta se procesan a través de un proveedor de pagos autorizado para
            operar en El Salvador, con conexión cifrada. Tiangue no almacena los datos de tu
            tarjeta: los ingresas directamente en el sitio seguro del proveedor de pagos, que es
            quien los procesa. Solo guardamos el número de pedido, el monto y el identificador del
            pago para poder darle seguimiento. Si se cancela un pedido pagado con tarjeta, su monto
            se reembolsa.
          </p>
        ) : (
          <p>
            Por ahora la plataforma no recibe pagos con tarjeta. Cuando los reciba, se procesarán a
            través de un proveedor de pagos autorizado para operar en El Salvador, con conexión
            cifrada, y Tiangue no almacenará los datos de tu tarjeta: solo el número de pedido, el
            monto y el identificador del pago.
          </p>
        )}
      </>
    ),
  };
}

const SECTIONS: LegalSection[] = [
  {
    id: "aceptacion",
    title: "1. Aceptación de los términos",
    body: (
      <>
        <p>
          Al visitar Tiangue, crear una solicitud de comercio, dejar una reseña o hacer un pedido,
          aceptas estos Términos de uso y nuestra <Link to="/privacy">Política de privacidad</Link>.
          Si no estás de acuerdo con ellos, te pedimos que no utilices la plataforma.
        </p>
        <p>
          Para registrar un comercio debes ser mayor de edad según las leyes de El Salvador y tener
          la facultad de representar al negocio que inscribes.
        </p>
      </>
    ),
  },
  {
    id: "servicio",
    title: "2. Descripción del servicio",
    body: (
      <>
        <p>
          Tiangue es un directorio y mercado en línea que conecta a las personas con comercios
          locales de El Salvador. En la plataforma puedes explorar categorías, comercios y
          productos, buscar, guardar productos en un carrito, leer y escribir reseñas y contactar a
          cada comercio por teléfono, correo electrónico o WhatsApp.
        </p>
        <p>
          Tiangue no es el vendedor de los productos publicados: cada comercio es responsable de lo
          que ofrece, de sus precios, de su inventario y de atender a sus clientes. Cada comercio
          gestiona su propia entrega, ya sea a domicilio, para recoger en su local o por el medio
          que acuerde contigo.
        </p>
      </>
    ),
  },
  {
    id: "usuarios",
    title: "3. Deberes de los usuarios",
    body: (
      <>
        <p>Al usar Tiangue te comprometes a:</p>
        <ul>
          <li>Dar información verdadera cuando hagas un pedido o escribas a un comercio.</li>
          <li>
            Escribir reseñas honestas y respetuosas, basadas en tu propia experiencia. Las que se
            escriben desde la página de un pedido entregado se marcan como «Compra verificada»;
            cualquiera puede escribir una reseña sin esa marca. Todas son moderadas antes de
            publicarse: no publicamos insultos, datos personales de terceros, publicidad ni
            contenido falso. El comercio puede responder cada reseña publicada, y podemos quitar una
            respuesta que incumpla estas reglas.
          </li>
          <li>No usar la plataforma para fines ilegales, fraudes, acoso ni envío de spam.</li>
          <li>
            No intentar acceder a áreas restringidas, alterar el funcionamiento del sitio ni extraer
            datos de forma masiva.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "comercios",
    title: "4. Deberes de los comercios",
    body: (
      <>
        <p>
          Cada solicitud de registro es revisada por nuestro equipo; la aprobación toma de 1 a 3
          días hábiles. Podemos rechazar o retirar un comercio que no cumpla estos términos. Al
          publicar en Tiangue, el comercio se compromete a:
        </p>
        <ul>
          <li>
            Mantener actualizados sus datos de contacto, dirección, horario de atención, productos y
            precios (en dólares de los Estados Unidos).
          </li>
          <li>
            Ofrecer solo productos y servicios lícitos y contar con los permisos que su actividad
            requiera.
          </li>
          <li>
            Responder a sus clientes, cumplir lo ofrecido y hacerse cargo de la entrega, los cambios
            y las devoluciones de sus ventas.
          </li>
          <li>
            Definir y comunicar con claridad su política de cancelación: la posibilidad de cancelar
            un pedido y sus condiciones dependen de cada comercio. Mientras el comercio no haya
            empezado a preparar un pedido, el comprador puede cancelarlo desde la página del pedido.
          </li>
          <li>Tener los derechos sobre las fotografías, logotipos y textos que publica.</li>
          <li>
            Identificarse ante sus clientes con su razón social (o el nombre completo de su titular)
            y su NIT o DUI, que Tiangue muestra en su página, en cada pedido y en cada comprobante,
            como lo pide la Ley de Protección al Consumidor; y entregar el documento tributario
            electrónico (DTE) que le corresponda emitir.
          </li>
          <li>Respetar el derecho de retracto de las compras a distancia:</li>
        </ul>
        <WithdrawalNotice headingLevel={3} className="mt-2" />
      </>
    ),
  },
  // 5. Pagos: payments(cardPayment), put in its place by the page.
  {
    id: "responsabilidad",
    title: "6. Limitación de responsabilidad",
    body: (
      <>
        <p>
          La información de cada comercio y de sus productos es publicada por el propio comercio.
          Hacemos lo posible por mantener la plataforma confiable, pero no garantizamos la exactitud
          de esa información, la disponibilidad de los productos ni la calidad de lo que se vende.
        </p>
        <p>
          En la medida que lo permita la ley, Tiangue no es responsable de los acuerdos, entregas,
          cancelaciones o reclamos entre compradores y comercios, ni de interrupciones del servicio
          por mantenimiento o causas fuera de nuestro control. Si tienes un problema con una compra,
          te ayudaremos a ponerte en contacto con el comercio.
        </p>
      </>
    ),
  },
  {
    id: "modificaciones",
    title: "7. Modificaciones",
    body: (
      <p>
        Podemos actualizar estos términos para reflejar cambios en el servicio o en la ley.
        Publicaremos la nueva versión en esta página con su fecha de actualización; si los cambios
        son importantes, lo avisaremos en la plataforma. Seguir usando Tiangue después de la
        actualización significa que aceptas los nuevos términos.
      </p>
    ),
  },
  {
    id: "contacto",
    title: "8. Contacto",
    body: (
      <p>
        Si tienes preguntas sobre estos términos, escríbenos a{" "}
        <a href="mailto:soporte@tiangue.sv">soporte@tiangue.sv</a> o visita nuestro{" "}
        <Link to="/help">Centro de ayuda</Link>.
      </p>
    ),
  },
];

export default function Terms({ loaderData }: Route.ComponentProps) {
  const sections = [
    ...SECTIONS.slice(0, 4),
    payments(loaderData.cardPayment),
    ...SECTIONS.slice(4),
  ];
  return <LegalPage title="Términos de uso" updated="enero de 2025" sections={sections} />;
}

export const ErrorBoundary = routeErrorBoundary();
