/** The posts calls' answers (community.md §7): /vpost/{id}, /vpostget/{id}, /vnews, /vvideos, /vstore, /vupdate/{id}. */

export interface PostAuthor {
  name: string;
  my_callsign: string;
  profile_image_name: string;
}

export interface Post {
  id: string;
  user_id: string;
  user: PostAuthor;
  title: string;
  body: string;
  /** Not kept by this product (the original's search keywords); always ''. */
  keywords: string;
  youtube_video_id: string | null;
  /** https://www.youtube.com/watch?v={id} for a video post, else null. */
  video_url: string | null;
  /** The hero image's file name (served at /media/{name}), or null. */
  hero_image: string | null;
  hero_image_name: string | null;
  /** A smaller WebP of the hero image for cards, or null. */
  hero_thumbnail_name: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewsAnswer {
  posts: Post[];
  totalPosts: number;
}

export interface VideosAnswer {
  videos: Post[];
  totalVideos: number;
}

/** POST /vstore and /vupdate/{id}: the post's id (its page is /post/{id}). */
export interface SavePostAnswer {
  status: 'ok';
  id: string;
}

/** POST /vpostcaptcha: a challenge for the post form (captcha.ts). */
export interface PostCaptchaAnswer {
  question: string;
  token: string;
}

export const youtubeWatchUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`;
export const youtubeThumbnailUrl = (id: string): string => `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;
