/**
 * Datetimes as DRF renders them: Python isoformat in the key owner's profile
 * timezone, microseconds (dropped when zero, as isoformat does) and "Z" only for a zero offset.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes east of UTC of `timeZone` at instant `ms`. */
function offsetMinutes(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const localAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((localAsUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function formatDateTime(ms: number, timeZone: string): string {
  const offset = offsetMinutes(ms, timeZone);
  const local = new Date(ms + offset * 60_000);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  const millis = local.getUTCMilliseconds();
  const fraction = millis === 0 ? '' : `.${pad(millis * 1000, 6)}`;
  const sign = offset < 0 ? '-' : '+';
  const zone = offset === 0 ? 'Z' : `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${date}T${time}${fraction}${zone}`;
}
