import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Whether a path that matched no file or route is one of the web app's pages, answered with its HTML.
 * Not an API path, not a file (the last segment has no extension: `/package.json`, `/server/app.ts`),
 * and no segment starting with a dot (`/.env`, `/.git/config`): those answer 404, so a scanner
 * looking for a leaked file is told there is none instead of getting the shop with a 200.
 */
export function isAppPagePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (decoded.startsWith('/api/') || path.posix.extname(decoded)) return false;
  return !decoded.split(/[/\\]/).some((segment) => segment.startsWith('.'));
}

/** Whether a page path belongs to the back office, a build of its own beside the shop's. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * Serves the built web apps: hashed assets cached for a year, index.html never cached, and every
 * other page path answered with its app's index.html so the client router can take over (SPA
 * fallback): the back office's under /admin (built into `admin` beside the shop's `root`), the shop's
 * elsewhere. API paths, files and dot paths (`isAppPagePath`) that match nothing answer a JSON 404.
 */
export const webApp = fp(
  async (app: FastifyInstance, { root, imagesDir }: { root: string; imagesDir: string }) => {
    // Product pictures (/images/products/) are answered by the media module, which draws a missing
    // one on demand; this serves everything else under /images/.
    await app.register(fastifyStatic, {
      root: imagesDir,
      prefix: '/images/',
      decorateReply: false,
      setHeaders: (res) => res.header('Cache-Control', IMMUTABLE),
    });

    const setHeaders = (res: { header(name: string, value: string): unknown }, filePath: string) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', isHashedAsset ? IMMUTABLE : 'no-cache');
    };
    const adminRoot = path.join(root, '..', 'admin');
    const hasBuild = existsSync(path.join(root, 'index.html'));
    const hasAdminBuild = hasBuild && existsSync(path.join(adminRoot, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, { root, wildcard: false, index: false, setHeaders });
    } else {
      app.log.warn({ root }, 'web app not built; run `npm run build` to serve the shop');
    }
    if (hasAdminBuild) {
      await app.register(fastifyStatic, {
        root: adminRoot,
        prefix: '/admin/',
        wildcard: false,
        index: false,
        decorateReply: false,
        setHeaders,
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const admin = isAdminPath(pathname);
      const isPage =
        (admin ? hasAdminBuild : hasBuild) && request.method === 'GET' && isAppPagePath(pathname);
      if (!isPage) {
        return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
      }
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', admin ? adminRoot : root);
    });
  },
);
