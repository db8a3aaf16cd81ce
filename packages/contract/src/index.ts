export * from "./errors/error-catalogue.js";
export * from "./errors/error-response.js";
export * from "./common/constants.js";
export * from "./common/password-rule.js";
export * from "./health/health.schemas.js";
export * from "./users/user.schemas.js";
export * from "./users/users.schemas.js";
export * from "./auth/auth.schemas.js";
