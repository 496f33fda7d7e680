import { useCallback, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';

export type FormValues = Record<string, string>;
export type FormErrors<T extends FormValues> = Partial<Record<keyof T & string, string>>;

interface UseFormOptions<T extends FormValues> {
  initialValues: T;
  /** client-side rules, returning the spec's message per invalid field */
  validate: (values: T) => FormErrors<T>;
}

/**
 * Small form state for MUI TextFields: client errors show once a field changed or the form was submitted;
 * server errors (set with setServerErrors) show until the field changes. Submitting with errors focuses the
 * first invalid field.
 */
export function useForm<T extends FormValues>({ initialValues, validate }: UseFormOptions<T>) {
  const [values, setValues] = useState<T>(initialValues);
  const [dirty, setDirty] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors<T>>({});
  const [submitting, setSubmitting] = useState(false);

  const clientErrors = useMemo(() => validate(values), [validate, values]);

  const errorOf = useCallback(
    (name: keyof T & string): string | undefined =>
      serverErrors[name] ?? (submitted || dirty[name] ? clientErrors[name] : undefined),
    [clientErrors, dirty, serverErrors, submitted],
  );

  const setValue = useCallback((name: keyof T & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setDirty((current) => (current[name] ? current : { ...current, [name]: true }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  /** props for a TextField: name, value, onChange, error, helperText */
  const field = (name: keyof T & string, helper = ' ') => {
    const error = errorOf(name);
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValue(name, event.target.value),
      error: !!error,
      helperText: error ?? helper,
    };
  };

  const handleSubmit = (onValid: (values: T) => unknown) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setSubmitted(true);
    setServerErrors({});
    const invalid = Object.keys(clientErrors).find((name) => clientErrors[name as keyof T & string]);
    if (invalid) {
      const element = form.elements.namedItem(invalid);
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(values);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = useCallback(
    (next: T = initialValues) => {
      setValues(next);
      setDirty({});
      setSubmitted(false);
      setServerErrors({});
    },
    [initialValues],
  );

  return { values, setValue, field, errorOf, handleSubmit, setServerErrors, submitting, reset };
}
