import { SOCIAL_LINKS } from '@/config/app';

/** The product's social accounts, each opening in a new tab. */
export function SocialLinks({ className, label }: { className?: string; label?: string }) {
  return (
    <ul className={className} aria-label={label}>
      {SOCIAL_LINKS.map((s) => (
        <li key={s.label}>
          <a href={s.href} target="_blank" rel="noopener noreferrer">
            {s.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
