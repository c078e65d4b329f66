import { useId, type ReactNode } from 'react';

/** The ids that tie a control to its hint and error text, for screen readers. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { inputId, errorId, hintId, describedBy, invalid: error ? true : undefined };
}

/** The hint and the error text under a control. */
export function FieldNotes({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId: string; error?: string | undefined; errorId: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export const fieldClass = (base: string, className: string | undefined) => [base, className].filter(Boolean).join(' ');
