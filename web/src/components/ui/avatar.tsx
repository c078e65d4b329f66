import { mediaUrl } from '@/lib/media';

/** A station's picture, or its callsign's first two characters when it has none. */
export function Avatar({
  imageName,
  callsign,
  size = 'small',
}: {
  imageName?: string | null | undefined;
  callsign: string;
  size?: 'small' | 'large';
}) {
  const src = mediaUrl(imageName);
  const className = `avatar avatar-${size}`;
  if (src) return <img className={className} src={src} alt="" loading="lazy" />;
  return (
    <span className={className} aria-hidden="true">
      {callsign.slice(0, 2).toUpperCase()}
    </span>
  );
}
