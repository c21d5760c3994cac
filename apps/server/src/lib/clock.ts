/** The time source. Injected (buildApp deps) so tests can move time for expiry and rate limits. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
