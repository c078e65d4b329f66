import { fileURLToPath } from 'node:url';

export interface SiblingModule {
  /** The module's file. */
  path: string;
  /** Its source runs under tsx (development and tests); false when the services were built to JavaScript (dist/services). */
  typescript: boolean;
}

/**
 * A module that runs in a thread or process of its own, beside the module asking for it
 * (`callerUrl`: its import.meta.url): `name`.ts beside the source, or `name`.js beside the built
 * service (the build puts every such entry next to the services' bundles).
 */
export function siblingModule(callerUrl: string, name: string): SiblingModule {
  const typescript = new URL(callerUrl).pathname.endsWith('.ts');
  return { path: fileURLToPath(new URL(`./${name}.${typescript ? 'ts' : 'js'}`, callerUrl)), typescript };
}
