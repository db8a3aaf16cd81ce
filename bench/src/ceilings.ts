import Fastify, { type FastifyInstance } from "fastify";

const item = {
  type: "object",
  properties: {
    id: { type: "string" },
    title: { type: "string" },
    price: { type: "number" },
    seller: { type: "object", properties: { username: { type: "string" }, rating: { type: "number" } } },
  },
} as const;

const items = Array.from({ length: 30 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  title: `Item number ${i} with a realistic title`,
  price: 100 + i,
  seller: { username: "seller", rating: 5 },
}));

/** C_hello: a bare Fastify route returning a 30-item JSON through a response schema — the ceiling for listings. */
export async function startHelloCeiling(): Promise<{ url: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.get("/hello", { schema: { response: { 200: { type: "object", properties: { products: { type: "array", items: item } } } } } }, async () => ({
    products: items,
  }));
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url: `${address}/hello`, close: () => app.close() };
}
