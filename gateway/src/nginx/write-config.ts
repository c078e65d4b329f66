// `npm run nginx:config`: writes gateway/nginx/hamlog.conf, the front door of docker-compose.yml
// (nginx's conf.d), from command-api's routers. A test fails when the committed file is not what
// this writes, so a new command route cannot be left on the read side.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nginxSiteConfig } from './nginx-config';

/** docker-compose.yml's services: each name resolves to every replica's address. */
export const COMPOSE_FRONT_DOOR = { listen: 8080, commandApi: ['command-api:8081'], queryApi: ['query-api:8082'] };
export const COMPOSE_CONFIG_FILE = fileURLToPath(new URL('../../nginx/hamlog.conf', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(COMPOSE_CONFIG_FILE, nginxSiteConfig(COMPOSE_FRONT_DOOR));
  console.log(`written: ${COMPOSE_CONFIG_FILE}`);
}
