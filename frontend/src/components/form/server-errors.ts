// Puts a refused write's answer where the user is looking: a 400's field errors under their fields
// (what was typed is kept, focus moves to the first field in error), any other message of the server
// (403, 409, a 400 about no field of the form) at the top of the form.
import type { FormikHelpers } from 'formik';
import { ApiError } from '@/lib/api-client';

/** Formik's `status` of a form whose last submission the server refused. */
export type FormStatus = { formError?: string } | undefined;

/** The field that takes focus: MUI's Select keeps its name on a hidden input beside its combobox. */
function focusTarget(input: HTMLElement): HTMLElement {
  if (input.getAttribute('aria-hidden') === 'true' || input.tabIndex < 0) {
    return input.parentElement?.querySelector<HTMLElement>('[role="combobox"]') ?? input;
  }
  return input;
}

/**
 * Shows `error` in the form; answers false when it is not a server answer (the caller then reports it
 * as before). `form` is the form element, for focus; `fields` are the names the form shows.
 */
export function showServerErrors<V>(
  error: unknown,
  helpers: Pick<FormikHelpers<V>, 'setErrors' | 'setTouched' | 'setStatus'>,
  form: HTMLFormElement | null,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError) || error.status === 401) return false;
  const onForm = Object.entries(error.fieldErrors ?? {}).filter(([name]) => fields.includes(name));
  if (error.status === 400 && onForm.length > 0) {
    const errors = Object.fromEntries(onForm);
    helpers.setErrors(errors as Parameters<typeof helpers.setErrors>[0]);
    helpers.setTouched(
      Object.fromEntries(onForm.map(([name]) => [name, true])) as Parameters<
        typeof helpers.setTouched
      >[0],
      false,
    );
    const others = Object.entries(error.fieldErrors ?? {}).filter(
      ([name]) => !fields.includes(name),
    );
    helpers.setStatus({
      formError: others.length ? others.map(([, message]) => message).join(' ') : undefined,
    });
    const first = form
      ? Array.from(form.querySelectorAll<HTMLElement>('[name]')).find((el) =>
          onForm.some(([name]) => name === el.getAttribute('name')),
        )
      : undefined;
    // After formik has rendered the messages, so that the field is announced with its error.
    if (first) setTimeout(() => focusTarget(first).focus(), 0);
    return true;
  }
  helpers.setStatus({ formError: error.serverMessage ?? error.message });
  return true;
}
