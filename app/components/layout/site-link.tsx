import type { ComponentProps, ComponentType, ReactElement } from "react";
import { Link } from "react-router";

export type SiteLinkProps = Omit<ComponentProps<"a">, "href"> & {
  /** A path of this site ("/products/pan-dulce"); the browser's code navigates to it. */
  to: string;
};

/**
 * A path that React Router's `useHref` gives back unchanged (basename "/"): it starts with
 * one slash, has no "." or ".." segment, no double slash and no hash.
 */
const PLAIN_PATH = /^\/(?:[\w-]+\/)*[\w-]*(?:\?[^#]+)?$/;

/** Whether ServerLink writes `to` itself (else it is React Router's <Link>). */
export function isPlainPath(to: string): boolean {
  return PLAIN_PATH.test(to);
}

/**
 * What React Router's <Link to={path}> renders on the server, without its hooks: the <a> with
 * the same attributes in the same order (`data-discover`, so the browser still discovers the
 * route when the link appears). A server render has no clicks to handle, and a page shows up
 * to 60 such links (issue 13). Anything but a plain path goes to the real <Link>.
 */
export function ServerLink({ to, ...rest }: SiteLinkProps): ReactElement {
  if (!isPlainPath(to)) return <Link to={to} {...rest} />;
  return <a {...rest} href={to} data-discover="true" />;
}

/**
 * The site's internal link: React Router's <Link> in the browser (client-side navigation,
 * route discovery, everything as before), its static HTML on the server; hydration sees the
 * same <a> either way.
 */
export const SiteLink: ComponentType<SiteLinkProps> = import.meta.env.SSR ? ServerLink : Link;
