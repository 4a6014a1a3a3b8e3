import { useState } from 'react';

type Values<K extends string> = Record<K, string>;
type Rules<K extends string> = Partial<Record<K, (value: string, values: Values<K>) => string | null>>;

/**
 * A small form state: values stay as typed whatever happens (an error never clears them), a
 * field is checked when it loses focus and every field on submit; fixing a field clears its error.
 */
export function useForm<K extends string>(initial: Values<K>, rules: Rules<K>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});

  const check = (key: K, all: Values<K>) => rules[key]?.(all[key], all) ?? null;

  const setValue = (key: K, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: check(key, next) ?? undefined }));
  };

  const blur = (key: K) => {
    if (values[key] === '') return;
    setErrors((e) => ({ ...e, [key]: check(key, values) ?? undefined }));
  };

  /** Checks every field, shows each problem under its field, and answers whether all pass. */
  const validate = (keys: K[] = Object.keys(values) as K[]): boolean => {
    const found: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const message = check(key, values);
      if (message) found[key] = message;
    }
    setErrors((e) => ({ ...e, ...Object.fromEntries(keys.map((k) => [k, found[k]])) }));
    return Object.keys(found).length === 0;
  };

  /** Props for a TextField bound to `key`. */
  const field = (key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (value: string) => setValue(key, value),
    onBlur: () => blur(key),
  });

  return { values, errors, setValue, validate, field, reset: () => setValues(initial) };
}
