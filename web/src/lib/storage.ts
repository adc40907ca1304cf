/** localStorage that may be missing (private mode, tests): reads answer null, writes do nothing. */
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readString(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The parsed JSON stored under key, or null when absent or corrupt. */
export function readJson(key: string): unknown {
  const text = readString(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Stores value as JSON, or removes the key when value is null or undefined. */
export function writeJson(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the app keeps working from memory.
  }
}

/** Stores text as is, or removes the key when value is null. */
export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // As writeJson.
  }
}
