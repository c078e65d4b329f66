import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A checkbox that chooses QSOs; `mixed` shows it half-ticked (some of the page chosen). With
 * `children` it has a visible label, else `label` names it for screen readers.
 */
export function SelectBox({ label, checked, mixed = false, onChange, children }: { label: string; checked: boolean; mixed?: boolean; onChange: () => void; children?: ReactNode }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  const input = <input ref={box} type="checkbox" className="select-box" aria-label={children ? undefined : label} checked={checked} onChange={onChange} />;
  if (!children) return input;
  return (
    <label className="select-box-label">
      {input}
      <span>{children}</span>
    </label>
  );
}
