/**
 * Every error code the API can answer with, its HTTP status and its texts in both languages.
 * The server renders `en` (or the request's language); the web app shows the text for the user's language.
 * Texts may hold `{name}` placeholders filled from the error's params.
 */
export const errorCatalogue = {
  // SPEC.md §8
  CATEGORY_ALREADY_EXISTS: { status: 409, en: "This category already exists", ru: "Такая категория уже существует" },
  CATEGORY_NOT_FOUND: { status: 404, en: "Category not found", ru: "Категория не найдена" },
  PARENT_CATEGORY_NOT_FOUND: { status: 404, en: "Parent category not found", ru: "Родительская категория не найдена" },
  CATEGORY_NAME_ALREADY_EXISTS: {
    status: 409,
    en: "A category with this name already exists",
    ru: "Категория с таким названием уже есть",
  },
  DATABASE_ERROR: {
    status: 503,
    en: "The database is unavailable, please try again shortly",
    ru: "База данных недоступна, попробуйте чуть позже",
  },
  SERVER_BUSY: {
    status: 503,
    en: "The server is busy: send it again in a moment",
    ru: "Сервер перегружен: отправьте ещё раз через мгновение",
  },
  PRODUCT_ID_REQUIRED: { status: 400, en: "Product id is required", ru: "Не указан товар" },
  MAXIMUM_NUMBER_PHOTOS_EXCEEDED: {
    status: 400,
    en: "Too many photos: at most {max} per product",
    ru: "Слишком много фото: не больше {max} на товар",
  },
  USER_NOT_FOUND: { status: 404, en: "User not found", ru: "Пользователь не найден" },
  PRODUCT_NOT_FOUND: { status: 404, en: "Product not found", ru: "Товар не найден" },
  SELLER_NOT_FOUND: { status: 404, en: "Seller not found", ru: "Продавец не найден" },
  TOKEN_NOT_FOUND: { status: 401, en: "You are not signed in", ru: "Вы не вошли в аккаунт" },
  INVALID_TOKEN: { status: 401, en: "Invalid token", ru: "Недействительный токен" },
  TOKEN_IS_EXPIRED: { status: 401, en: "Your session has expired", ru: "Сессия истекла" },
  TOKEN_IS_INVALID: { status: 401, en: "Invalid session token", ru: "Недействительный токен сессии" },
  TOKEN_IS_REVOKED: { status: 401, en: "This session has been ended", ru: "Сессия завершена" },
  INVALID_REFRESH_TOKEN: { status: 401, en: "Invalid refresh token", ru: "Недействительный токен обновления" },
  USER_IS_BANNED: { status: 403, en: "This account is banned", ru: "Аккаунт заблокирован" },
  INSUFFICIENT_PERMISSIONS: { status: 403, en: "You do not have permission to do this", ru: "Недостаточно прав" },
  CREATE_PRODUCT_ERROR: { status: 400, en: "The product could not be created", ru: "Не удалось создать товар" },
  REGISTRATION_FAILED: { status: 400, en: "Registration failed", ru: "Не удалось зарегистрироваться" },
  WRONG_VERIFICATION_CODE: { status: 400, en: "Wrong verification code", ru: "Неверный код подтверждения" },
  FAILED_TO_SEND_VERIFICATION_CODE: {
    status: 502,
    en: "We could not send the code, please try again",
    ru: "Не удалось отправить код, попробуйте ещё раз",
  },
  WRONG_IMAGE_FORMAT: {
    status: 400,
    en: "Wrong image format: use .jpg, .png or .jpeg",
    ru: "Неверный формат изображения: нужен .jpg, .png или .jpeg",
  },
  WRONG_FILE_TYPE: { status: 400, en: "Only images can be uploaded", ru: "Можно загружать только изображения" },
  IMAGE_TOO_LARGE: { status: 413, en: "The image is too large", ru: "Изображение слишком большое" },
  WRONG_IMAGE_URL: { status: 400, en: "Wrong image address", ru: "Неверный адрес изображения" },
  USERNAME_ALREADY_EXISTS: { status: 409, en: "This username is taken", ru: "Это имя пользователя занято" },
  EMAIL_ALREADY_EXISTS: { status: 409, en: "This e-mail is already registered", ru: "Этот e-mail уже зарегистрирован" },
  NOT_ENOUGH_BALANCE: { status: 409, en: "Not enough money on the balance", ru: "Недостаточно средств на балансе" },
  SERVER_ERROR: { status: 500, en: "Something went wrong on our side", ru: "Что-то пошло не так на нашей стороне" },
  PAYLOAD_IS_EMPTY: { status: 400, en: "Nothing to change was sent", ru: "Нет данных для изменения" },
  INCORRECT_EMAIL_OR_PASSWORD: { status: 401, en: "Incorrect e-mail or password", ru: "Неверный e-mail или пароль" },
  EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED: {
    status: 429,
    en: "Max count of tries exceeded. Max tries - {max_tries}",
    ru: "Превышено число попыток. Максимум попыток - {max_tries}",
  },

  // Added by Lootlane
  VALIDATION_ERROR: {
    status: 422,
    en: "Some fields are filled in incorrectly",
    ru: "Некоторые поля заполнены неверно",
  },
  MALFORMED_REQUEST: { status: 400, en: "The request could not be read", ru: "Не удалось прочитать запрос" },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    en: "Send JSON or a multipart form",
    ru: "Отправьте JSON или multipart-форму",
  },
  PAYLOAD_TOO_LARGE: { status: 413, en: "The request is too large", ru: "Запрос слишком большой" },
  REQUEST_TIMEOUT: {
    status: 408,
    en: "The request took too long to arrive, please try again",
    ru: "Запрос шёл слишком долго, попробуйте ещё раз",
  },
  ROUTE_NOT_FOUND: { status: 404, en: "There is no such API address", ru: "Такого адреса API нет" },
  METHOD_NOT_ALLOWED: { status: 405, en: "This method is not allowed here", ru: "Этот метод здесь не поддерживается" },
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    en: "Requests from this site are not allowed",
    ru: "Запросы с этого сайта запрещены",
  },
  TOO_MANY_SOCKETS: {
    status: 429,
    en: "Too many open connections: close some tabs or devices and try again",
    ru: "Слишком много открытых подключений: закройте лишние вкладки или устройства и попробуйте снова",
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    en: "Too many attempts, try again in {retry_after} s",
    ru: "Слишком много попыток, повторите через {retry_after} с",
  },
  PRODUCT_RATE_LIMITED: {
    status: 429,
    en: "You have listed many products lately, try again in {retry_after} s",
    ru: "Вы недавно выставили много товаров, повторите через {retry_after} с",
  },
  UPLOAD_DAILY_LIMIT_REACHED: {
    status: 429,
    en: "You have uploaded the day's limit of images, try again in {retry_after} s",
    ru: "Вы загрузили дневной лимит изображений, повторите через {retry_after} с",
  },
  MEDIA_QUOTA_EXCEEDED: {
    status: 409,
    en: "Your images take up all the space allowed; delete some products or photos first",
    ru: "Ваши изображения заняли всё доступное место; сначала удалите часть товаров или фото",
  },
  VERIFICATION_CODE_EXPIRED: {
    status: 400,
    en: "The code has expired, request a new one",
    ru: "Срок действия кода истёк, запросите новый",
  },
  VERIFICATION_CODE_RESEND_TOO_SOON: {
    status: 429,
    en: "A new code can be sent in {retry_after} s",
    ru: "Новый код можно отправить через {retry_after} с",
  },
  WEAK_PASSWORD: {
    status: 422,
    en: "The password needs 8+ characters with upper and lower case letters, a digit and one of !@#$%^&*",
    ru: "Пароль: от 8 символов, заглавные и строчные буквы, цифра и один из !@#$%^&*",
  },
  WRONG_PASSWORD: { status: 400, en: "The current password is wrong", ru: "Текущий пароль неверен" },
  PRODUCT_NOT_AVAILABLE: {
    status: 409,
    en: "This product can no longer be bought",
    ru: "Этот товар больше нельзя купить",
  },
  PRICE_CHANGED: {
    status: 409,
    en: "The price has changed since you saw it; check the new price and buy again",
    ru: "Цена изменилась, пока вы смотрели товар; проверьте новую цену и купите снова",
  },
  OUT_OF_STOCK: {
    status: 409,
    en: "Not enough in stock for this purchase",
    ru: "Столько нет в наличии",
  },
  STOCK_UNIT_NOT_FOUND: { status: 404, en: "This unit of stock was not found", ru: "Такой единицы товара нет" },
  STOCK_UNIT_SOLD: {
    status: 409,
    en: "This unit was sold to a buyer and cannot be removed",
    ru: "Эта единица уже продана покупателю, удалить её нельзя",
  },
  STOCK_IS_MANUAL: {
    status: 409,
    en: "This listing is delivered by hand: it has a quantity, not units of stock",
    ru: "Этот товар продавец передаёт сам: у него количество, а не единицы на складе",
  },
  DELIVERY_CANNOT_CHANGE: {
    status: 409,
    en: "The delivery kind cannot change once the listing has sold",
    ru: "Способ выдачи нельзя изменить после первой продажи",
  },
  CANNOT_BUY_OWN_PRODUCT: { status: 409, en: "You cannot buy your own product", ru: "Нельзя купить свой товар" },
  BALANCE_IS_FROZEN: {
    status: 403,
    en: "Your balance is frozen; contact support",
    ru: "Ваш баланс заморожен, обратитесь в поддержку",
  },
  PRODUCT_IN_OPEN_DEAL: {
    status: 409,
    en: "The product is in an open deal and cannot be changed",
    ru: "Товар в незавершённой сделке, изменить его нельзя",
  },
  INVALID_PRODUCT_STATUS: {
    status: 409,
    en: "The product is not in a state that allows this",
    ru: "Статус товара не позволяет это действие",
  },
  CHAT_NOT_FOUND: { status: 404, en: "Chat not found", ru: "Чат не найден" },
  DEAL_NOT_FOUND: { status: 404, en: "Deal not found", ru: "Сделка не найдена" },
  INVALID_DEAL_STATUS: {
    status: 409,
    en: "The deal is not in a state that allows this",
    ru: "Статус сделки не позволяет это действие",
  },
  REVIEW_ALREADY_EXISTS: {
    status: 409,
    en: "You have already left a review for this deal",
    ru: "Вы уже оставили отзыв по этой сделке",
  },
  REVIEW_ALREADY_REPLIED: {
    status: 409,
    en: "You have already replied to this review",
    ru: "Вы уже ответили на этот отзыв",
  },
  REVIEW_NOT_FOUND: { status: 404, en: "Review not found", ru: "Отзыв не найден" },
  // Wallet (issue 18)
  TOP_UPS_DISABLED: {
    status: 409,
    en: "Top-ups are turned off on this marketplace",
    ru: "Пополнение баланса на этой площадке отключено",
  },
  TOP_UP_NOT_FOUND: { status: 404, en: "Top-up not found", ru: "Пополнение не найдено" },
  TOP_UP_DAILY_LIMIT_REACHED: {
    status: 429,
    en: "You have reached today's top-up limit of {max} ₽",
    ru: "Достигнут дневной лимит пополнений: {max} ₽",
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    en: "The payment service is not answering, please try again shortly",
    ru: "Платёжный сервис не отвечает, попробуйте чуть позже",
  },
  PAYMENT_NOTIFICATION_REFUSED: {
    status: 403,
    en: "This notification is not accepted",
    ru: "Уведомление не принято",
  },
  WITHDRAWAL_NOT_FOUND: { status: 404, en: "Withdrawal not found", ru: "Вывод не найден" },
  WITHDRAWAL_NOT_PENDING: {
    status: 409,
    en: "This withdrawal is no longer waiting",
    ru: "Этот вывод уже не ожидает решения",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    en: "This request key was already used for another request",
    ru: "Этот ключ запроса уже использован для другого запроса",
  },
  ADMIN_CANNOT_BE_BANNED: {
    status: 403,
    en: "An administrator cannot be banned",
    ru: "Администратора нельзя заблокировать",
  },
  CANNOT_CHANGE_OWN_ACCESS: {
    status: 403,
    en: "You cannot ban yourself or take away your own admin role",
    ru: "Нельзя заблокировать себя или снять с себя роль администратора",
  },
  USERNAME_NOT_ALLOWED: {
    status: 422,
    en: "This username is reserved: it looks like an official Lootlane account",
    ru: "Это имя зарезервировано: оно похоже на официальный аккаунт Lootlane",
  },
  EMAIL_INVISIBLE_CHARACTERS: {
    status: 422,
    en: "The e-mail contains invisible or text-direction characters",
    ru: "В e-mail есть невидимые символы или символы смены направления текста",
  },
  CANNOT_MESSAGE_OWN_PRODUCT: {
    status: 409,
    en: "You cannot start a chat about your own product",
    ru: "Нельзя начать чат о своём товаре",
  },
  // Sellers and admins in control (issue 19)
  REPORT_NOT_FOUND: { status: 404, en: "Report not found", ru: "Жалоба не найдена" },
  CANNOT_REPORT_YOURSELF: {
    status: 409,
    en: "You cannot report yourself or your own listing",
    ru: "Нельзя пожаловаться на себя или на свой товар",
  },
  REPORT_ALREADY_DECIDED: {
    status: 409,
    en: "This report has already been decided",
    ru: "По этой жалобе уже принято решение",
  },
  REPORT_RATE_LIMITED: {
    status: 429,
    en: "You have sent many reports lately, try again in {retry_after} s",
    ru: "Вы недавно отправили много жалоб, повторите через {retry_after} с",
  },
  // Notifications (issue 20)
  UNSUBSCRIBE_LINK_INVALID: {
    status: 400,
    en: "This unsubscribe link is not valid; change your e-mail settings in Settings",
    ru: "Эта ссылка для отписки недействительна; измените настройки писем в разделе «Настройки»",
  },
  PUSH_SUBSCRIPTION_LIMIT: {
    status: 409,
    en: "Push notifications are on in too many browsers; turn them off in one first",
    ru: "Push-уведомления включены в слишком многих браузерах; сначала отключите их в одном",
  },
  // Issue 22: chat attachments and the admin in a disputed chat.
  CHAT_NO_OPEN_DISPUTE: {
    status: 403,
    en: "An admin writes in a chat only while a deal in it is disputed",
    ru: "Администратор пишет в чат, только пока по сделке в нём открыт спор",
  },
  // Issue 22: sessions, e-mail change, account deletion and export.
  SESSION_NOT_FOUND: { status: 404, en: "Session not found", ru: "Сеанс не найден" },
  EMAIL_CHANGE_SAME_EMAIL: {
    status: 409,
    en: "This is already your e-mail",
    ru: "Это и так ваш e-mail",
  },
  ACCOUNT_HAS_OPEN_DEALS: {
    status: 409,
    en: "The account has deals that are not finished yet (open, disputed or in their guarantee period); wait until they end",
    ru: "У аккаунта есть незавершённые сделки (открытые, спорные или в гарантийном сроке); дождитесь их завершения",
  },
  ACCOUNT_HAS_MONEY: {
    status: 409,
    en: "There is money on the account (available, held or awaiting a withdrawal); withdraw it before deleting the account",
    ru: "На аккаунте есть деньги (доступные, удержанные или ожидающие вывода); выведите их, прежде чем удалять аккаунт",
  },
  // Issue 22: two-factor sign-in.
  TWO_FACTOR_REQUIRED: {
    status: 401,
    en: "Enter the code from your authenticator app",
    ru: "Введите код из приложения-аутентификатора",
  },
  WRONG_TWO_FACTOR_CODE: { status: 400, en: "Wrong code", ru: "Неверный код" },
  TWO_FACTOR_CODE_ALREADY_USED: {
    status: 400,
    en: "This code has already been used; wait for the next one",
    ru: "Этот код уже использован; дождитесь следующего",
  },
  TWO_FACTOR_ALREADY_ENABLED: {
    status: 409,
    en: "Two-factor sign-in is already on",
    ru: "Двухфакторный вход уже включён",
  },
  TWO_FACTOR_NOT_SET_UP: {
    status: 409,
    en: "Start the two-factor set-up first",
    ru: "Сначала начните настройку двухфакторного входа",
  },
  TWO_FACTOR_NOT_ENABLED: {
    status: 409,
    en: "Two-factor sign-in is off",
    ru: "Двухфакторный вход выключен",
  },
  TWO_FACTOR_SETUP_REQUIRED: {
    status: 403,
    en: "Set up two-factor sign-in to open the admin area",
    ru: "Чтобы открыть админ-панель, настройте двухфакторный вход",
  },
  ADMIN_CANNOT_DISABLE_TWO_FACTOR: {
    status: 403,
    en: "Admins must keep two-factor sign-in on",
    ru: "Администраторы не могут отключить двухфакторный вход",
  },
  // Issue 23: category editing.
  CATEGORY_NOT_EMPTY: {
    status: 409,
    en: "This category still has listings or subcategories under it",
    ru: "В этой категории ещё есть товары или подкатегории",
  },
  CATEGORY_ORDER_MISMATCH: {
    status: 400,
    en: "The new order must list exactly the categories beside each other, each once",
    ru: "Новый порядок должен перечислять ровно соседние категории, каждую по одному разу",
  },
  // Issue 25: the seller API.
  INSUFFICIENT_SCOPE: {
    status: 403,
    en: "This API token's scopes do not allow this call",
    ru: "Права этого API-токена не разрешают этот запрос",
  },
  API_TOKEN_EXPIRED: { status: 401, en: "This API token has expired", ru: "Срок действия API-токена истёк" },
  API_TOKEN_NOT_FOUND: { status: 404, en: "API token not found", ru: "API-токен не найден" },
  API_TOKEN_LIMIT_REACHED: {
    status: 409,
    en: "At most {max} API tokens: revoke one first",
    ru: "Не больше {max} API-токенов: сначала отзовите один из них",
  },
  WEBHOOK_NOT_FOUND: { status: 404, en: "Webhook not found", ru: "Вебхук не найден" },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, en: "Webhook delivery not found", ru: "Доставка вебхука не найдена" },
  WEBHOOK_LIMIT_REACHED: {
    status: 409,
    en: "At most {max} webhooks: delete one first",
    ru: "Не больше {max} вебхуков: сначала удалите один из них",
  },
  WEBHOOK_URL_NOT_ALLOWED: {
    status: 400,
    en: "Webhooks go only to a public https:// address",
    ru: "Вебхуки отправляются только на публичный адрес https://",
  },
} as const satisfies Record<string, { status: number; en: string; ru: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export type Locale = "en" | "ru";
export type ErrorParams = Record<string, string | number>;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorCatalogue, value);
}

export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/** The text for a code in a language, with `{name}` placeholders filled (unknown placeholders stay visible). */
export function errorText(code: ErrorCode, locale: Locale, params: ErrorParams = {}): string {
  return fillPlaceholders(errorCatalogue[code][locale], params);
}

export function fillPlaceholders(template: string, params: ErrorParams): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}
