import { useId } from 'react';
import { CAT_LINK_UNAVAILABLE } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';

/** 'Use CAT link to {rig}' when the rig reports a frequency, else 'CAT Link Unavailable' with what is needed. */
export function CatLinkToggle({
  label,
  checked,
  onChange,
}: {
  /** null when no rig is linked. */
  label: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  if (label === null) {
    return (
      <div className="cat-link cat-link-unavailable">
        <p className="cat-link-title">{CAT_LINK_UNAVAILABLE}</p>
        <p className="field-hint">{MESSAGES.catHelp}</p>
      </div>
    );
  }
  return (
    <div className="cat-link">
      <input id={id} type="checkbox" name="cat_link" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
