/**
 * The time source of rules that depend on time (token and code lifetimes, rate-limit windows). Injected through
 * buildApp so tests can move time forward instead of waiting.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
