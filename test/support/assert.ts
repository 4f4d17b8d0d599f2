// A few assertions for browser tests (no assertion library ships with the runner); messages show both sides.
export class AssertionError extends Error {
  override name = 'AssertionError';
}

function show(value: unknown): string {
  try {
    return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

export function ok(value: unknown, message = `expected a truthy value, got ${show(value)}`): asserts value {
  if (!value) throw new AssertionError(message);
}

export function equal<T>(actual: T, expected: T, message?: string): void {
  if (!Object.is(actual, expected))
    throw new AssertionError(message ?? `expected ${show(expected)}, got ${show(actual)}`);
}

export function notEqual<T>(actual: T, unexpected: T, message?: string): void {
  if (Object.is(actual, unexpected)) throw new AssertionError(message ?? `expected anything but ${show(unexpected)}`);
}

export function deepEqual(actual: unknown, expected: unknown, message?: string): void {
  if (show(actual) !== show(expected))
    throw new AssertionError(message ?? `expected ${show(expected)}, got ${show(actual)}`);
}

export function match(actual: string, pattern: RegExp, message?: string): void {
  if (!pattern.test(actual)) throw new AssertionError(message ?? `expected ${show(actual)} to match ${pattern}`);
}

export function includes(actual: string, part: string, message?: string): void {
  if (!actual.includes(part)) throw new AssertionError(message ?? `expected ${show(actual)} to contain ${show(part)}`);
}
