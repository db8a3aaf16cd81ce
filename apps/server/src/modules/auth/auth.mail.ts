import { VERIFICATION_CODE_TTL_MINUTES, type Locale } from "@lootlane/contract";
import type { EmailCodePurpose } from "../../db/schema/users.js";

type MailText = { subject: string; text: string };

const texts: Record<EmailCodePurpose, Record<Locale, (code: string) => MailText>> = {
  signup: {
    en: (code) => ({
      subject: "Your Lootlane sign-up code",
      text: `Your code to finish signing up for Lootlane: ${code}\n\nIt is valid for ${VERIFICATION_CODE_TTL_MINUTES} minutes. If you did not sign up, ignore this e-mail.`,
    }),
    ru: (code) => ({
      subject: "Код регистрации в Lootlane",
      text: `Ваш код для завершения регистрации в Lootlane: ${code}\n\nКод действует ${VERIFICATION_CODE_TTL_MINUTES} минут. Если вы не регистрировались, просто проигнорируйте это письмо.`,
    }),
  },
  password_reset: {
    en: (code) => ({
      subject: "Your Lootlane password reset code",
      text: `Your code to reset your Lootlane password: ${code}\n\nIt is valid for ${VERIFICATION_CODE_TTL_MINUTES} minutes. If you did not ask to reset your password, ignore this e-mail; your password stays the same.`,
    }),
    ru: (code) => ({
      subject: "Код сброса пароля Lootlane",
      text: `Ваш код для сброса пароля Lootlane: ${code}\n\nКод действует ${VERIFICATION_CODE_TTL_MINUTES} минут. Если вы не запрашивали сброс пароля, проигнорируйте это письмо: пароль останется прежним.`,
    }),
  },
  sign_in: {
    en: (code) => ({
      subject: "Your Lootlane sign-in code",
      text: `Sign-in to your account was paused after many wrong passwords. Your code to sign in with your password: ${code}\n\nIt is valid for ${VERIFICATION_CODE_TTL_MINUTES} minutes. If you did not try to sign in, someone knows your password: reset it.`,
    }),
    ru: (code) => ({
      subject: "Код входа в Lootlane",
      text: `Вход в аккаунт приостановлен после множества неверных паролей. Ваш код для входа с паролем: ${code}\n\nКод действует ${VERIFICATION_CODE_TTL_MINUTES} минут. Если вы не пытались войти, кто-то знает ваш пароль: сбросьте его.`,
    }),
  },
  email_change: {
    en: (code) => ({
      subject: "Confirm your new Lootlane e-mail",
      text: `Your code to make this address your Lootlane e-mail: ${code}\n\nIt is valid for ${VERIFICATION_CODE_TTL_MINUTES} minutes. If you did not ask for this, ignore this e-mail; nothing changes.`,
    }),
    ru: (code) => ({
      subject: "Подтвердите новый e-mail в Lootlane",
      text: `Ваш код, чтобы сделать этот адрес вашим e-mail в Lootlane: ${code}\n\nКод действует ${VERIFICATION_CODE_TTL_MINUTES} минут. Если вы этого не просили, проигнорируйте письмо: ничего не изменится.`,
    }),
  },
};

/** The e-mail carrying a code, in the language the request asked for. */
export function codeMail(purpose: EmailCodePurpose, locale: Locale, code: string): MailText {
  return texts[purpose][locale](code);
}
