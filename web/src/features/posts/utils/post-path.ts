import { postSlug } from '@hamlog/domain/posts/display';

/** A post's address: /post/{id}/{title as words}. */
export function postPath(post: { id: string; title: string }): string {
  const slug = postSlug(post.title);
  return slug ? `/post/${encodeURIComponent(post.id)}/${slug}` : `/post/${encodeURIComponent(post.id)}`;
}
