import { and, eq, ne } from "drizzle-orm";
import { sessions, type User } from "../../db/schema/users.js";
import type { AuthDeps, RequestContext } from "./auth.context.js";
import { describeUserAgent, placeOfAddress } from "./auth-devices.presenter.js";
import { newDeviceMail, placeName } from "./auth-notices.mail.js";

/*
 * E-mail on a sign-in from a new device (issue 22): a device is the browser's long-lived device cookie
 * (device-cookie.ts), which the web app gets on its first call, so every browser sign-in carries one. A client
 * that sends none is not a device the user could recognise, and gets no mail.
 */

/**
 * After a password or mailed-code sign-in has committed: mails the user when no earlier session of theirs came
 * from this device. Not awaited by the sign-in, so a slow or broken mail server never delays or fails it; a
 * failure is logged.
 */
export function noticeNewDevice(deps: AuthDeps, user: User, sessionId: string, context: RequestContext): void {
  const { deviceId } = context;
  if (deviceId === undefined) return;
  void mailIfNewDevice(deps, user, sessionId, { ...context, deviceId }).catch((error: unknown) =>
    deps.log.warn({ err: error }, "could not mail the new-device notice"),
  );
}

async function mailIfNewDevice(
  deps: AuthDeps,
  user: User,
  sessionId: string,
  context: RequestContext & { deviceId: string },
): Promise<void> {
  const [seen] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), eq(sessions.deviceId, context.deviceId), ne(sessions.id, sessionId)))
    .limit(1);
  if (seen) return;
  const locale = user.language;
  const { browser, os } = describeUserAgent(context.userAgent);
  const unknown = locale === "ru" ? "неизвестное устройство" : "unknown device";
  const device = [browser, os].filter(Boolean).join(", ") || unknown;
  const time = new Intl.DateTimeFormat(locale === "ru" ? "ru-RU" : "en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(deps.clock());
  const place = placeName(locale, placeOfAddress(context.ip));
  await deps.mailer.send({ to: user.email, ...newDeviceMail(locale, { device, place, time: `${time} UTC` }) });
}
