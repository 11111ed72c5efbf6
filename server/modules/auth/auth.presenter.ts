import type { UserDto } from "../../../shared/api-types";
import type { UserRow } from "./auth.repository";

/** The user as the API shows it: never the password hash nor the external subject. */
export function presentUser(row: UserRow): UserDto {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    role: row.role as UserDto["role"],
  };
}
