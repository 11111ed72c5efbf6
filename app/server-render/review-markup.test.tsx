import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ReviewDto } from "../../shared/api-types";

/**
 * The server writes public reviews from a template cut out of React's own HTML
 * (review-markup.ts). Hydration needs it to be exactly what React writes: compared here, and
 * the whole list server against browser in app/components/server-render.test.tsx.
 */
async function serverModules() {
  vi.resetModules();
  vi.stubEnv("SSR", true);
  const list = await import("../components/reviews/review-list");
  // The list module loads its writer itself: wait for that one instance.
  await list.serverReviewMarkupLoaded;
  const markup = await import("./review-markup");
  const templates = await import("./react-templates");
  return { list, markup, templates };
}
let m: Awaited<ReturnType<typeof serverModules>>;
beforeAll(async () => {
  m = await serverModules();
});

function review(id: number, fields: Partial<ReviewDto> = {}): ReviewDto {
  return {
    id,
    userId: null,
    userName: `Cliente ${id}`,
    rating: 4,
    comment: "Muy buena atención, el pedido llegó a tiempo.",
    merchantId: null,
    productId: 3,
    isApproved: true,
    createdAt: "2026-03-02T16:00:00.000Z",
    updatedAt: "2026-03-02T16:00:00.000Z",
    verifiedPurchase: false,
    reply: null,
    ...fields,
  };
}

const CASES: [string, ReviewDto][] = [
  ["a plain review", review(1)],
  ...[1, 2, 3, 5].map((rating): [string, ReviewDto] => [`${rating} stars`, review(2, { rating })]),
  ["a comment on several lines", review(3, { comment: "Primera línea.\nSegunda línea.\n\nFin." })],
  ["just after midnight in El Salvador", review(4, { createdAt: "2026-12-31T06:30:00.000Z" })],
  [
    "markup and quotes in every text",
    review(5, {
      userName: `<img src=x onerror="alert(1)"> & 'yo'`,
      comment: `"Excelente" <b>&</b> 'barato' </p><script>alert(1)</script>`,
    }),
  ],
];

const REPLY = { text: "¡Gracias! <b>Vuelve</b> pronto.\nSaludos.", at: "2026-03-03T05:30:00.000Z" };
/** Issue 37: 'Compra verificada' and the merchant's reply, each kind its own template. */
const ISSUE_37: [string, ReviewDto, string | undefined][] = [
  ["a verified purchase", review(6, { verifiedPurchase: true }), undefined],
  ["a reply, the shop named", review(7, { reply: REPLY }), "Pupusería <La> Ceiba"],
  ["a reply, the shop not named", review(8, { reply: REPLY }), undefined],
  ["verified and replied", review(9, { verifiedPurchase: true, reply: REPLY }), "La Ceiba"],
];

describe("public reviews written from React's template", () => {
  it.each(CASES)("%s: the same HTML as React's", (_, item) => {
    const html = m.markup.reviewMarkup(item);
    expect(html).not.toBeNull();
    expect(html).toBe(renderToString(<m.list.ReviewItem review={item} approvedOnly />));
  });

  it.each(ISSUE_37)("%s: the same HTML as React's", (_, item, merchantName) => {
    const html = m.markup.reviewMarkup(item, merchantName);
    expect(html).not.toBeNull();
    expect(html).toBe(
      renderToString(<m.list.ReviewItem review={item} approvedOnly merchantName={merchantName} />),
    );
    expect(html!.includes("Compra verificada")).toBe(item.verifiedPurchase);
    if (item.reply) {
      expect(html).toContain(
        merchantName
          ? `Respuesta de ${merchantName.replace("<", "&lt;").replace(">", "&gt;")}`
          : "Respuesta del comercio",
      );
      // 05:30 UTC is still the 2nd of March in El Salvador.
      expect(html).toContain("2 de marzo de 2026");
      expect(html).toContain("&lt;b&gt;Vuelve&lt;/b&gt;");
    }
  });

  it("the public list writes each review from the template, the admin's list never", () => {
    const items = CASES.map(([, item], i) => ({ ...item, id: i + 1 }));
    const initialPage = { items, total: items.length };
    const get = vi
      .spyOn(m.templates.TemplateKinds.prototype, "get")
      .mockReturnValue({ statics: ["<b>from a template</b>"], holes: [] });
    try {
      const written = (html: string) => html.split("<b>from a template</b>").length - 1;
      const publicList = renderToString(
        <m.list.ReviewList productId={3} initialPage={initialPage} />,
      );
      expect(written(publicList)).toBe(items.length);
      // The admin's list shows each review's status: React writes it.
      const adminList = renderToString(
        <m.list.ReviewList productId={3} initialPage={initialPage} approvedOnly={false} />,
      );
      expect(written(adminList)).toBe(0);
    } finally {
      get.mockRestore();
    }
  });

  it("escapes what the shopper's browser would otherwise read as markup", () => {
    const html = m.markup.reviewMarkup(CASES.at(-1)![1])!;
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
