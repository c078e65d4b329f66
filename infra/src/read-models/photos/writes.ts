import type { ClientBase } from 'pg';

export interface PhotoRowInput {
  photoId: string;
  userId: string;
  fileName: string;
  thumbnailName: string;
  format: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: string;
  position: number;
}

export async function upsertPhoto(client: ClientBase, p: PhotoRowInput): Promise<void> {
  await client.query(
    `INSERT INTO rm_photos (photo_id, user_id, file_name, thumbnail_name, format, bytes, width, height, created_at, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (photo_id) DO UPDATE SET file_name = EXCLUDED.file_name, thumbnail_name = EXCLUDED.thumbnail_name,
       format = EXCLUDED.format, bytes = EXCLUDED.bytes, width = EXCLUDED.width, height = EXCLUDED.height, created_at = EXCLUDED.created_at,
       position = EXCLUDED.position`,
    [p.photoId, p.userId, p.fileName, p.thumbnailName, p.format, p.bytes, p.width, p.height, p.createdAt, p.position],
  );
}

export async function deletePhoto(client: ClientBase, userId: string, photoId: string): Promise<void> {
  await client.query('DELETE FROM rm_photos WHERE photo_id = $1 AND user_id = $2', [photoId, userId]);
}

export async function setDefaultPhoto(client: ClientBase, d: { userId: string; photoId: string; fileName: string }): Promise<void> {
  await client.query(
    `INSERT INTO rm_default_photos (user_id, photo_id, file_name) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET photo_id = EXCLUDED.photo_id, file_name = EXCLUDED.file_name`,
    [d.userId, d.photoId, d.fileName],
  );
}

export async function clearDefaultPhoto(client: ClientBase, userId: string): Promise<void> {
  await client.query('DELETE FROM rm_default_photos WHERE user_id = $1', [userId]);
}
