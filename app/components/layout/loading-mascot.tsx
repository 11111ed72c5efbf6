import { useEffect, useState } from "react";
import { MASCOT_MESSAGE_MS } from "../../../shared/limits";
import { cn } from "../ui/cn";

export const MASCOT_MESSAGES = [
  "Buscando los mejores comercios…",
  "Calentando las pupusas…",
  "Acomodando los productos en el tiangue…",
  "Preguntando precios en el mercado…",
  "Ya casi está listo…",
];

/** Elotito, Tiangue's corn cob, waving while a page loads. */
function Elotito() {
  return (
    <svg viewBox="0 0 120 140" width="96" height="112" aria-hidden className="overflow-visible">
      {/* husk */}
      <path d="M60 132 C30 128 18 96 28 66 C34 92 46 110 60 116Z" fill="#4d8f3a" />
      <path d="M60 132 C90 128 102 96 92 66 C86 92 74 110 60 116Z" fill="#5fa847" />
      {/* cob */}
      <rect x="34" y="10" width="52" height="112" rx="26" fill="#f4be2b" />
      <g fill="#f8d45c">
        {[24, 40, 56, 72, 88, 104].map((y) =>
          [44, 56, 68, 80].map((x) => (
            <ellipse key={`${x}-${y}`} cx={x - 4} cy={y} rx="4.5" ry="5.5" opacity="0.9" />
          )),
        )}
      </g>
      {/* face */}
      <g
        className="motion-safe:animate-[blink_4s_infinite]"
        style={{ transformOrigin: "60px 58px" }}
      >
        <ellipse cx="50" cy="58" rx="4" ry="5" fill="#1d306b" />
        <ellipse cx="70" cy="58" rx="4" ry="5" fill="#1d306b" />
      </g>
      <circle cx="43" cy="70" r="4" fill="#f08a7e" opacity="0.7" />
      <circle cx="77" cy="70" r="4" fill="#f08a7e" opacity="0.7" />
      <path
        d="M52 72 Q60 80 68 72"
        stroke="#1d306b"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      {/* waving arm */}
      <g
        className="motion-safe:animate-[wave_1s_ease-in-out_infinite_alternate]"
        style={{ transformOrigin: "88px 84px" }}
      >
        <path
          d="M86 84 Q104 76 108 58"
          stroke="#4d8f3a"
          strokeWidth="6"
          fill="none"
          strokeLinecap="round"
        />
        <circle cx="108" cy="56" r="6" fill="#5fa847" />
      </g>
      <style>{`@keyframes blink{0%,92%,100%{transform:scaleY(1)}95%{transform:scaleY(.1)}}@keyframes wave{from{transform:rotate(-12deg)}to{transform:rotate(14deg)}}`}</style>
    </svg>
  );
}

/** The loading mascot (spec §2): a new message every 2 seconds, announced politely. */
export function LoadingMascot({
  messages = MASCOT_MESSAGES,
  className,
}: {
  messages?: readonly string[];
  className?: string;
}) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (messages.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % messages.length), MASCOT_MESSAGE_MS);
    return () => clearInterval(timer);
  }, [messages]);

  return (
    <div className={cn("flex flex-col items-center gap-3 py-10 text-center", className)}>
      <Elotito />
      <p role="status" aria-live="polite" className="font-medium text-stone-700">
        {messages[index % messages.length]}
      </p>
    </div>
  );
}
