import type { Locale } from "@lootlane/contract";

/*
 * Security notices: mails that tell the owner something happened to their account, in their language. They
 * carry no code and no link, so a forwarded or intercepted notice gives nobody a way in.
 */

type MailText = { subject: string; text: string };

/** How the sign-in looked: browser and system, rough place, and when (already formatted for the language). */
export type SignInFacts = { device: string; place: string; time: string };

const newDevice: Record<Locale, (facts: SignInFacts) => MailText> = {
  en: ({ device, place, time }) => ({
    subject: "New sign-in to your Lootlane account",
    text: `Your Lootlane account was just signed in to from a device it had not been used on before.\n\nDevice: ${device}\nPlace: ${place}\nTime: ${time}\n\nIf this was you, there is nothing to do. If it was not you, change your password now in Settings (or reset it from the sign-in page) and sign out the devices you do not know.`,
  }),
  ru: ({ device, place, time }) => ({
    subject: "Новый вход в аккаунт Lootlane",
    text: `В ваш аккаунт Lootlane только что вошли с устройства, с которого раньше не входили.\n\nУстройство: ${device}\nМесто: ${place}\nВремя: ${time}\n\nЕсли это были вы, ничего делать не нужно. Если это были не вы, смените пароль в настройках (или сбросьте его на странице входа) и завершите сеансы на незнакомых устройствах.`,
  }),
};

const emailChanged: Record<Locale, (newEmail: string) => MailText> = {
  en: (newEmail) => ({
    subject: "Your Lootlane e-mail was changed",
    text: `The e-mail of your Lootlane account was changed to ${newEmail}. Mail for the account goes there from now on.\n\nIf you did not do this, someone knows your password and has taken the account: write to support at once, from this address.`,
  }),
  ru: (newEmail) => ({
    subject: "E-mail вашего аккаунта Lootlane изменён",
    text: `E-mail вашего аккаунта Lootlane изменён на ${newEmail}. Теперь письма для аккаунта приходят туда.\n\nЕсли это сделали не вы, кто-то знает ваш пароль и завладел аккаунтом: немедленно напишите в поддержку с этого адреса.`,
  }),
};

/** "A new device signed in": browser, place and time, and what to do if it was not the owner. */
export function newDeviceMail(locale: Locale, facts: SignInFacts): MailText {
  return newDevice[locale](facts);
}

/** To the old address after an e-mail change, so an owner whose account was taken over learns of it. */
export function emailChangedMail(locale: Locale, newEmail: string): MailText {
  return emailChanged[locale](newEmail);
}

/** Names for the places the device list shows, for the mail's text. */
export function placeName(locale: Locale, place: string | null): string {
  if (place === null) return locale === "ru" ? "неизвестно" : "unknown";
  if (place === "local") return locale === "ru" ? "локальная сеть" : "Local network";
  return new Intl.DisplayNames([locale], { type: "region" }).of(place) ?? place;
}
