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
            <strong>Si haces un pedido:</strong> tu nombre, correo electrónico, teléfono, los
            productos y el monto. Los datos de tu tarjeta los recibe directamente el proveedor de
            pagos; nosotros no los vemos ni los guardamos.
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
      <p>
        Puedes pedirnos en cualquier momento que te digamos qué datos tenemos sobre ti, que los
        corrijamos o que los eliminemos, y oponerte a que los usemos para fines distintos a los
        descritos aquí. Escríbenos a <a href="mailto:soporte@tiangue.sv">soporte@tiangue.sv</a>{" "}
        desde el correo con el que usaste Tiangue y te responderemos en un plazo máximo de 10 días
        hábiles.
      </p>
    ),
  },
  {
    id: "conservacion",
    title: "7. Conservación de los datos",
    body: (
      <p>
        Guardamos tus datos mientras sean necesarios para el propósito con el que los recopilamos:
        las reseñas, mientras estén publicadas; los pedidos, durante el tiempo que exigen las
        obligaciones contables y tributarias; los datos de un comercio, mientras esté registrado.
        Después los eliminamos o los anonimizamos.
      </p>
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
  return <LegalPage title="Política de privacidad" updated="enero de 2025" sections={SECTIONS} />;
}

export const ErrorBoundary = routeErrorBoundary();
