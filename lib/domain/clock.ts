/**
 * What time it is, passed in rather than read, so time-bound rules (a download link's hour) can be
 * tested by moving the clock instead of waiting. Production code uses systemClock.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
