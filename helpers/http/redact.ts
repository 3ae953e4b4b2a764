/**
 * Credentials never reach a report or a log. Two layers: every known secret (API keys and passwords in use) is
 * replaced wherever it appears, and the values of secret-named fields are masked whatever they hold.
 */
const secrets = new Set<string>();
export const MASK = '***';
const SECRET_FIELDS = /^(password|api_key|apiKey|token|otp)$/i;

export function registerSecret(secret: string | undefined): void {
  // Very short strings would mask ordinary text; real keys and passwords are longer.
  if (secret && secret.length >= 4) secrets.add(secret);
}

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(MASK);
  return out;
}

/** Masks secret-named fields of a parsed body or parameter object, then any known secret left in the values. */
export function redactFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactFields) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELDS.test(k) && v != null ? MASK : redactFields(v)]),
    ) as T;
  }
  return (typeof value === 'string' ? redact(value) : value) as T;
}
