import { Field, type FieldProps } from './field';

type CallsignFieldProps = Omit<FieldProps, 'label' | 'onChange'> & {
  /** The typed callsign, upper-cased and without spaces. */
  onCallsignChange: (callsign: string) => void;
};

/** A labelled callsign input: typed in capitals, spaces dropped, no autocomplete or spell check. */
export function CallsignField({ onCallsignChange, ...field }: CallsignFieldProps) {
  return (
    <Field
      label="Callsign"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      {...field}
      onChange={(e) => onCallsignChange(e.target.value.toUpperCase().replace(/\s+/g, ''))}
    />
  );
}
