// ISO 8601 durations (PT5S, PT1.5S, P1DT2H) as milliseconds, for the waits' `within`. The clock's own
// durations are never parsed here: the sandbox reads them, with its own rules.
const DURATION = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export function milliseconds(duration: string): number {
  const found = DURATION.exec(duration);
  if (!found || duration === "P" || duration.endsWith("T")) {
    throw new RangeError(`${duration} is not an ISO 8601 duration such as PT5S or PT1M`);
  }
  const [, days, hours, minutes, seconds] = found.map((part) => Number(part ?? 0));
  return Math.round(((days * 24 + hours) * 60 + minutes) * 60_000 + seconds * 1000);
}
