import type { FastifyInstance, LightMyRequestResponse } from "fastify";

type StoredCookie = { value: string; path: string };

let lastIp = 0;

/** A fresh address per client, so per-IP rate limits of one test never leak into another. */
export function nextTestIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

/**
 * A browser for app.inject: keeps the cookies the app sets (honouring Path, forgetting cleared ones), sends
 * them back where a browser would, and speaks from its own IP. Tests see what a real client sees.
 */
export class TestClient {
  readonly ip: string;
  private readonly locale: string | undefined;
  private readonly userAgent: string | undefined;
  /** A personal access token sent as `Authorization: Bearer` on every request (a program, not a browser). */
  readonly bearer: string | undefined;
  private readonly jar = new Map<string, StoredCookie>();

  constructor(
    private readonly app: FastifyInstance,
    options: { ip?: string; locale?: string; userAgent?: string; bearer?: string } = {},
  ) {
    this.ip = options.ip ?? nextTestIp();
    this.bearer = options.bearer;
    this.locale = options.locale;
    this.userAgent = options.userAgent;
  }

  post(url: string, payload?: object): Promise<LightMyRequestResponse> {
    return this.request("POST", url, payload);
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request("GET", url);
  }

  async request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    const path = new URL(url, "http://localhost").pathname;
    const cookie = [...this.jar]
      .filter(
        ([, stored]) =>
          path === stored.path || path.startsWith(stored.path.endsWith("/") ? stored.path : `${stored.path}/`),
      )
      .map(([name, stored]) => `${name}=${stored.value}`)
      .join("; ");
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(this.locale ? { "accept-language": this.locale } : {}),
        ...(this.userAgent ? { "user-agent": this.userAgent } : {}),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    for (const set of response.cookies) {
      const cleared =
        set.value === "" || set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() <= Date.now());
      if (cleared) this.jar.delete(set.name);
      else this.jar.set(set.name, { value: set.value, path: set.path ?? "/" });
    }
    return response;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  /** Plants a cookie as an attacker or a stale browser would. */
  setCookie(name: string, value: string, path = "/"): void {
    this.jar.set(name, { value, path });
  }

  /** A second device holding copies of this client's cookies (e.g. a stolen refresh token). */
  copy(): TestClient {
    const twin = new TestClient(this.app, { locale: this.locale, userAgent: this.userAgent });
    for (const [name, stored] of this.jar) twin.jar.set(name, { ...stored });
    return twin;
  }
}
