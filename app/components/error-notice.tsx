import { Link } from "react-router";

/** A page that could not be shown: what happened, and a link to go on from. */
export function ErrorNotice({
  title,
  text,
  link,
}: {
  title: string;
  text: string;
  link: { to: string; label: string };
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <Link to={link.to} className="mt-6 inline-block font-medium text-brand-700 underline">
        {link.label}
      </Link>
    </div>
  );
}
