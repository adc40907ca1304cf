/** The time, as a policy passed to buildApp: tests move it to expire tokens and links. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
