import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import type { ApiResult } from '../api/apiClient.js';
import { errorsOrFallback, isSuccess, splitApiErrors, type FieldError, type FieldErrors } from './fieldErrors.js';

type FormValues = Record<string, string>;

export interface UseFormOptions<V extends FormValues, R> {
  initialValues: V;
  /** Instant client-side rules, usually the shared zod schema plus cross-field checks. */
  validate?: (values: V) => FieldErrors<keyof V & string>;
  submit: (values: V) => Promise<ApiResult<R>>;
  /** Runs after a 2xx answer; the button keeps showing progress until it settles. */
  onSuccess?: (data: R | null, values: V) => void | Promise<void>;
}

export interface FieldProps {
  name: string;
  value: string;
  error?: FieldError;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * Form state with errors where users look for them. Client-side rules show from the first
 * submit on and then follow every keystroke (not on blur: an error appearing as focus leaves
 * a field shifts the button away from under the pointer and the click is lost). Server
 * refusals go beside the field they name, the rest above the form; after a failed submit
 * focus moves to the first problem.
 */
/** Inputs whose `value` is not what the person typed: a checkbox's is "on" whether ticked or not. */
const NOT_TYPED_INTO = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image']);

export function useForm<V extends FormValues, R = unknown>(options: UseFormOptions<V, R>) {
  type Field = keyof V & string;
  const [values, setValues] = useState<V>(options.initialValues);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<Field>>({});
  const [formErrors, setFormErrors] = useState<ApiError[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const clientErrors: FieldErrors<Field> = options.validate?.(values) ?? {};
  const fieldNames = Object.keys(options.initialValues) as Field[];

  // A form drawn by the server can be typed into (or autofilled) before the app takes it over:
  // what its fields hold then becomes the form's state, so no keystroke is lost.
  useEffect(() => {
    const elements = formRef.current?.elements;
    if (!elements) return;
    const typed: Partial<Record<Field, string>> = {};
    for (const name of fieldNames) {
      const element = elements.namedItem(name);
      const isText =
        element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !NOT_TYPED_INTO.has(element.type));
      if (isText && element.value !== options.initialValues[name]) typed[name] = element.value;
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
    // Once, as the form mounts: later keystrokes arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-alert')?.focus();
  }, [focusRequest]);

  const setValue = useCallback((name: Field, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  const errorOf = (name: Field): FieldError | undefined => (attempted ? clientErrors[name] : undefined) ?? serverErrors[name];

  const field = (name: Field): FieldProps => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event) => setValue(name, event.target.value),
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    setFormErrors([]);
    if (Object.values(clientErrors).some(Boolean)) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSubmitting(true);
    const result = await options.submit(values);
    if (isSuccess(result.status)) {
      await options.onSuccess?.(result.data, values);
      setSubmitting(false);
      return;
    }
    const split = splitApiErrors(result.errors, fieldNames);
    setServerErrors(split.fields);
    setFormErrors(Object.keys(split.fields).length > 0 ? split.form : errorsOrFallback(split.form, result.status));
    setSubmitting(false);
    setFocusRequest((n) => n + 1);
  };

  const reset = (next: V = options.initialValues) => {
    setValues(next);
    setAttempted(false);
    setServerErrors({});
    setFormErrors([]);
  };

  return { values, setValue, field, formErrors, submitting, handleSubmit, reset, formRef };
}
