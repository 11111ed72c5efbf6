/**
 * Issue 35, "How it must hold up": status webhooks, 1,000 signed posts, a third of them
 * duplicated and shuffled, leave every notice in its strongest state; a wrong signature
 * changes nothing (docs/reliability.md, 'Avisos por WhatsApp y notificaciones').
 *
 * One production process (`npm run build` first) on a fresh database of the PostgreSQL
 * server, WhatsApp configured (pointing at the fake, which posts nothing here). NOTICES rows
 * are inserted as the worker leaves them after a send: `sent` with Meta's message id, and
 * every sixth `unknown` with none (its answer never came: the webhook finds it by
 * biz_opaque_callback_data, our id). Each notice gets its statuses in order of strength up to
 * its own strongest (a third end `sent`, a third `delivered`, a third `read`), so the unique
 * posts are about 2 per notice; copies of random ones (the same bytes and signature, as Meta
 * repeats them) fill up to POSTS; all in a shuffled order, in Meta's envelope, signed with the
 * app secret (X-Hub-Signature-256), CONCURRENCY at a time from ADDRESSES loopback addresses
 * (Meta posts from many; the route allows 600 a minute per address). BAD posts more, shuffled
 * in, would each make a notice stronger than its own or failed: signed with another secret,
 * without the header, or a body changed after signing; each must answer 401 and change
 * nothing. Then every notice must be at its strongest state, no stronger.
 *
 *   npm run build && npx tsx bench/whatsapp-webhook.ts
 *   POSTS=200 NOTICES=66 BAD=20 npx tsx bench/whatsapp-webhook.ts   # a small run
 *
 * POSTS (default 1000), NOTICES (default 333), BAD (default 100), CONCURRENCY (default 8),
 * ADDRESSES (default 16), BENCH_PG_URL (bench/live-servers.ts). Bounded: 3 minutes.
 */
import { startFakeWhatsApp } from "../server/modules/notices/whatsapp.fake";
import {
  signWhatsAppBody,
  WHATSAPP_SIGNATURE_HEADER,
} from "../server/modules/notices/whatsapp.signature";
import {
  clientAddress,
  createBenchDatabase,
  freePort,
  machineLine,
  ms,
  percentile,
  request,
  runBench,
  startServer,
} from "./live-servers";

const POSTS = Number(process.env.POSTS ?? 1000);
const NOTICES = Number(process.env.NOTICES ?? 333);
const BAD = Number(process.env.BAD ?? 100);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const ADDRESSES = Number(process.env.ADDRESSES ?? 16);

const STRENGTHS = ["sent", "delivered", "read"] as const;
type Strength = (typeof STRENGTHS)[number];

interface Post {
  body: string;
  signature: string | null;
  /** 200 for a well-signed post, 401 for a bad one. */
  expected: 200 | 401;
  kind: string;
}

let seed = 35;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

