import { checkLoginForm, type LoginFormCheck, type LoginRequest } from '@atelier/contract';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

type Field = keyof LoginRequest;

/**
 * The sign-in form's state, checked with loginRequestSchema's rules and messages
 * (checkLoginForm) on submit and, once submitted, on every change. No form library and no zod:
 * /login's first JS stays under its budget (issue #19).
 */
export function useLoginForm(defaults: LoginRequest, submit: (values: LoginRequest) => Promise<void>) {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<LoginFormCheck['errors']>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const field = (name: Field) => ({
    name,
    value: values[name],
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted) setErrors(checkLoginForm(next).errors);
    },
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const check = checkLoginForm(values);
    setErrors(check.errors);
    const invalid = (['email', 'password'] as const).find((name) => check.errors[name]);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await submit(check.values);
    } finally {
      setSubmitting(false);
    }
  };

  return { field, errors, isSubmitting, onSubmit };
}
