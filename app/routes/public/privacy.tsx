import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { Link } from "react-router";
import { LegalPage, type LegalSection } from "../../components/layout/legal-page";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: "/privacy",
    title: "Política de privacidad",
    description:
      "Qué datos recopila Tiangue, para qué los usa, con quién los comparte, cómo los protege y cómo puedes ejercer tus derechos.",
  });
}

const SECTIONS: LegalSection[] = [
  {
    id: "datos",
    title: "1. Datos que recopilamos",
    body: (
      <>
        <p>Recopilamos solo los datos que necesitamos para que Tiangue funcione:</p>
        <ul>
          <li>
            <strong>Si escribes una reseña:</strong> tu nombre, tu correo electrónico (que nunca se
            publica), la calificación y tu comentario.
          </li>
          <li>
            <strong>Si haces un pedido:</strong> tu nombre, correo electrónico, teléfono, la
            dirección de entrega y su punto de referencia, tu nota para el comercio, los productos y
            el monto; y, si aceptas recibir avisos por WhatsApp, ese número y cuándo lo aceptaste.
            Los datos de tu tarjeta los recibe directamente el proveedor de pagos; nosotros no los
            vemos ni los guardamos.
          </li>
          <li>
            <strong>Si registras un comercio:</strong> el nombre del negocio, su dirección,
            departamento y municipio, teléfono, WhatsApp, correo, horario, descripción, redes
            sociales y las imágenes que subas.
          </li>
          <li>
            <strong>Al navegar:</strong> un identificador de carrito guardado en tu navegador y
            datos técnicos básicos (dirección IP, tipo de navegador y páginas visitadas) que usamos
            para mantener el servicio seguro.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "uso",
    title: "2. Uso de la información",
    body: (
      <>
        <p>Usamos tus datos para:</p>
        <ul>
          <li>Mostrar los comercios y sus productos, y mantener tu carrito entre visitas.</li>
          <li>Procesar tus pedidos y ponerte en contacto con el comercio que elegiste.</li>
          <li>
            Moderar las reseñas antes de publicarlas y revisar las solicitudes de registro de
            comercios.
          </li>
          <li>Responder tus consultas, prevenir fraudes y abusos, y mejorar la plataforma.</li>
        </ul>
        <p>No vendemos tus datos personales ni los usamos para publicidad de terceros.</p>
      </>
    ),
  },
  {
    id: "compartir",
    title: "3. Compartir información",
    body: (
      <>
        <p>Solo compartimos tus datos cuando es necesario:</p>
        <ul>
          <li>
            <strong>Con el comercio</strong> al que le haces un pedido, para que pueda atenderte y
            coordinar la entrega.
          </li>
          <li>
            <strong>Con el proveedor de pagos</strong>, cuando pagas en línea, para procesar la
            transacción.
          </li>
          <li>
            <strong>Con proveedores de servicios</strong> que nos ayudan a operar (alojamiento y
            correo electrónico), bajo obligación de confidencialidad.
          </li>
          <li>
            <strong>Con las autoridades</strong>, cuando la ley de El Salvador lo exija.
          </li>
        </ul>
        <p>
          Los datos de contacto de los comercios (teléfono, WhatsApp, correo y dirección) son
          públicos porque su propósito es que los clientes puedan contactarlos.
        </p>
      </>
    ),
  },
  {
    id: "seguridad",
    title: "4. Seguridad",
    body: (
      <p>
        Protegemos la información con conexiones cifradas, contraseñas guardadas de forma segura,
        acceso restringido al panel de administración y copias de seguridad. Ningún sistema es
        infalible: si detectamos un incidente que afecte tus datos, te lo comunicaremos y tomaremos
        medidas de inmediato.
      </p>
    ),
  },
  {
    id: "cookies",
    title: "5. Cookies y almacenamiento local",
    body: (
      <p>
        Usamos el almacenamiento de tu navegador y cookies propias para recordar tu carrito, tus
        favoritos y tu municipio, y así mostrarte esas páginas más rápido; y cookies estrictamente
        necesarias para mantener abierta la sesión de los administradores y de los comercios. No
        usamos cookies de publicidad ni de rastreo de terceros. Si borras los datos de tu navegador,
        tu carrito y tus favoritos se vaciarán.
      </p>
    ),
  },
  {
    id: "derechos",
    title: "6. Tus derechos",
    body: (
      <>
        <p>
          La Ley para la Protección de Datos Personales de El Salvador te da derecho a saber qué
          datos tenemos sobre ti, a que los corrijamos, a que los eliminemos y a oponerte a que los
          usemos para fines distintos a los descritos aquí.
        </p>
        <p>
          <strong>Cómo pedirlo:</strong> escríbenos a{" "}
          <a href="mailto:soporte@tiangue.sv">soporte@tiangue.sv</a> desde el correo con el que
          hiciste tus pedidos o tus reseñas (o indícanos el teléfono que usaste) y dinos qué
          quieres: una copia, una corrección o que borremos tus datos. Si escribes desde otra
          dirección, te pediremos confirmar que el correo o el teléfono son tuyos.
        </p>
        <p>
          <strong>Qué pasa después:</strong> te responderemos en un plazo máximo de 10 días hábiles.
        </p>
        <ul>
          <li>
            <strong>Una copia:</strong> te enviamos un archivo con todo lo que guardamos sobre ti:
            tus pedidos con sus productos y direcciones, tus reseñas, los avisos que te enviamos por
            correo o WhatsApp y tus consentimientos.
          </li>
          <li>
            <strong>Eliminar tus datos:</strong> en todos tus pedidos tu nombre, correo, teléfono,
            número de WhatsApp, dirección y nota pasan a «Datos eliminados»; tus reseñas siguen
            publicadas con el autor «Cliente» y sin tu correo; terminan tus consentimientos, se
            cancelan los avisos pendientes y los enlaces de tus pedidos dejan de funcionar.
            Conservamos los montos, los productos y las fechas de cada pedido, sin nada que te
            identifique, porque los comercios los necesitan para su contabilidad.
          </li>
          <li>
            <strong>Tus favoritos y tu carrito</strong> se guardan solo en tu navegador, no en
            nuestros servidores: se borran cuando borras los datos de tu navegador.
          </li>
        </ul>
        <p>
          Si escribiste «BAJA» a nuestro WhatsApp, guardamos ese número para no volver a escribirte,
          aunque borremos tus demás datos. Si no quedas conforme con nuestra respuesta, puedes
          acudir a la autoridad de protección de datos personales.
        </p>
      </>
    ),
  },
  {
    id: "conservacion",
    title: "7. Conservación de los datos",
    body: (
      <>
        <p>
          Guardamos tus datos solo mientras sean necesarios para el propósito con el que los
          recopilamos:
        </p>
        <ul>
          <li>
            <strong>Pedidos:</strong> dos años después de entregados o cancelados. Pasado ese plazo,
            tu nombre, correo, teléfono, WhatsApp y dirección se eliminan automáticamente de la
            misma forma que si lo pidieras; quedan solo los montos y los productos.
          </li>
          <li>
            <strong>Enlaces de tus pedidos:</strong> el enlace que recibes al hacer el pedido sigue
            funcionando; los que te enviamos después (con cada cambio de estado o desde «Buscar mi
            pedido») vencen a los 90 días, y puedes pedir uno nuevo en{" "}
            <Link to="/orders/buscar">Buscar mi pedido</Link>.
          </li>
          <li>
            <strong>Correos y avisos enviados:</strong> 30 días.
          </li>
          <li>
            <strong>Reseñas:</strong> mientras estén publicadas.
          </li>
          <li>
            <strong>Datos de un comercio:</strong> mientras esté registrado.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "cambios",
    title: "8. Cambios a esta política",
    body: (
      <p>
        Si cambiamos esta política, publicaremos la nueva versión en esta página con su fecha de
        actualización y, si el cambio es importante, lo avisaremos en la plataforma.
      </p>
    ),
  },
  {
    id: "contacto",
    title: "9. Contacto",
    body: (
      <p>
        Para cualquier consulta sobre tu privacidad escríbenos a{" "}
        <a href="mailto:soporte@tiangue.sv">soporte@tiangue.sv</a> o visita nuestro{" "}
        <Link to="/help">Centro de ayuda</Link>.
      </p>
    ),
  },
];

export default function Privacy() {
  return (
    <LegalPage title="Política de privacidad" updated="diciembre de 2026" sections={SECTIONS} />
  );
}

export const ErrorBoundary = routeErrorBoundary();
