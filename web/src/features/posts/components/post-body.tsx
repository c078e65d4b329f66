import { Fragment } from 'react';
import { postBodyLines } from '@hamlog/domain/posts/display';

/**
 * A post's body by the display rules (domain posts/display.ts): each segment is a text node or a
 * link built here, lines are joined with <br>; nothing the author wrote is ever parsed as markup.
 */
export function PostBody({ body }: { body: string }) {
  const lines = postBodyLines(body);
  if (lines.length === 0) return null;
  return (
    <div className="post-body">
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line.map((segment, j) =>
            segment.kind === 'link' ? (
              <a key={j} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc">
                {segment.text}
              </a>
            ) : (
              <Fragment key={j}>{segment.text}</Fragment>
            ),
          )}
        </Fragment>
      ))}
    </div>
  );
}
