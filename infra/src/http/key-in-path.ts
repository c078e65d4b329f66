/** The Cloudlog calls that carry the API key in the path (auth/{key} ...). */
const KEY_IN_PATH = /^((?:\/api)?\/(?:auth|check_auth|station_info|statistics)\/)[^/]+/;

/** A path as logs may keep it: an API key in it (Cloudlog's auth/{key} ...) replaced by '***'. */
export function pathWithoutKey(path: string): string {
  return path.replace(KEY_IN_PATH, '$1***');
}
