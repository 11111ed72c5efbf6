import type { Department } from "../../shared/el-salvador";
import { stripAccents, withSuffix } from "../../shared/slug";
import { REVIEWERS } from "./data/reviews";
import type { Random } from "./random";

/*
 * What every part of the demo plan draws with: the demo's "today" and the dates before it,
 * unique slugs, phone numbers and the people who review and order. Used by the plan-*.ts
 * files that buildDemoPlan (plan.ts) runs in order.
 */

/** The demo's "today": dates are spread over the months before it. */
export const DEMO_NOW = new Date("2026-11-02T18:00:00Z");
export const SEED = 503;

export const DAY = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number, random: Random) =>
  new Date(DEMO_NOW.getTime() - days * DAY - random.int(0, 10 * 60) * 60 * 1000);

/** Landline prefixes by region: 22 the capital, 23 the centre, 24 the west, 26 the east. */
const AREA_CODE: Record<Department, string> = {
  Ahuachapán: "24",
  "Santa Ana": "24",
  Sonsonate: "24",
  Chalatenango: "23",
  "La Libertad": "22",
  "San Salvador": "22",
  Cuscatlán: "23",
  "La Paz": "23",
  Cabañas: "23",
  "San Vicente": "23",
  Usulután: "26",
  "San Miguel": "26",
  Morazán: "26",
  "La Unión": "26",
};

export const digits = (random: Random, n: number) =>
  Array.from({ length: n }, () => random.int(0, 9)).join("");
export const landline = (random: Random, department: Department) =>
  `+503 ${AREA_CODE[department]}${digits(random, 2)}-${digits(random, 4)}`;
export const mobile = (random: Random) =>
  `+503 ${random.chance(0.7) ? "7" : "6"}${digits(random, 3)}-${digits(random, 4)}`;

export function uniqueSlug(base: string, taken: Set<string>): string {
  let n = 1;
  while (taken.has(withSuffix(base, n))) n++;
  const slug = withSuffix(base, n);
  taken.add(slug);
  return slug;
}

/** A person of the demo: a name of REVIEWERS and an e-mail made from it. */
export function reviewer(random: Random) {
  const name = random.pick(REVIEWERS);
  const words = stripAccents(name).toLowerCase().split(" ");
  return { name, email: `${words[0]}.${words[words.length - 1]}@example.com` };
}
