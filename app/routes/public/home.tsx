import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { MessageCircle, Search, Store } from "lucide-react";
import { preload } from "react-dom";
import { Form, Link } from "react-router";
import { CategoryGrid } from "../../components/catalogue/category-card";
import { EmptyState } from "../../components/layout/empty-state";
import { JsonLd } from "../../components/catalogue/json-ld";
import { merchantCardData, MerchantGrid } from "../../components/catalogue/merchant-card";
import { productCardData, ProductGrid } from "../../components/catalogue/product-card";
import { TIANGUE_SOCIAL } from "../../components/layout/site-footer";
import { Button, buttonVariants } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { absoluteUrl, DEFAULT_DESCRIPTION, pageMeta, SITE_NAME } from "../../lib/seo";
import type { Route } from "./+types/home";
import { staticIcon } from "../../components/ui/static-icons";

// Built once (components/ui/static-icons.ts).
const MORE_ICON = staticIcon("arrow-right", "size-4");
const REGISTER_ICON = staticIcon("arrow-right");
const SEARCH_ICON = staticIcon("search");

export async function loader({ context }: Route.LoaderArgs) {
  const { categories, merchants, products } = context.services;
  const [categoryList, featured, popular] = await Promise.all([
    categories.list(),
    merchants.featured(),
    products.popular(),
  ]);
  return {
    publicUrl: context.config.publicUrl,
    categories: categoryList,
    featured: featured.map(merchantCardData),
    popular: popular.map(productCardData),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    publicUrl: loaderData?.publicUrl ?? "",
    path: "/",
    title: "Comercios locales de El Salvador y sus productos",
    description: DEFAULT_DESCRIPTION,
    imageAlt: "Tiangue, el mercado en línea de los comercios locales de El Salvador",
  });
}

// The hero picture (wide screens only): its <source> and its preload must name the same files.
const HERO_MEDIA = "(min-width: 768px)";
const HERO_SRCSET = "/images/hero-640.webp 640w, /images/hero-1200.webp 1200w";
const HERO_SIZES = "(min-width: 1280px) 600px, 50vw";
const HERO_FALLBACK = "/images/hero-1200.webp";

const STEPS = [
  {
    icon: Search,
    title: "Explora y busca",
    text: "Recorre las categorías o busca por nombre: pupuserías, panaderías, artesanías, ropa, servicios y mucho más.",
  },
  {
    icon: Store,
    title: "Visita el comercio",
    text: "Conoce sus productos y precios, su horario, dónde está y lo que opinan otros clientes.",
  },
  {
    icon: MessageCircle,
    title: "Conecta directo",
    text: "Escríbele por WhatsApp al comercio o arma tu pedido y compra aquí mismo en la plataforma.",
  },
];

