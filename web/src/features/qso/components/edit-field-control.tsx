import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';
import type { EditField } from '../utils/edit-fields';

/** One field of the 'Edit all fields' form, as the control its type asks for, with its label, hint and error. */
export function EditFieldControl({ field, value, error, onChange }: { field: EditField; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const common = {
    name: field.name,
    label: field.label,
    value,
    error,
    hint: field.hint,
    onChange: (e: { target: { value: string } }) => onChange(field.upper ? e.target.value.toUpperCase() : e.target.value),
  };
  switch (field.control) {
    case 'select':
      return <SelectField {...common} options={field.options ?? []} />;
    case 'textarea':
      return <TextareaField {...common} className="field-wide" rows={4} maxLength={field.maxLength} />;
    case 'date':
      return <Field {...common} type="date" />;
    case 'datetime':
      return <Field {...common} type="datetime-local" step={1} required />;
    case 'text':
      return (
        <Field
          {...common}
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize={field.upper ? 'characters' : undefined}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
        />
      );
  }
}
