/** Business constants and limits of SPEC.md §9 and ARCHITECTURE.md, shared by server and web. */
export const HOME_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 300;
export const NARROW_BREAKPOINT_PX = 1024;
export const CHATS_NARROW_BREAKPOINT_PX = 768;

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const VERIFICATION_CODE_MAX_TRIES = 5;
export const VERIFICATION_CODE_RESEND_SECONDS = 60;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 16;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_SPECIALS = "!@#$%^&*";
export const DESCRIPTION_MAX = 500;

export const PRODUCT_TEXT_MIN = 10;
export const PRODUCT_TITLE_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_DATA_MAX = 5000;
export const SEARCH_QUERY_MAX = 100;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 500;
export const PRODUCT_PRICE_MAX = 10_000_000;
/** Stock (ARCHITECTURE.md §4 "Stock"): units added in one request, the length of one unit, a manual quantity. */
export const STOCK_ITEMS_PER_REQUEST_MAX = 10_000;
export const STOCK_ITEM_MAX = 1000;
export const MANUAL_QUANTITY_MAX = 1_000_000;
/** Units one purchase may take. */
export const BUY_QUANTITY_MAX = 1000;
export const STATUS_REASON_MIN = 5;
export const STATUS_REASON_MAX = 1000;
/**
 * Ceilings of money an admin creates, in roubles: one edit or adjustment moves at most BALANCE_ADJUSTMENT_MAX,
 * and leaves a balance at most BALANCE_MAX. They keep every kopeck amount and every sum of them far inside
 * the integers a double holds exactly (2^53 kopecks, about 9·10^13 roubles).
 */
export const BALANCE_ADJUSTMENT_MAX = 100_000_000;
export const BALANCE_MAX = 1_000_000_000;
export const PRODUCT_IMAGES_MAX = 10;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png"] as const;

export const CHAT_PREVIEW_LENGTH = 60;
export const CHAT_MESSAGE_MAX = 2000;

export const REVIEW_TEXT_MAX = 1000;
export const DISPUTE_TEXT_MIN = 10;
export const DISPUTE_TEXT_MAX = 1000;
export const IDEMPOTENCY_KEY_MAX = 200;
/** Reports of a listing or a user (issue 19): the text, required with the reason `other`; the admin's note. */
export const REPORT_TEXT_MIN = 10;
export const REPORT_TEXT_MAX = 1000;
export const REPORT_NOTE_MAX = 1000;

export const HTTP_TIMEOUT_MS = 10_000;
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
export const RECONNECT = { baseMs: 1000, maxMs: 5000, jitter: 0.5 } as const;
export const ADMIN_SAVE_REDIRECT_MS = 1500;

export const CURRENCY = { code: "RUB", symbol: "₽" } as const;
export const LANGUAGES = ["en", "ru"] as const;
export const DEFAULT_LANGUAGE = "en";
export const LANGUAGE_STORAGE_KEY = "user-language";
export const DATE_LOCALE = "ru-RU";

/** The API lives under this prefix on the same origin as the web app. */
export const API_PREFIX = "/v1";
export const MEDIA_PREFIX = "/media";

/** The smallest top-up in roubles (issue 18); the largest per top-up and per day are the server's configuration. */
export const TOP_UP_MIN = 10;
/** A withdrawal's destination as written by the user: a card number, a phone number or a ЮMoney wallet. */
export const WITHDRAWAL_DESTINATION_MAX = 40;
export const WITHDRAWAL_REASON_MAX = 500;
export const PAYOUT_REFERENCE_MAX = 200;

/**
 * `total` of a listing counts at most this many products. An exact count(*) has to visit every matching index
 * entry: at 1,000,000 active products that is most of a second on each page view, far more than the page
 * itself. Counting stops here instead (a few milliseconds); "load more" at 30 per page would need 333 clicks
 * to get past it. A total equal to the cap therefore means "this many or more", and paging on past it still
 * works.
 */
export const LISTING_COUNT_CAP = 10_000;