function SectionHeader({
  id,
  title,
  description,
  link,
}: {
  id: string;
  title: string;
  description?: string;
  link?: { to: string; label: string };
}) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
      <div>
        <h2 id={id} className="text-2xl font-bold text-stone-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-stone-600">{description}</p>}
      </div>
      {link && (
        <Link
          to={link.to}
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          {link.label}
          {MORE_ICON}
        </Link>
      )}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { publicUrl, categories, featured, popular } = loaderData;
  // Wide screens fetch the hero (their LCP) with the first bytes of <head>; phones skip it.
  preload(HERO_FALLBACK, {
    as: "image",
    type: "image/webp",
    imageSrcSet: HERO_SRCSET,
    imageSizes: HERO_SIZES,
    media: HERO_MEDIA,
    fetchPriority: "high",
  });
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_NAME,
    url: absoluteUrl(publicUrl, "/"),
    inLanguage: "es-SV",
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: absoluteUrl(publicUrl, "/search?q={search_term_string}"),
      },
      "query-input": "required name=search_term_string",
    },
  };
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: absoluteUrl(publicUrl, "/"),
    logo: absoluteUrl(publicUrl, "/images/favicon.svg"),
    sameAs: Object.values(TIANGUE_SOCIAL),
  };

  return (
    <>
      <JsonLd data={[website, organization]} />

      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white"
      >
        <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-16 lg:py-20">
          <div className="min-w-0">
            <p className="inline-block rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
              Hecho en El Salvador
            </p>
            <h1
              id="hero-title"
              className="mt-4 text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl"
            >
              Descubre los comercios locales y sus productos, cerca de ti
            </h1>
            <p className="mt-4 max-w-xl text-lg text-brand-50">
              Desde la pupusería de la esquina hasta el taller del artesano de tu municipio:
              encuentra lo que necesitas y habla directo con quien lo vende.
            </p>
            <Form
              method="get"
              action="/search"
              role="search"
              aria-label="Buscar desde el inicio"
              className="mt-6 flex max-w-xl gap-2"
            >
              <label htmlFor="hero-search" className="sr-only">
                ¿Qué estás buscando?
              </label>
              <input
                id="hero-search"
                name="q"
                type="search"
                required
                minLength={3}
                placeholder="Pupusas, café, artesanías…"
                className="h-12 min-w-0 flex-1 rounded-md border-0 bg-white px-4 text-base text-stone-900 placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maiz-300"
              />
              <Button
                type="submit"
                size="lg"
                className="bg-maiz-400 text-stone-900 hover:bg-maiz-300 focus-visible:outline-maiz-300"
              >
                {SEARCH_ICON}
                Buscar
              </Button>
            </Form>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link
                to="/merchants"
                className={cn(
                  buttonVariants({ variant: "outline", size: "lg" }),
                  "border-white/60 bg-transparent text-white hover:bg-white/10",
                )}
              >
                Ver comercios
              </Link>
              <Link
                to="/categories"
                className={cn(
                  buttonVariants({ variant: "ghost", size: "lg" }),
                  "text-white hover:bg-white/10",
                )}
              >
                Explorar categorías
              </Link>
            </div>
          </div>
          {/* Only wide screens download the picture; phones get an empty pixel. */}
          <picture className="hidden md:block">
            <source media={HERO_MEDIA} type="image/webp" srcSet={HERO_SRCSET} sizes={HERO_SIZES} />
            <img
              src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="
              alt="Ilustración de un mercado salvadoreño con puestos de frutas, pupusas y artesanías"
              width={1200}
              height={630}
              fetchPriority="high"
              className="h-auto w-full rounded-2xl shadow-2xl"
            />
          </picture>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="steps-title" className="text-center text-2xl font-bold text-stone-900">
          ¿Cómo funciona Tiangue?
        </h2>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li
              key={step.title}
              className="flex gap-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-maiz-100 text-brand-800">
                <step.icon aria-hidden className="size-6" />
              </span>
              <div>
                <h3 className="font-semibold text-stone-900">
                  <span className="text-brand-700">{i + 1}.</span> {step.title}
                </h3>
                <p className="mt-1 text-sm text-stone-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-8">
        <SectionHeader
          id="categories-title"
          title="Categorías"
          description="Encuentra comercios por lo que ofrecen."
          link={{ to: "/categories", label: "Ver todas" }}
        />
        {categories.length > 0 ? (
          <CategoryGrid categories={categories} />
        ) : (
          <p className="text-stone-600">Pronto tendremos categorías para explorar.</p>
        )}
      </section>

      <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-8">
        <SectionHeader
          id="featured-title"
          title="Comercios destacados"
          description="Los mejor calificados por sus clientes."
          link={{ to: "/merchants", label: "Ver todos" }}
        />
        {featured.length > 0 ? (
          <MerchantGrid merchants={featured} />
        ) : (
          <EmptyState kind="merchants" headingLevel="h3" />
        )}
      </section>

      <section aria-labelledby="popular-title" className="mx-auto max-w-7xl px-4 py-8">
        <SectionHeader
          id="popular-title"
          title="Productos populares"
          description="Lo que más están comprando y recomendando."
          link={{ to: "/products", label: "Ver todos los productos" }}
        />
        {popular.length > 0 ? (
          <ProductGrid products={popular} />
        ) : (
          <EmptyState kind="products" headingLevel="h3" />
        )}
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 py-12">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-maiz-100 p-6 sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="cta-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
              ¿Tienes un negocio? Súmate a Tiangue
            </h2>
            <p className="mt-2 text-stone-800">
              Registra tu comercio, muestra tus productos a la gente de tu zona y recibe pedidos
              directo en tu WhatsApp. Revisamos cada solicitud en 1 a 3 días hábiles.
            </p>
          </div>
          <Link to="/register-merchant" className={buttonVariants({ size: "lg" })}>
            Registrar mi comercio
            {REGISTER_ICON}
          </Link>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = routeErrorBoundary();
