import { TWO_FACTOR_ISSUER } from "@lootlane/contract";
import { generateSecret, generateURI, verify } from "otplib";

/*
 * The authenticator codes (RFC 6238 with the apps' defaults: SHA-1, 6 digits, 30-second steps), through otplib
 * so that the arithmetic is the field-tested one. Time comes from the app's clock, never the system's, so tests
 * can stand at a step's edge.
 */

const PERIOD_SECONDS = 30;

/** A new random secret (160 bits, base32), as the apps expect it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URL the apps read from a QR code: issuer Lootlane, labelled with the account's e-mail. */
export function totpSetupUrl(secret: string, accountName: string): string {
  return generateURI({ issuer: TWO_FACTOR_ISSUER, label: accountName, secret, period: PERIOD_SECONDS });
}

/**
 * The time step a code belongs to when it is right for the step of `now` or one step either side (the
 * phone's clock may drift and typing takes time), else undefined. Whether that step was already used is the
 * caller's check.
 */
export async function totpStepOf(secret: string, code: string, now: Date): Promise<number | undefined> {
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, period: PERIOD_SECONDS, epochTolerance: PERIOD_SECONDS });
  return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : undefined;
}
