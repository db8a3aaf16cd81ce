import {
  ADMIN_EDIT_USERNAME_MAX,
  ADMIN_EDIT_USERNAME_MIN,
  DESCRIPTION_MAX,
  emailSchema,
  hasWholeKopecks,
  kopecksToRoubles,
  looksOfficial,
  roublesToKopecks,
  USERNAME_PATTERN,
  type AdminUpdateUserRequest,
  type User,
} from "@lootlane/contract";

/** What the admin edit form holds; the number inputs hold a string while they are empty or half typed. */
export interface UserEditValues {
  email: string;
  username: string;
  description: string;
  avatar_url: string;
  balance: number | string;
  rating: number | string;
  is_active: boolean;
  is_banned: boolean;
  has_frozen_balance: boolean;
  role: User["role"];
}

/** Keys of the `admin` namespace under userEdit, so the messages are translated where they are shown. */
export type UserEditErrorKey =
  | "emailInvalid"
  | "usernameLength"
  | "usernamePattern"
  | "usernameReserved"
  | "descriptionTooLong"
  | "balanceRequired"
  | "balanceNegativeError"
  | "balanceDecimalsError"
  | "ratingRequired"
  | "ratingNegativeError"
  | "ratingIntegerError";

export function toEditValues(user: User): UserEditValues {
  return {
    email: user.email,
    username: user.username,
    description: user.description ?? "",
    avatar_url: user.avatar_url,
    balance: user.balance,
    rating: user.rating,
    is_active: user.is_active,
    is_banned: user.is_banned,
    has_frozen_balance: user.has_frozen_balance,
    role: user.role,
  };
}

/** A number input's value as a number; null when it holds nothing readable. */
function numberOf(value: number | string): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * SPEC §5 Admin edit user: e-mail pattern, username 5–15, description ≤ 500, balance ≥ 0, rating a whole number ≥ 0.
 * Beyond the spec, the contract's e-mail rule (no invisible characters), and no renaming to a name that passes
 * for staff; a user who already has one (the seed's "admin") keeps it, since an unchanged name is not sent.
 */
export const userEditRules = {
  email: (value: string): UserEditErrorKey | null => (emailSchema.safeParse(value).success ? null : "emailInvalid"),
  username: (value: string, current?: string): UserEditErrorKey | null => {
    const name = value.trim();
    if (name.length < ADMIN_EDIT_USERNAME_MIN || name.length > ADMIN_EDIT_USERNAME_MAX) return "usernameLength";
    if (!USERNAME_PATTERN.test(name)) return "usernamePattern";
    return name !== current && looksOfficial(name) ? "usernameReserved" : null;
  },
  description: (value: string): UserEditErrorKey | null =>
    value.trim().length > DESCRIPTION_MAX ? "descriptionTooLong" : null,
  balance: (value: number | string): UserEditErrorKey | null => {
    const balance = numberOf(value);
    if (balance === null) return "balanceRequired";
    if (balance < 0) return "balanceNegativeError";
    return hasWholeKopecks(balance) ? null : "balanceDecimalsError";
  },
  rating: (value: number | string): UserEditErrorKey | null => {
    const rating = numberOf(value);
    if (rating === null) return "ratingRequired";
    if (rating < 0) return "ratingNegativeError";
    return Number.isInteger(rating) ? null : "ratingIntegerError";
  },
};

/**
 * The fields the admin changed, as PATCH /admin/user/{id} takes them (SPEC §7: only what is sent changes).
 * Texts are compared trimmed, the e-mail ignoring case (the server stores it in lower case), and an emptied
 * description is sent as null. Call it with values that passed userEditRules.
 */
export function changedFields(user: User, values: UserEditValues): AdminUpdateUserRequest {
  const changes: AdminUpdateUserRequest = {};
  const email = values.email.trim();
  if (email.toLowerCase() !== user.email.toLowerCase()) changes.email = email;
  const username = values.username.trim();
  if (username !== user.username) changes.username = username;
  const description = values.description.trim();
  if (description !== (user.description ?? "").trim()) changes.description = description === "" ? null : description;
  const avatarUrl = values.avatar_url.trim();
  if (avatarUrl !== user.avatar_url) changes.avatar_url = avatarUrl;
  const balance = numberOf(values.balance);
  // Compared in kopecks, so 0.1 + 0.2 style float noise never counts as a change.
  if (balance !== null && roublesToKopecks(balance) !== roublesToKopecks(user.balance))
    changes.balance = kopecksToRoubles(roublesToKopecks(balance));
  const rating = numberOf(values.rating);
  if (rating !== null && rating !== user.rating) changes.rating = rating;
  if (values.is_active !== user.is_active) changes.is_active = values.is_active;
  if (values.is_banned !== user.is_banned) changes.is_banned = values.is_banned;
  if (values.has_frozen_balance !== user.has_frozen_balance) changes.has_frozen_balance = values.has_frozen_balance;
  if (values.role !== user.role) changes.role = values.role;
  return changes;
}
