import {
  adminUpdateUserRequestSchema,
  kopecksToRoubles,
  roublesToKopecks,
  type AdminUpdateUserRequest,
  type User,
} from "@lootlane/contract";

/**
 * What the admin edit form holds; the balance input holds a string while it is empty or half typed. The rating
 * is not here: it follows from reviews, so the form shows it and never sends it.
 */
export interface UserEditValues {
  email: string;
  username: string;
  description: string;
  avatar_url: string;
  balance: number | string;
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
  | "balanceTooLarge";

export function toEditValues(user: User): UserEditValues {
  return {
    email: user.email,
    username: user.username,
    description: user.description ?? "",
    avatar_url: user.avatar_url,
    balance: user.balance,
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

// The server's own field rules (PATCH /admin/user/{id}), so the form refuses exactly what the server would.
const server = adminUpdateUserRequestSchema.shape;

/** The first problem zod finds with a value, by the kind of rule it broke; null when the value passes. */
function issueOf(
  field: { safeParse(value: unknown): { error?: { issues: Array<{ code: string }> } } },
  value: unknown,
) {
  return field.safeParse(value).error?.issues[0]?.code ?? null;
}

/**
 * The contract's rules for each field the form sends, as the messages the form shows. A username the user already
 * has is not checked: it is not sent (the seed's "admin" keeps a name no one may choose now).
 */
export const userEditRules = {
  email: (value: string): UserEditErrorKey | null => (issueOf(server.email, value) ? "emailInvalid" : null),
  username: (value: string, current?: string): UserEditErrorKey | null => {
    if (value.trim() === current) return null;
    const issue = issueOf(server.username, value);
    if (issue === "too_small" || issue === "too_big") return "usernameLength";
    if (issue === "invalid_format") return "usernamePattern";
    return issue ? "usernameReserved" : null;
  },
  description: (value: string): UserEditErrorKey | null =>
    issueOf(server.description, value) ? "descriptionTooLong" : null,
  balance: (value: number | string): UserEditErrorKey | null => {
    const balance = numberOf(value);
    if (balance === null) return "balanceRequired";
    const issue = issueOf(server.balance, balance);
    if (issue === "too_small") return "balanceNegativeError";
    if (issue === "too_big") return "balanceTooLarge";
    return issue ? "balanceDecimalsError" : null;
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
  if (values.is_active !== user.is_active) changes.is_active = values.is_active;
  if (values.is_banned !== user.is_banned) changes.is_banned = values.is_banned;
  if (values.has_frozen_balance !== user.has_frozen_balance) changes.has_frozen_balance = values.has_frozen_balance;
  if (values.role !== user.role) changes.role = values.role;
  return changes;
}
