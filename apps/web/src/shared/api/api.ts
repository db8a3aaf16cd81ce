import { API_PREFIX } from "@lootlane/contract";
import { hasSessionHint } from "@/shared/auth/session-hint";
import { currentLanguage } from "@/shared/i18n/language";
import { createApiClient } from "./api-client";
import { emitSessionLost } from "./session-lost";

/**
 * The app's API client; features call endpoints through it. The API shares the page's origin; the prefix is
 * made absolute so requests also resolve where no page URL applies (tests run fetch outside a document).
 */
export const api = createApiClient({
  prefixUrl: new URL(API_PREFIX, window.location.origin).href,
  getLanguage: currentLanguage,
  onSessionLost: emitSessionLost,
  hasSession: hasSessionHint,
});
