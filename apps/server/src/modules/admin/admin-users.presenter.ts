import type { AdminUser, AdminUserPage } from "@lootlane/contract";
import type { User as UserRow } from "../../db/schema/users.js";
import { presentUser } from "../users/users.presenter.js";
import type { UserPage } from "./admin-users.service.js";

/** A page of full users (the admin sees every field of the User schema, never the password hash). */
export function presentUserPage({ rows, total, page, perPage }: UserPage): AdminUserPage {
  return { users: rows.map(presentUser), total_pages: Math.ceil(total / perPage), page, total };
}

/** One user as the admin's user view shows them: the full user and the reviews they got from linked accounts. */
export function presentAdminUser(row: UserRow, linkedAccountReviews: number): AdminUser {
  return { ...presentUser(row), linked_account_reviews: linkedAccountReviews };
}
