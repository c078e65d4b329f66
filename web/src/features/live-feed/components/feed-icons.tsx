/** The user cards' small pictures, named for screen readers where they carry meaning. */
const PATHS = {
  camera: 'M3 7.5h11.5v9H3zM14.5 10.5 21 7v10l-6.5-3.5',
  shield: 'M12 3 4.5 6v5.5c0 4.3 3.2 8.2 7.5 9.5 4.3-1.3 7.5-5.2 7.5-9.5V6Zm-3 9 2.2 2.2L15.5 10',
  check: 'm5 12.5 4.5 4.5L19 7.5',
} as const;

export function FeedIcon({ name, label }: { name: keyof typeof PATHS; label?: string }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {label ? <title>{label}</title> : null}
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
