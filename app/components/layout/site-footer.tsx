import { SiteLink } from "./site-link";
import { TiangueLogo } from "./site-header";

/** Tiangue's own profiles (placeholder handles until the company confirms them). */
export const TIANGUE_SOCIAL = {
  facebook: "https://www.facebook.com/tiangue.sv",
  instagram: "https://www.instagram.com/tiangue.sv",
  tiktok: "https://www.tiktok.com/@tiangue.sv",
};

// Brand marks drawn here: lucide-react 1.x no longer ships brand icons.
function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5" fill="currentColor">
      <path d="M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12Z" />
    </svg>
  );
}

function InstagramIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}

function TikTokIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5" fill="currentColor">
      <path d="M16.6 3h-3.1v12.2a2.7 2.7 0 1 1-2.7-2.7c.3 0 .6 0 .8.1V9.4a5.9 5.9 0 1 0 5 5.8V9a7.6 7.6 0 0 0 4.4 1.4V7.3A4.5 4.5 0 0 1 16.6 3Z" />
    </svg>
  );
}

const footerLink = "text-stone-300 hover:text-white hover:underline";

const SOCIAL_LINKS = [
  { href: TIANGUE_SOCIAL.facebook, label: "Tiangue en Facebook", Icon: FacebookIcon },
  { href: TIANGUE_SOCIAL.instagram, label: "Tiangue en Instagram", Icon: InstagramIcon },
  { href: TIANGUE_SOCIAL.tiktok, label: "Tiangue en TikTok", Icon: TikTokIcon },
];

const USER_LINKS = [
  { to: "/merchants", label: "Explorar comercios" },
  { to: "/categories", label: "Categorías" },
  { to: "/products", label: "Productos populares" },
  { to: "/help", label: "Ayuda" },
];

const COMPANY_LINKS = [
  { to: "/terms", label: "Términos de uso" },
  { to: "/privacy", label: "Política de privacidad" },
  { to: "/register-merchant", label: "Registrar mi comercio" },
  { to: "/merchant/login", label: "Acceso para comercios" },
];

function FooterNav({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: { to: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <SiteLink to={link.to} className={footerLink}>
              {link.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The shared footer (spec §2); the year comes from the server so hydration matches. */
export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="mt-16 bg-brand-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <SiteLink
            to="/"
            className="inline-flex items-center gap-2 text-xl font-extrabold text-white"
          >
            <TiangueLogo className="size-8" />
            Tiangue
          </SiteLink>
          <p className="mt-3 max-w-sm text-sm text-stone-300">
            El mercado en línea de los comercios locales de El Salvador: encuentra lo que buscas
            cerca de ti y habla directo con quien lo vende.
          </p>
          <ul className="mt-4 flex gap-2" aria-label="Redes sociales de Tiangue">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  aria-label={label}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterNav id="footer-users" title="Para usuarios" links={USER_LINKS} />
        <FooterNav id="footer-company" title="Empresa" links={COMPANY_LINKS} />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-stone-300">
          © {year} Tiangue. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
