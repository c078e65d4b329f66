import { API_BASE } from '@/config/app';

/** An award's picture, drawn by the server at the asked width: /api/award/{id}?width=N. */
export function awardImageUrl(id: string, width: number): string {
  return `${API_BASE}/award/${encodeURIComponent(id)}?width=${Math.round(width)}`;
}
