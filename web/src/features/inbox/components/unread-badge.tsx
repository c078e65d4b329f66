/** The unread count on the notifications icon; nothing at all when there is none. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="badge badge-count" aria-label={`${count} unread`}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
