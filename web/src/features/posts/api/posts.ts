import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { NewsAnswer, Post, PostCaptchaAnswer, SavePostAnswer, VideosAnswer } from '@hamlog/domain/posts/api';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';

export type { Post };

export const POSTS_ROOT = 'posts';

/**
 * GET /vnews?page&size: a page of posts, newest first, and how many there are. The server takes the
 * specification's POST too; a GET is the same answer, and a visitor's is served ahead of express.
 */
export function getNews(page: number, size: number): Promise<NewsAnswer> {
  return api.get<NewsAnswer>(`/vnews?page=${page}&size=${size}`, { auth: false });
}

/** GET /vvideos?page&size: a page of the posts with a YouTube video. */
export function getVideos(page: number, size: number): Promise<VideosAnswer> {
  return api.get<VideosAnswer>(`/vvideos?page=${page}&size=${size}`, { auth: false });
}

/** POST /vpost/{id}: one post with its author. */
export function getPost(id: string): Promise<Post> {
  return api.post<Post>(`/vpost/${encodeURIComponent(id)}`, undefined, { auth: false });
}

export function useNews(page: number, size: number) {
  return useQuery({ queryKey: [POSTS_ROOT, 'news', page, size], queryFn: () => getNews(page, size), placeholderData: keepPreviousData });
}

export function useVideos(page: number, size: number) {
  return useQuery({ queryKey: [POSTS_ROOT, 'videos', page, size], queryFn: () => getVideos(page, size), placeholderData: keepPreviousData });
}

export const postQueryOptions = (id: string) => queryOptions({ queryKey: [POSTS_ROOT, 'post', id], queryFn: () => getPost(id), retry: false });

export function usePost(id: string | null) {
  return useQuery({ ...postQueryOptions(id ?? ''), enabled: id !== null && id !== '' });
}

/** POST /vpostcaptcha: a new 'What is X + Y?' for the form (the server checks the answer). */
export function useCaptcha() {
  return useQuery({
    queryKey: [POSTS_ROOT, 'captcha'],
    queryFn: () => api.post<PostCaptchaAnswer>('/vpostcaptcha'),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export interface SavePostInput {
  /** null: publish a new post; else update this one. */
  id: string | null;
  title: string;
  body: string;
  youtubeVideoId: string;
  image: File | null;
  /** The current image kept on an update (no new file chosen). */
  keptImageName: string | null;
  captchaToken: string;
  captchaAnswer: string;
  /** One id per press of Publish: a retry of the same press is the same post. */
  requestId: string;
}

/** POST /vstore or /vupdate/{id}, multipart: title, body, youtube_video_id, hero_image or hero_image_name. */
export function savePost(input: SavePostInput): Promise<SavePostAnswer> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('body', input.body);
  form.append('youtube_video_id', input.youtubeVideoId);
  if (input.image) form.append('hero_image', input.image, input.image.name);
  else if (input.keptImageName) form.append('hero_image_name', input.keptImageName);
  form.append('captcha_token', input.captchaToken);
  form.append('captcha_answer', input.captchaAnswer);
  if (input.id === null) form.append('request_id', input.requestId);
  return api.upload<SavePostAnswer>(input.id === null ? '/vstore' : `/vupdate/${encodeURIComponent(input.id)}`, form);
}

export function useSavePost() {
  return useMutation({
    mutationFn: savePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [POSTS_ROOT] }),
  });
}