runBench("whatsapp-webhook", 3 * 60_000, async () => {
  console.log(`whatsapp-webhook: ${await machineLine()}`);
  const db = await createBenchDatabase("bench_whatsapp_webhook");
  const fake = await startFakeWhatsApp({ webhookUrl: null });
  const port = await freePort();
  const server = await startServer({
    name: "webhook",
    port,
    databaseUrl: db.url,
    env: { ...fake.env, WHATSAPP_VERIFY_TOKEN: "bench-verify-token" },
  });
  const url = `${server.url}/api/whatsapp/webhook`;

  // The notices as a send left them: 'sent' with Meta's id, or 'unknown' without one.
  const notices = await db.rows<{ id: number; recipient: string; unknown: boolean }>(
    `insert into outbox_notices (channel, kind, dedupe_key, audience, recipient, template, payload,
       status, attempts, claimed_at, sent_at, status_at, next_attempt_at, provider_message_id)
     select 'whatsapp', 'order.received', 'bench:' || i, 'shopper', '+5037' || lpad(i::text, 7, '0'),
       'tiangue_order_received', '{"params": []}'::jsonb,
       case when i % 6 = 0 then 'unknown' else 'sent' end, 1, now(),
       case when i % 6 = 0 then null else now() end, now(),
       case when i % 6 = 0 then now() + interval '1 hour' else 'infinity'::timestamptz end,
       null
     from generate_series(1, $1::int) as i
     returning id, recipient, status = 'unknown' as unknown`,
    [NOTICES],
  );
  await db.pool.query(
    `update outbox_notices set provider_message_id = 'wamid.BENCH' || id where status = 'sent'`,
  );
  const strongest = new Map<number, Strength>();
  const messageId = (n: { id: number }) => `wamid.BENCH${n.id}`;
  const envelope = (n: (typeof notices)[number], status: string, extra: object = {}) =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: fake.wabaId,
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: {
                  display_phone_number: "50370009999",
                  phone_number_id: fake.phoneNumberId,
                },
                statuses: [
                  {
                    // An 'unknown' row has no Meta id stored: Meta names its own, and our id.
                    id: n.unknown ? `wamid.LOST${n.id}` : messageId(n),
                    status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: n.recipient.slice(1),
                    biz_opaque_callback_data: String(n.id),
                    ...extra,
                  },
                ],
              },
            },
          ],
        },
      ],
    });

  const unique: Post[] = [];
  notices.forEach((n, i) => {
    const top = STRENGTHS[i % 3];
    strongest.set(n.id, top);
    for (const status of STRENGTHS.slice(0, STRENGTHS.indexOf(top) + 1)) {
      const body = envelope(n, status);
      unique.push({
        body,
        signature: signWhatsAppBody(body, fake.appSecret),
        expected: 200,
        kind: "firmado",
      });
    }
  });
  const copies = Array.from({ length: Math.max(0, POSTS - unique.length) }, () => ({
    ...unique[Math.floor(random() * unique.length)],
    kind: "firmado (copia)",
  }));
  // Each bad post would change something: a notice not yet read made read, or failed.
  const weak = notices.filter((n) => strongest.get(n.id) !== "read");
  const bad: Post[] = Array.from({ length: BAD }, (_, i) => {
    const n = weak[i % weak.length];
    const failed = { errors: [{ code: 131026, title: "Message undeliverable" }] };
    const body = envelope(n, i % 2 ? "read" : "failed", i % 2 ? {} : failed);
    const variant = i % 4;
    if (variant === 0) return { body, signature: null, expected: 401, kind: "sin firma" };
    if (variant === 1) {
      const signed = envelope(n, "sent");
      return {
        body,
        signature: signWhatsAppBody(signed, fake.appSecret),
        expected: 401,
        kind: "cuerpo cambiado",
      };
    }
    return {
      body,
      signature: signWhatsAppBody(body, "otro-secreto"),
      expected: 401,
      kind: "otro secreto",
    };
  });
  const posts = shuffle([...unique, ...copies, ...bad]);
  console.log(
    `  ${notices.length} avisos (${notices.filter((n) => n.unknown).length} 'unknown' sin id de Meta); ${unique.length + copies.length} posts firmados (${unique.length} distintos, ${copies.length} copias) y ${bad.length} con firma inválida, barajados; ${CONCURRENCY} a la vez desde ${ADDRESSES} direcciones`,
  );

  const answers: { status: number; expected: number; ms: number; kind: string }[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = next++; i < posts.length; i = next++) {
        const post = posts[i];
        const t0 = performance.now();
        const answer = await request(url, {
          method: "POST",
          body: post.body,
          headers: {
            "content-type": "application/json",
            ...(post.signature ? { [WHATSAPP_SIGNATURE_HEADER]: post.signature } : {}),
          },
          localAddress: clientAddress((i * CONCURRENCY + worker) % ADDRESSES),
        });
        answers.push({
          status: answer.status,
          expected: post.expected,
          ms: performance.now() - t0,
          kind: post.kind,
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const rows = await db.rows<{ id: number; status: string; provider_message_id: string | null }>(
    `select id, status, provider_message_id from outbox_notices order by id`,
  );
  const wrong = rows.filter((r) => r.status !== strongest.get(r.id));
  const byCode = new Map<string, number>();
  for (const a of answers)
    byCode.set(`${a.kind} → ${a.status}`, (byCode.get(`${a.kind} → ${a.status}`) ?? 0) + 1);
  const unexpected = answers.filter((a) => a.status !== a.expected);
  const latencies = answers.map((a) => a.ms);
  const unknownMatched = rows.filter(
    (r) =>
      notices.find((n) => n.id === r.id)?.unknown &&
      r.provider_message_id?.startsWith("wamid.LOST"),
  ).length;

  console.log(
    `  ${answers.length} posts en ${seconds.toFixed(2)} s: ${(answers.length / seconds).toFixed(0)} posts/s; latencia p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, máx ${ms(Math.max(...latencies))}`,
  );
  console.log(`  respuestas: ${[...byCode].map(([k, n]) => `${k}: ${n}`).join("; ")}`);
  console.log(
    `  respuestas distintas de lo esperado (200 firmado, 401 inválido): ${unexpected.length} (objetivo 0)`,
  );
  console.log(
    `  avisos en su estado más fuerte: ${rows.length - wrong.length} de ${rows.length} (objetivo todos); 'unknown' hallados por su callback: ${unknownMatched} de ${notices.filter((n) => n.unknown).length}`,
  );
  if (wrong.length > 0) {
    console.log(
      `  distintos: ${wrong
        .slice(0, 10)
        .map((r) => `#${r.id} ${r.status} (debía ${strongest.get(r.id)})`)
        .join(", ")}`,
    );
  }
  const other = await db.rows<{ n: string }>(`select count(*) as n from outbox_notices`);
  console.log(
    `  filas en outbox_notices: ${other[0].n} (las ${rows.length} del banco: ninguna nueva)`,
  );
  console.log(`  ${wrong.length === 0 && unexpected.length === 0 ? "✓" : "✗"} webhooks de estado`);
  await server.stop();
  await fake.close();
  await db.drop();
});
