import type { AdminUserPage } from "@lootlane/contract";
import { presentUser } from "../users/users.presenter.js";
import type { UserPage } from "./admin-users.service.js";

/** A page of full users (the admin sees every field of the User schema, never the password hash). */
export function presentUserPage({ rows, total, page, perPage }: UserPage): AdminUserPage {
  return { users: rows.map(presentUser), total_pages: Math.ceil(total / perPage), page, total };
}
