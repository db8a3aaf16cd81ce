export * from "./errors/error-catalogue.js";
export * from "./errors/error-response.js";
export * from "./common/constants.js";
export * from "./common/password-rule.js";
export * from "./health/health.schemas.js";
