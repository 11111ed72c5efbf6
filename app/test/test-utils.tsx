import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { vi } from "vitest";
import type { AdminMerchantDto, CategoryDto, OrderDto, ProductDto } from "../../shared/api-types";
import { createQueryClient } from "../lib/query-client";
import { Toaster } from "../components/ui/toaster";

/** Renders an admin component with a fresh query client and the toast region. */
export function renderAdmin(ui: ReactElement) {
  const client = createQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, client, user: userEvent.setup({ delay: null }) };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** A fetch stub answering by "METHOD path"; unknown calls fail the test loudly. */
export function stubFetch(routes: Record<string, (body: unknown) => Response>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url}`;
    const handler = routes[key];
    if (!handler) throw new Error(`fetch inesperado: ${key}`);
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

export function aMerchant(overrides: Partial<AdminMerchantDto> = {}): AdminMerchantDto {
  return {
    id: 7,
    name: "Pupusería La Ceiba",
    slug: "pupuseria-la-ceiba",
    description: "Pupusas de arroz y maíz.",
    imageUrl: null,
    logoUrl: null,
    address: "Calle El Mirador 123",
    department: "San Salvador",
    municipality: "San Salvador Centro",
    district: null,
    deliveryFees: [],
    minimumOrder: null,
    legalName: null,
    taxId: null,
    phone: "+503 2222-0000",
    whatsapp: "+503 7000-0001",
    email: "hola@laceiba.com.sv",
    rating: "0.0",
    reviewCount: 0,
    productCount: 0,
    categoryId: 1,
    isActive: true,
    approved: false,
    deliveryFee: null,
    freeDeliveryFrom: null,
    paymentMethods: ["whatsapp", "card"],
    bankName: null,
    accountHolder: null,
    accountNumber: null,
    accountType: null,
    schedule: '{"monday":{"open":"09:00","close":"18:00"}}',
    facebook: null,
    instagram: null,
    tiktok: null,
    linkedin: null,
    website: null,
    createdAt: "2026-01-10T15:00:00.000Z",
    updatedAt: "2026-01-10T15:00:00.000Z",
    rejectionReason: null,
    status: "pending",
    temporarilyClosed: false,
    specialDates: [],
    fulfillment: null,
    deliveryArea: null,
    deliveryMunicipalities: [],
    deliveryNote: null,
    ...overrides,
  };
}

export function aCategory(overrides: Partial<CategoryDto> = {}): CategoryDto {
  return {
    id: 1,
    name: "Restaurantes",
    slug: "restaurantes",
    icon: "🍽️",
    imageUrl: null,
    merchantCount: 3,
    productCount: 10,
    ...overrides,
  };
}

export function aProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    id: 31,
    name: "Pupusa revuelta",
    slug: "pupusa-revuelta",
    description: "Chicharrón y queso",
    price: "1.00",
    imageUrl: "/images/default-product.webp",
    images: [],
    merchantId: 7,
    categoryId: 1,
    rating: "0.0",
    reviewCount: 0,
    isActive: true,
    createdAt: "2026-01-10T15:00:00.000Z",
    merchantName: "Pupusería La Ceiba",
    merchantSlug: "pupuseria-la-ceiba",
    stock: null,
    soldOut: false,
    available: true,
    options: [],
    variants: [],
    ...overrides,
  };
}

export function anOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 1,
    orderNumber: "ES-2026-000001",
    sessionId: null,
    customerName: "José Pérez",
    customerEmail: "jose@example.com",
    customerPhone: null,
    totalAmount: "3.00",
    status: "pending",
    paymentId: null,
    paymentUrl: null,
    createdAt: "2026-01-10T15:00:00.000Z",
    updatedAt: "2026-01-10T15:00:00.000Z",
    items: [
      {
        id: 1,
        orderId: 1,
        productId: 31,
        quantity: 3,
        price: "1.00",
        createdAt: "2026-01-10T15:00:00.000Z",
        product: { name: "Pupusa revuelta", imageUrl: null },
        variantId: null,
        variantName: null,
      },
    ],
    ...overrides,
  };
}
