import type { FastifyInstance, RouteOptions } from "fastify";
import { optionalUser, requireAdmin, requireUser } from "../auth/index.js";

/** Who may call a route, as its auth guard (platform/auth) decides. */
export type RouteAccess = "signed-in" | "optional" | "public";

/**
 * Finds each route's guard without any route declaring it again. The guards are onRequest hooks of the plugin that
 * holds a group of routes (platform/auth/README.md); Fastify adds a plugin's hooks only after the plugin's body
 * has run and keeps them private, so the instance a route was added on is remembered here and its hooks are read
 * when the document is built, after the app is ready. A Fastify upgrade that moves the hooks fails loudly.
 */
export function trackRouteAccess(app: FastifyInstance): (route: RouteOptions) => RouteAccess {
  const instances = new WeakMap<RouteOptions, FastifyInstance>();
  app.addHook("onRoute", function (this: FastifyInstance, route) {
    instances.set(route, this);
  });
  return (route) => {
    const instance = instances.get(route);
    if (!instance) throw new Error(`No instance recorded for the route ${route.method} ${route.url}`);
    const guards = [...instanceOnRequestHooks(instance), ...[route.onRequest ?? []].flat()];
    if (guards.includes(requireUser) || guards.includes(requireAdmin)) return "signed-in";
    if (guards.includes(optionalUser)) return "optional";
    return "public";
  };
}

function instanceOnRequestHooks(instance: FastifyInstance): unknown[] {
  const hooksKey = Object.getOwnPropertySymbols(instance).find((key) => key.description === "fastify.hooks");
  const hooks = hooksKey && (instance as unknown as Record<symbol, { onRequest?: unknown }>)[hooksKey];
  if (!Array.isArray(hooks?.onRequest)) throw new Error("Fastify no longer keeps an instance's hooks where expected");
  return hooks.onRequest;
}
