import type { FastifyReply } from "fastify";
import type { Paged } from "../modules/catalog/paging";

/**
 * A list's answer (docs/decisions/0002, 0004, 0016): the page as the bare array spec §7
 * describes, and the count of every match in X-Total-Count.
 */
export function pageAnswer<T>(reply: FastifyReply, page: Paged<T>): T[] {
  reply.header("x-total-count", String(page.total));
  return page.items;
}
