import { describe, expect, it } from "vitest";
import { categorySchema } from "./category";
import { messagesOf } from "../test/test-helpers";

describe("categorySchema", () => {
  it("accepts a category and drops merchantCount", () => {
    const data = categorySchema.parse({
      name: " Comida ",
      slug: "comida-tipica",
      icon: "🍲",
      imageUrl: null,
      merchantCount: 4,
    });
    expect(data).toEqual({ name: "Comida", slug: "comida-tipica", icon: "🍲", imageUrl: null });
  });

  it("needs a non-blank name and slug", () => {
    expect(messagesOf(categorySchema, { name: "  ", slug: " " })).toEqual({
      name: ["El nombre y slug son requeridos"],
      slug: ["El nombre y slug son requeridos"],
    });
    expect(messagesOf(categorySchema, {})).toEqual({
      name: ["El nombre y slug son requeridos"],
      slug: ["El nombre y slug son requeridos"],
    });
  });

  it.each(["Comida", "comida típica", "comida_tipica", "-comida", "comida--tipica"])(
    "rejects the slug %j",
    (slug) => {
      expect(messagesOf(categorySchema, { name: "Comida", slug })).toEqual({
        slug: ["El slug solo puede tener letras minúsculas, números y guiones"],
      });
    },
  );

  it("limits the icon and checks the image", () => {
    expect(
      messagesOf(categorySchema, {
        name: "A",
        slug: "a",
        icon: "x".repeat(17),
        imageUrl: "javascript:x",
      }),
    ).toEqual({
      icon: ["No puede tener más de 16 caracteres"],
      imageUrl: ["URL de imagen inválida"],
    });
    expect(categorySchema.safeParse({ name: "A", slug: "a", icon: "👨‍👩‍👧" }).success).toBe(true);
  });
});
