import { z } from "zod";
import type { Locale } from "../errors/error-catalogue.js";

/**
 * Field messages the contract's schemas and the server's rules write, in both languages. Schemas keep writing
 * the English text (so a parse anywhere reads well without this module); `{name}` stands for a number or a word
 * the message was built with, carried over to the other language as is. `{name:form|form…}` is the word the
 * number `name` counts, in the language's plural forms as Intl.PluralRules orders them (one|other in English,
 * one|few|many in Russian): "1 символа", "5 символов".
 */
export const validationMessages = {
  atLeast: { en: "At least {min}", ru: "Не меньше {min}" },
  atLeastCharacters: {
    en: "At least {min} {min:character|characters}",
    ru: "Не короче {min} {min:символа|символов|символов}",
  },
  atLeastDays: { en: "At least {min} {min:day|days}", ru: "Не меньше {min} {min:дня|дней|дней}" },
  atLeastRoubles: { en: "At least {min} ₽", ru: "Не меньше {min} ₽" },
  atMost: { en: "At most {max}", ru: "Не больше {max}" },
  atMostCharacters: {
    en: "At most {max} {max:character|characters}",
    ru: "Не длиннее {max} {max:символа|символов|символов}",
  },
  atMostDays: { en: "At most {max} {max:day|days}", ru: "Не больше {max} {max:дня|дней|дней}" },
  atMostRoubles: { en: "At most {max} ₽", ru: "Не больше {max} ₽" },
  atMostEitherWay: { en: "At most {max} either way", ru: "Не больше {max} в любую сторону" },
  atMostPerChange: { en: "At most {max} per change", ru: "Не больше {max} за одно изменение" },
  atMostUnitsAtATime: {
    en: "At most {max} {max:unit|units} at a time",
    ru: "Не больше {max} {max:единицы|единиц|единиц} за раз",
  },
  balanceHoldsAtMost: { en: "A balance holds at most {max}", ru: "На балансе может быть не больше {max}" },
  atMostTwoDecimals: { en: "At most two decimals", ru: "Не больше двух знаков после запятой" },
  aboveZero: { en: "Above 0", ru: "Больше 0" },
  cannotBeNegative: { en: "Cannot be negative", ru: "Не может быть отрицательным" },
  wholeNumber: { en: "A whole number", ru: "Целое число" },
  wholeRoublesOnly: { en: "Whole roubles only", ru: "Только целые рубли" },
  wholeNumberOfRoubles: { en: "A whole number of roubles", ru: "Целое число рублей" },
  enterWholeRoubles: { en: "Enter a whole number of roubles", ru: "Введите целое число рублей" },
  enterWholeDays: { en: "Enter a whole number of days", ru: "Введите целое число дней" },
  wholeDaysOnly: { en: "Whole days only", ru: "Только целые дни" },
  amountNotZero: { en: "The amount cannot be zero", ru: "Сумма не может быть нулевой" },
  fromOneToFiveStars: { en: "From 1 to 5 stars", ru: "От 1 до 5 звёзд" },
  exactlySixDigits: { en: "Exactly 6 digits", ru: "Ровно 6 цифр" },
  enterSearch: { en: "Enter what to search for", ru: "Введите, что искать" },
  enterPassword: { en: "Enter the password", ru: "Введите пароль" },
  passwordRule: {
    en: "At least 8 characters with upper and lower case letters, a digit and one of !@#$%^&*",
    ru: "Не короче 8 символов, с заглавной и строчной буквами, цифрой и одним из знаков !@#$%^&*",
  },
  enterUsername: { en: "Enter a username", ru: "Введите имя пользователя" },
  usernameCharacters: {
    en: "Only English letters, digits and underscore",
    ru: "Только английские буквы, цифры и подчёркивание",
  },
  enterEmail: { en: "Enter a valid e-mail address", ru: "Введите действительный адрес e-mail" },
  enterName: { en: "Enter a name", ru: "Введите название" },
  enterPrice: { en: "Enter a price", ru: "Введите цену" },
  chooseCategory: { en: "Choose a category", ru: "Выберите категорию" },
  priceRange: { en: "Must not be above max_price", ru: "Не может быть больше max_price" },
  enterQuantity: { en: "Enter the quantity you offer", ru: "Введите количество, которое вы предлагаете" },
  enterGoodsOrUnits: { en: "Enter the goods or units of stock", ru: "Введите товар или единицы запаса" },
  describeGoods: { en: "Describe what the buyer receives", ru: "Опишите, что получит покупатель" },
  unitsAreForAutomatic: {
    en: "Units of stock are for automatic delivery",
    ru: "Единицы запаса — для автоматической выдачи",
  },
  quantityIsForManual: { en: "A quantity is for manual delivery", ru: "Количество — для ручной выдачи" },
  addUnits: { en: "Add at least one unit, one per line", ru: "Добавьте хотя бы одну единицу, по одной в строке" },
  addUnitsPerLine: { en: "Add the units of stock, one per line", ru: "Добавьте единицы запаса, по одной в строке" },
  lineRepeats: { en: "Line {line} repeats line {first}", ru: "Строка {line} повторяет строку {first}" },
  lineInListing: { en: "Line {line} is already in the listing", ru: "Строка {line} уже есть в товаре" },
  lineTooLong: {
    en: "Line {line} is longer than {max} {max:character|characters}",
    ru: "Строка {line} длиннее {max} {max:символа|символов|символов}",
  },
  addImage: { en: "Add at least one image", ru: "Добавьте хотя бы одно изображение" },
  productNeedsImage: { en: "A product needs at least one image", ru: "У товара должно быть хотя бы одно изображение" },
  onlyOwnImages: {
    en: "Only images of this product can be deleted",
    ru: "Удалить можно только изображения этого товара",
  },
  imageIdList: { en: "A JSON list of image ids", ru: "JSON-список идентификаторов изображений" },
  exactlyOneImage: {
    en: 'Send exactly one image in the field "{field}"',
    ru: "Отправьте ровно одно изображение в поле «{field}»",
  },
  sendMultipart: { en: "Send the form as multipart/form-data", ru: "Отправьте форму как multipart/form-data" },
  writeFewWords: { en: "Write a few words", ru: "Напишите несколько слов" },
  writeMessage: { en: "Write a message", ru: "Напишите сообщение" },
  sayWhy: { en: "Say why", ru: "Укажите причину" },
  sayWhatIsWrong: {
    en: "Say what is wrong in at least {min} {min:character|characters}",
    ru: "Опишите, что не так, не короче {min} {min:символа|символов|символов}",
  },
  nameProduct: { en: "Name the product you report", ru: "Укажите товар, на который жалуетесь" },
  nameUser: { en: "Name the user you report", ru: "Укажите пользователя, на которого жалуетесь" },
  userReportNoProduct: { en: "A user report names no product", ru: "Жалоба на пользователя не указывает товар" },
  productReportNoUser: { en: "A product report names no user", ru: "Жалоба на товар не указывает пользователя" },
  giveOneField: { en: "Give at least one field to change", ru: "Укажите хотя бы одно поле для изменения" },
  enterRecoveryCode: { en: "Enter a recovery code", ru: "Введите резервный код" },
  enterAppOrRecoveryCode: {
    en: "Enter a code from the app or a recovery code",
    ru: "Введите код из приложения или резервный код",
  },
  enterDestination: { en: "Enter where to send the money", ru: "Укажите, куда отправить деньги" },
  cardTypo: { en: "This card number has a typo", ru: "В номере карты опечатка" },
  cardLength: { en: "A card number has 13 to 19 digits", ru: "В номере карты от 13 до 19 цифр" },
  phoneFormat: {
    en: "A Russian mobile number: +7 9XX XXX-XX-XX",
    ru: "Российский мобильный номер: +7 9XX XXX-XX-XX",
  },
  yooMoneyWallet: {
    en: "A ЮMoney wallet number starts with 4100",
    ru: "Номер кошелька ЮMoney начинается с 4100",
  },
  chooseBank: { en: "Choose the bank from the list", ru: "Выберите банк из списка" },
  payoutIsReference: {
    en: "ЮKassa's payout is the reference here",
    ru: "Здесь ссылкой служит выплата ЮKassa",
  },
  enterPaymentReference: {
    en: "Enter the reference of the payment you made",
    ru: "Введите номер сделанного платежа",
  },
  pathOfSite: { en: "A path of this site", ru: "Путь на этом сайте" },
  pathOfSiteWithSlash: { en: "A path of this site, starting with /", ru: "Путь на этом сайте, начиная с /" },
  notACursor: { en: "Not a cursor this list gave", ru: "Этот список не выдавал такой курсор" },
  noNulCharacter: { en: "Cannot contain the character U+0000", ru: "Не может содержать символ U+0000" },
  noBrokenCharacter: {
    en: "Cannot contain a broken character (half of a UTF-16 pair)",
    ru: "Не может содержать испорченный символ (половину пары UTF-16)",
  },
  isInvalid: { en: "is invalid", ru: "неверное значение" },
  ownMediaOnly: {
    en: "Only an image uploaded here (an address starting with /media/) or nothing",
    ru: "Только изображение, загруженное сюда (адрес, начинающийся с /media/), или ничего",
  },
  chooseScope: { en: "Choose at least one scope", ru: "Выберите хотя бы одно право" },
  chooseEvent: { en: "Choose at least one event", ru: "Выберите хотя бы одно событие" },
  enterWebhookUrl: { en: "Enter an https:// address", ru: "Введите адрес https://" },
  ratingFollowsReviews: {
    en: "The rating follows from reviews and cannot be edited",
    ru: "Рейтинг складывается из отзывов, его нельзя изменить вручную",
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ValidationMessageKey = keyof typeof validationMessages;

/** The English text of a catalogued message, for a schema or a rule to write: `At most 60 characters`. */
export function validationMessage(key: ValidationMessageKey, params: Record<string, string | number> = {}): string {
  return fill(validationMessages[key].en, params, "en");
}

const placeholders = /\{(\w+)(?::([^}]+))?\}/g;

const pluralOrder: Record<Locale, Intl.LDMLPluralRule[]> = { en: ["one", "other"], ru: ["one", "few", "many"] };

function fill(template: string, params: Record<string, string | number>, locale: Locale): string {
  return template.replace(placeholders, (whole, name: string, forms: string | undefined) => {
    if (!(name in params)) return whole;
    if (forms === undefined) return String(params[name]);
    const options = forms.split("|");
    const index = pluralOrder[locale].indexOf(new Intl.PluralRules(locale).select(Number(params[name])));
    // A fraction ("other" in Russian) takes the last form given.
    return options[index === -1 ? options.length - 1 : Math.min(index, options.length - 1)]!;
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Each English template as a pattern whose groups capture its plain placeholders (a word form matches any of its
 * forms), most specific (longest) first.
 */
const englishPatterns = Object.values(validationMessages)
  .map((message) => {
    const names: string[] = [];
    let source = "";
    let last = 0;
    for (const match of message.en.matchAll(placeholders)) {
      source += escapeRegExp(message.en.slice(last, match.index));
      if (match[2] === undefined) {
        names.push(match[1]!);
        source += "(\\S+?)";
      } else source += `(?:${match[2].split("|").map(escapeRegExp).join("|")})`;
      last = match.index + match[0].length;
    }
    source += escapeRegExp(message.en.slice(last));
    return { message, names, pattern: new RegExp(`^${source}$`) };
  })
  .sort((a, b) => b.message.en.length - a.message.en.length);

/** A catalogued English message in `locale`; a message the catalogue does not know stays as it is. */
export function translateValidationMessage(message: string, locale: Locale): string {
  if (locale === "en") return message;
  for (const { message: entry, names, pattern } of englishPatterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ""]));
    return fill(entry[locale], params, locale);
  }
  return message;
}

const builtInMessages: Record<Locale, z.core.$ZodErrorMap> = {
  en: z.locales.en().localeError,
  ru: z.locales.ru().localeError,
};

/**
 * A zod issue's message in `locale`. Zod's own message (no schema gave one) is rendered again by zod's locale;
 * a schema's message is translated through the catalogue. The issue must keep its input (parse with
 * `reportInput: true`), which zod's texts for a wrong type describe.
 */
export function localizedIssueMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  const raw = { ...issue } as unknown as z.core.$ZodRawIssue;
  if (issue.message === englishDefault(raw)) return builtInText(builtInMessages[locale](raw)) ?? issue.message;
  return translateValidationMessage(issue.message, locale);
}

function englishDefault(issue: z.core.$ZodRawIssue): string | undefined {
  return builtInText(builtInMessages.en(issue));
}

function builtInText(result: ReturnType<z.core.$ZodErrorMap>): string | undefined {
  return typeof result === "string" ? result : result?.message;
}
