import { useRef, useState } from 'react';

type Values<K extends string> = Record<K, string>;
type Rules<K extends string> = Partial<Record<K, (value: string, values: Values<K>) => string | null>>;

/**
 * A small form state: values stay as typed whatever happens (an error never clears them), a
 * field is checked when it loses focus and every field on submit; fixing a field clears its error.
 *
 * The handlers work on the latest values, not on those of the render that made them: React
 * replays a change typed before hydration without a render before the next event, so the next
 * field's change, a blur or the submit can be handled by a render that has not seen it (0050,
 * "a field typed before hydration lost to the next one").
 */
export function useForm<K extends string>(initial: Values<K>, rules: Rules<K>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const latest = useRef(initial);

  const check = (key: K, all: Values<K>) => rules[key]?.(all[key], all) ?? null;

  const write = (next: Values<K>) => {
    latest.current = next;
    setValues(next);
  };

  const setValue = (key: K, value: string) => {
    const next = { ...latest.current, [key]: value };
    write(next);
    setErrors((e) => (e[key] ? { ...e, [key]: check(key, next) ?? undefined } : e));
  };

  const blur = (key: K) => {
    const all = latest.current;
    if (all[key] === '') return;
    setErrors((e) => ({ ...e, [key]: check(key, all) ?? undefined }));
  };

  /**
   * Checks the fields (every one by default) and shows each problem under its field; answers the
   * values checked when all pass, or null.
   */
  const validate = (keys: K[] = Object.keys(latest.current) as K[]): Values<K> | null => {
    const all = latest.current;
    const found: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const message = check(key, all);
      if (message) found[key] = message;
    }
    setErrors((e) => ({ ...e, ...Object.fromEntries(keys.map((k) => [k, found[k]])) }));
    return Object.keys(found).length === 0 ? all : null;
  };

  /** Props for a TextField bound to `key`. */
  const field = (key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (value: string) => setValue(key, value),
    onBlur: () => blur(key),
  });

  return { values, errors, setValue, validate, field, reset: () => write(initial) };
}
